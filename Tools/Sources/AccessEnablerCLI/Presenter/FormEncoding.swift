/// `application/x-www-form-urlencoded`, as browsers write it: unreserved characters as they are,
/// a space as `+`, every other byte of the UTF-8 as `%XX`.
enum FormEncoding {
    /// `pairs` encoded as a form body or query string.
    static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    /// One name or value, escaped.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "*"):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                escaped += "+"
            default:
                escaped +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return escaped
    }
}
