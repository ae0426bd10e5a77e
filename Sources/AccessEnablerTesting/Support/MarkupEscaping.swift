/// Escaping for the XML and HTML the emulator writes.
enum MarkupEscaping {
    /// Escapes `&`, `<`, `>`, `"` and `'` for text and attribute values.
    static func escape(_ text: String) -> String {
        guard text.contains(where: { "&<>\"'".contains($0) }) else { return text }
        var output = ""
        output.reserveCapacity(text.count + 16)
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.append(character)
            }
        }
        return output
    }

    /// An XML element `<name>text</name>` with the text escaped.
    static func element(_ name: String, _ text: String) -> String {
        "<\(name)>\(escape(text))</\(name)>"
    }
}
