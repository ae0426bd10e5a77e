import Foundation

/// URLs that come from outside the SDK as text (a `Location` header, a URL a server sent, the
/// URL the legacy `handleExternalURL` receives), parsed the same way on every platform.
///
/// `URL(string:)` accepts unencoded text (a space, `|`, non-ASCII, a stray `%`) on Linux and on
/// iOS 17 / macOS 14, and returns nil for it on iOS 16 / macOS 13. Here every character a URL
/// may not hold is percent-encoded first (existing `%XX` escapes and reserved characters stay),
/// so the strictest parser accepts what the lenient ones do, with the same result.
package enum ExternalURL {
    /// The URL of `text` (surrounding whitespace trimmed), or nil when it is not one even encoded.
    package static func parse(_ text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        return URL(string: encoded(trimmed))
    }

    /// `location` resolved against `base` when relative.
    package static func resolve(_ location: String, against base: URL) -> URL? {
        let trimmed = location.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let text = encoded(trimmed)
        if let absolute = URL(string: text), absolute.scheme != nil { return absolute }
        return URL(string: text, relativeTo: base)?.absoluteURL
    }

    /// `text` with every byte outside RFC 3986's characters percent-encoded; `[` and `]` stay only
    /// in the authority (an IPv6 host), `#` only as the first fragment delimiter.
    static func encoded(_ text: String) -> String {
        let bytes = Array(text.utf8)
        if bytes.allSatisfy({
            isAllowed($0) && $0 != UInt8(ascii: "%") && $0 != UInt8(ascii: "[")
                && $0 != UInt8(ascii: "]")
        }), bytes.filter({ $0 == UInt8(ascii: "#") }).count <= 1 {
            return text
        }
        let authority = authorityRange(bytes)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var seenFragment = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "%"):
                if index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) {
                    output.append(byte)
                } else {
                    append(byte, to: &output)
                }
            case UInt8(ascii: "#"):
                if seenFragment { append(byte, to: &output) } else { output.append(byte) }
                seenFragment = true
            case UInt8(ascii: "["), UInt8(ascii: "]"):
                if authority.contains(index) { output.append(byte) } else { append(byte, to: &output) }
            default:
                if isAllowed(byte) { output.append(byte) } else { append(byte, to: &output) }
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Unreserved and reserved characters (RFC 3986 section 2).
    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~:/?#[]@!$&'()*+,;=%".utf8.contains(byte)
        }
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default:
            return false
        }
    }

    private static func append(_ byte: UInt8, to output: inout [UInt8]) {
        let digits = Array("0123456789ABCDEF".utf8)
        output.append(UInt8(ascii: "%"))
        output.append(digits[Int(byte >> 4)])
        output.append(digits[Int(byte & 0x0F)])
    }

    /// The byte offsets of the authority (`//` to the next `/`, `?` or `#`), if any.
    private static func authorityRange(_ bytes: [UInt8]) -> Range<Int> {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon + 2 < bytes.count,
            bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else {
            // A network-path reference (`//host/path`) has an authority too.
            guard bytes.count > 1, bytes[0] == UInt8(ascii: "/"), bytes[1] == UInt8(ascii: "/") else { return 0..<0 }
            let end = bytes[2...].firstIndex { "/?#".utf8.contains($0) } ?? bytes.count
            return 2..<end
        }
        let start = colon + 3
        let end = bytes[start...].firstIndex { "/?#".utf8.contains($0) } ?? bytes.count
        return start..<end
    }
}
