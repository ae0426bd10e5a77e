/// Percent-encoding of query components per RFC 3986: everything but the unreserved characters
/// (`A–Z a–z 0–9 - . _ ~`) is encoded, so `+`, `&`, `=`, `,` and `/` inside values are safe.
/// Done by hand, both ways, so that the SDK sends and the emulator reads exactly what is on the
/// wire; the one implementation of both.
package enum PercentEncoding {
    package static func encode(_ text: String) -> String {
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
    package static func pathSegment(_ text: String) -> String {
        if !text.isEmpty, text.utf8.allSatisfy({ $0 == UInt8(ascii: ".") }) {
            return String(repeating: "%2E", count: text.utf8.count)
        }
        return encode(text)
    }

    /// `name=value&…`, each part encoded, in the given order.
    package static func query(_ items: [(String, String)]) -> String {
        items.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }

    /// Decodes `%XX` escapes; with `plusAsSpace`, `+` becomes a space (form and servlet query
    /// semantics). Malformed escapes are kept as they are.
    package static func decode(_ text: Substring, plusAsSpace: Bool = true) -> String {
        let utf8 = text.utf8
        guard utf8.contains(UInt8(ascii: "%")) || (plusAsSpace && utf8.contains(UInt8(ascii: "+"))) else {
            return String(text)
        }
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"),
                let first = utf8.index(index, offsetBy: 1, limitedBy: utf8.endIndex), first != utf8.endIndex,
                let second = utf8.index(first, offsetBy: 1, limitedBy: utf8.endIndex), second != utf8.endIndex,
                let high = hexValue(utf8[first]), let low = hexValue(utf8[second])
            {
                output.append(high << 4 | low)
                index = utf8.index(after: second)
                continue
            }
            output.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index = utf8.index(after: index)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// ``decode(_:plusAsSpace:)`` of a whole string.
    package static func decode(_ text: String, plusAsSpace: Bool = true) -> String {
        decode(text[...], plusAsSpace: plusAsSpace)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? nibble + 48 : nibble + 55
    }
}
