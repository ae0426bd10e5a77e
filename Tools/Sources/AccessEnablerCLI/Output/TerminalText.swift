/// Text made safe for a terminal: the characters a terminal acts on instead of showing — C0
/// control characters, DEL, C1 controls (some terminals read U+009B as an escape sequence),
/// bidirectional overrides and isolates, line and paragraph separators — are replaced by a
/// visible escape.
///
/// Servers choose much of what the tool prints (MVPD and requestor names, user IDs, error
/// details); without this a name holding `ESC [ 2 J` would clear the screen, and `\r` or U+202E
/// would make a line read as something else.
enum TerminalText {
    /// `text` with every unsafe character escaped Swift-style (`\u{1B}`, `\r`, `\t`); line feeds
    /// are kept when `keepingLineFeeds` (the tool's own line structure).
    static func escaped(_ text: String, keepingLineFeeds: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0) && !(keepingLineFeeds && $0 == "\n") }) else {
            return text
        }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isUnsafe(scalar), !(keepingLineFeeds && scalar == "\n") else {
                result.append(scalar)
                continue
            }
            let escape: String
            switch scalar {
            case "\n": escape = #"\n"#
            case "\r": escape = #"\r"#
            case "\t": escape = #"\t"#
            default: escape = #"\u{"# + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
            result.append(contentsOf: escape.unicodeScalars)
        }
        return String(result)
    }

    /// A value a server chose, escaped line feeds included, for a message of several lines: it
    /// stays on its own line, so `"x\nerror: …"` cannot forge a line of the tool's own.
    static func field(_ text: String) -> String {
        escaped(text, keepingLineFeeds: false)
    }

    /// JSON text with the unsafe characters the encoder leaves raw (DEL, C1 controls,
    /// bidirectional controls, separators) written as `\uXXXX` escapes: the same JSON value, safe
    /// on a terminal. They can only occur inside strings, where the escape is valid.
    static func jsonEscaped(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { isUnsafe($0) && !isJSONWhitespace($0) }) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard isUnsafe(scalar), !isJSONWhitespace(scalar) else {
                result.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            result.append(contentsOf: (#"\u"# + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
        }
        return String(result)
    }

    /// Whether a terminal may act on `scalar` instead of showing it.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        // Arabic letter mark, LRM/RLM, embeddings and overrides, isolates.
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        // Line and paragraph separators.
        case 0x2028, 0x2029: true
        default: false
        }
    }

    /// Structural whitespace a JSON encoder writes outside strings (pretty-printed output).
    private static func isJSONWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\t" || scalar == "\r"
    }
}
