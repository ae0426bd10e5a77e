import Foundation

/// Base64URL without padding (RFC 4648 §5), as JWS and JWK use it; and the compact JWS form
/// (RFC 7515 §7.1) built from it. The one reading of both in the package: the SDK's service
/// tokens and the emulator's issuer and check (whose encoding, and reading of a whole `String`,
/// are in `AccessEnablerTesting`).
///
/// Concrete types, not `some StringProtocol`: a `package` generic is compiled into an app both
/// unspecialized and for each type the SDK passes.
package enum Base64URL {
    /// The bytes of `text`; nil when it holds anything but the Base64URL alphabet (no padding,
    /// no spaces) or does not decode.
    package static func decode(_ text: Substring) -> [UInt8]? {
        guard isAlphabet(text), text.utf8.count % 4 != 1 else { return nil }
        var base64 = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        if base64.utf8.count % 4 != 0 { base64 += String(repeating: "=", count: 4 - base64.utf8.count % 4) }
        return Data(base64Encoded: base64).map(Array.init)
    }

    /// Whether `text` holds the Base64URL alphabet only (`A`–`Z`, `a`–`z`, `0`–`9`, `-`, `_`).
    package static func isAlphabet(_ text: Substring) -> Bool {
        text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                true
            default: false
            }
        }
    }

    /// The header, payload and signature of compact JWS `text`; nil unless it is three parts of
    /// the Base64URL alphabet separated by dots, the first two non-empty (so, sent as a header
    /// value, it carries nothing else).
    package static func compactJWSParts(_ text: String) -> (
        header: Substring, payload: Substring, signature: Substring
    )? {
        let parts = Substring(text).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty, parts.allSatisfy(isAlphabet) else { return nil }
        return (parts[0], parts[1], parts[2])
    }
}
