/// Decodes HTML character references in attribute values: the common named ones and numeric
/// ones (`&#38;`, `&#x26;`). Anything else is kept as written.
enum CharacterReferences {
    private static let named: [Substring: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    ]

    /// `text` with its character references replaced.
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let body = rest[rest.index(after: ampersand)...]
            if let semicolon = body.prefix(12).firstIndex(of: ";"),
                let replacement = replacement(for: body[..<semicolon])
            {
                result += replacement
                rest = body[body.index(after: semicolon)...]
            } else {
                result += "&"
                rest = body
            }
        }
        return result + rest
    }

    private static func replacement(for reference: Substring) -> String? {
        if let text = named[reference] { return text }
        guard reference.first == "#" else { return nil }
        let digits = reference.dropFirst()
        let value: UInt32?
        if digits.first == "x" || digits.first == "X" {
            value = UInt32(digits.dropFirst(), radix: 16)
        } else {
            value = UInt32(digits, radix: 10)
        }
        return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
}
