/// A start or end tag found in an HTML page, with its attributes.
struct HTMLTag: Sendable, Equatable {
    /// The lower-cased tag name, for example `form`.
    var name: String
    /// Whether this is an end tag (`</form>`).
    var isEnd: Bool
    /// The attributes: lower-cased names, values with character references decoded. An attribute
    /// without a value (`checked`) has the empty string.
    var attributes: [String: String]

    /// The attribute `name`, if present.
    subscript(attribute name: String) -> String? { attributes[name] }

    /// Every tag of `html`, in document order. Comments are skipped, and so is the content of
    /// `script` and `style` elements (it is not markup).
    static func scan(_ html: String) -> [HTMLTag] {
        var scanner = HTMLTagScanner(html)
        return scanner.tags()
    }
}
