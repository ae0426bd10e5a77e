import Foundation

/// Base64URL without padding (RFC 4648 §5), as JWS and JWK use it.
enum Base64URL {
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        String(
            Data(bytes).base64EncodedString().compactMap { character -> Character? in
                switch character {
                case "+": "-"
                case "/": "_"
                case "=": nil
                default: character
                }
            })
    }

    /// The bytes of `text`; nil when it holds anything but the Base64URL alphabet (no padding,
    /// no spaces) or does not decode.
    static func decode(_ text: some StringProtocol) -> [UInt8]? {
        guard
            text.utf8.allSatisfy({ byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    true
                default: false
                }
            }), text.utf8.count % 4 != 1
        else { return nil }
        var base64 = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        if base64.utf8.count % 4 != 0 { base64 += String(repeating: "=", count: 4 - base64.utf8.count % 4) }
        return Data(base64Encoded: base64).map(Array.init)
    }
}
