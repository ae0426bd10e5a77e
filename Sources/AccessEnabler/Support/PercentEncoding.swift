/// Percent-encoding of query components per RFC 3986: everything but the unreserved characters
/// (`A–Z a–z 0–9 - . _ ~`) is encoded, so `+`, `&`, `=`, `,` and `/` inside values are safe.
enum PercentEncoding {
    static func encode(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%"
                result.unicodeScalars.append(hexDigit(byte >> 4))
                result.unicodeScalars.append(hexDigit(byte & 0x0F))
            }
        }
        return result
    }

    /// One path segment: encoded as a query component, and a segment of only dots (`.`, `..`)
    /// encoded as `%2E` too, so that no ID can be normalised into another path.
    static func pathSegment(_ text: String) -> String {
        if !text.isEmpty, text.utf8.allSatisfy({ $0 == UInt8(ascii: ".") }) {
            return String(repeating: "%2E", count: text.utf8.count)
        }
        return encode(text)
    }

    /// `name=value&…`, each part encoded, in the given order.
    static func query(_ items: [(String, String)]) -> String {
        items.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }

    private static func hexDigit(_ nibble: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(nibble < 10 ? nibble + 48 : nibble + 55)
    }
}
