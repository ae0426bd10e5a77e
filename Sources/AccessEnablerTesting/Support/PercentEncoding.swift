import Foundation

/// RFC 3986 percent-encoding and decoding, done by hand so that the emulator sees exactly what
/// was on the wire.
enum PercentEncoding {
    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Encodes everything but the RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`).
    static func encode(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes `%XX` escapes; with `plusAsSpace`, `+` becomes a space (form and servlet query
    /// semantics). Malformed escapes are kept as they are.
    static func decode(_ text: Substring, plusAsSpace: Bool = true) -> String {
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

    static func decode(_ text: String, plusAsSpace: Bool = true) -> String {
        decode(text[...], plusAsSpace: plusAsSpace)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
