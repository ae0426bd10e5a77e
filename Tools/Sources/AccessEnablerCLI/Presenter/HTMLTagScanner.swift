/// The tokenizer behind ``HTMLTag/scan(_:)``: just enough of HTML's syntax to find tags and
/// their attributes in the pages of a login flow.
struct HTMLTagScanner {
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ html: String) {
        scalars = Array(html.unicodeScalars)
    }

    mutating func tags() -> [HTMLTag] {
        var found: [HTMLTag] = []
        while let open = nextIndex(of: "<") {
            position = open + 1
            if lookingAt("!--") {
                skip(past: "-->")
                continue
            }
            if lookingAt("!") || lookingAt("?") {
                skip(past: ">")
                continue
            }
            let isEnd = peek == "/"
            if isEnd { position += 1 }
            guard let first = peek, first.properties.isAlphabetic else { continue }
            let name = readWhile { !Self.isSpace($0) && $0 != ">" && $0 != "/" }.lowercased()
            let attributes = readAttributes()
            found.append(HTMLTag(name: name, isEnd: isEnd, attributes: attributes))
            if !isEnd, name == "script" || name == "style" {
                skipRawText(until: name)
            }
        }
        return found
    }

    // MARK: Attributes

    /// Reads `name="value" name=value name` up to and past the closing `>`.
    private mutating func readAttributes() -> [String: String] {
        var attributes: [String: String] = [:]
        while position < scalars.count {
            _ = readWhile { Self.isSpace($0) || $0 == "/" }
            guard let next = peek else { break }
            if next == ">" {
                position += 1
                break
            }
            let name = readWhile { !Self.isSpace($0) && $0 != "=" && $0 != ">" && $0 != "/" }.lowercased()
            if name.isEmpty {
                position += 1
                continue
            }
            _ = readWhile(Self.isSpace)
            var value = ""
            if peek == "=" {
                position += 1
                _ = readWhile(Self.isSpace)
                if let quote = peek, quote == "\"" || quote == "'" {
                    position += 1
                    value = readWhile { $0 != quote }
                    position += 1
                } else {
                    value = readWhile { !Self.isSpace($0) && $0 != ">" }
                }
            }
            if attributes[name] == nil {
                attributes[name] = CharacterReferences.decode(value)
            }
        }
        return attributes
    }

    // MARK: Cursor

    private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private func nextIndex(of scalar: Unicode.Scalar) -> Int? {
        var index = position
        while index < scalars.count {
            if scalars[index] == scalar { return index }
            index += 1
        }
        return nil
    }

    /// Whether the text at the cursor is `text` (ASCII, case-insensitive).
    private func lookingAt(_ text: String, from start: Int? = nil) -> Bool {
        var index = start ?? position
        for expected in text.unicodeScalars {
            guard index < scalars.count, Self.lowercased(scalars[index]) == Self.lowercased(expected) else {
                return false
            }
            index += 1
        }
        return true
    }

    private mutating func skip(past text: String) {
        while position < scalars.count {
            if lookingAt(text) {
                position += text.unicodeScalars.count
                return
            }
            position += 1
        }
    }

    /// Skips the content of a `script` or `style` element, up to its end tag.
    private mutating func skipRawText(until name: String) {
        while let open = nextIndex(of: "<") {
            if lookingAt("</" + name, from: open) {
                position = open
                return
            }
            position = open + 1
        }
        position = scalars.count
    }

    private mutating func readWhile(_ accept: (Unicode.Scalar) -> Bool) -> String {
        var text = String.UnicodeScalarView()
        while position < scalars.count, accept(scalars[position]) {
            text.append(scalars[position])
            position += 1
        }
        return String(text)
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }

    private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }
}
