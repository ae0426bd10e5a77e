/// Percent-encoding of query components per RFC 3986: everything but the unreserved characters
/// (`A–Z a–z 0–9 - . _ ~`) is encoded, so `+`, `&`, `=`, `,` and `/` inside values are safe.
enum PercentEncoding {
    static func encode(_ text: String) -> String {
        // Most IDs need no escape: return them as they are, without building a new string.
        if text.utf8.allSatisfy(isUnreserved) { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0x0F))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
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

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? nibble + 48 : nibble + 55
    }
}
