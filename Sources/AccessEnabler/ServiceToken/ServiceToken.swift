import Foundation

/// A service token as the app gave it: the compact JWS (`header.payload.signature`) and the
/// expiry its payload states. The SDK reads the `exp` claim only, to know when to ask again; the
/// signature is the service provider's to check.
struct ServiceToken: Sendable, Hashable {
    /// The JWS, sent as it is.
    let value: String
    /// The `exp` claim; nil when the payload states none (the token is kept until refused).
    let expires: Date?

    /// Reads `value`; nil when it is not a compact JWS: three Base64URL parts, the first two
    /// non-empty (a header value must not carry anything else).
    init?(_ value: String) {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty,
            parts.allSatisfy({ $0.utf8.allSatisfy(Self.isBase64URL) })
        else { return nil }
        self.value = value
        self.expires = Self.payload(parts[1]).flatMap(Self.expiry)
    }

    /// Whether the token can no longer be sent at `now`: its `exp` has passed, or passes within
    /// `margin` (it could expire on its way).
    func hasExpired(at now: Date, margin: TimeInterval) -> Bool {
        guard let expires else { return false }
        return expires.timeIntervalSince(now) <= margin
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    /// The decoded payload (JSON object), if it is one.
    private static func payload(_ part: Substring) -> [String: Any]? {
        var base64 = String(part.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        if base64.utf8.count % 4 != 0 { base64 += String(repeating: "=", count: 4 - base64.utf8.count % 4) }
        guard let data = Data(base64Encoded: base64) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// `exp`: NumericDate, seconds since 1970 (RFC 7519), possibly with a fraction.
    private static func expiry(_ payload: [String: Any]) -> Date? {
        guard let seconds = (payload["exp"] as? NSNumber)?.doubleValue, seconds.isFinite else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }
}
