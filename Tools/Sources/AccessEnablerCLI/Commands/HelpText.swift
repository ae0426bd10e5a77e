/// Pieces of help text the commands share. ArgumentParser wraps discussions at the terminal's
/// width (80 columns when the output is not a terminal) without indenting the wrapped part, so
/// every line here is laid out to fit in 78.
enum HelpText {
    /// The width the help text is laid out for.
    static let width = 78

    /// The title of the connection options' group, shown after the command's own options.
    static let connectionOptions = "Connection options"
    /// The title of `--json` and `--verbose`.
    static let outputOptions = "Output options"

    /// An EXAMPLES section: each example is a comment line (`# …`) or a command.
    static func examples(_ lines: [String]) -> String {
        "EXAMPLES:\n" + lines.map { "  " + $0 }.joined(separator: "\n")
    }

    /// A titled list of terms and their meanings, the meanings wrapped with a hanging indent.
    static func definitions(_ title: String, _ items: [(term: String, meaning: String)]) -> String {
        let termWidth = min(items.map(\.term.count).max() ?? 0, 24)
        let indent = String(repeating: " ", count: 2 + termWidth + 2)
        let lines = items.map { item -> String in
            let wrapped = wrap(item.meaning, width: width - indent.count)
            let head: String
            if item.term.count > termWidth {
                head = "  " + item.term + "\n" + indent
            } else {
                head = "  " + item.term.padding(toLength: termWidth, withPad: " ", startingAt: 0) + "  "
            }
            return head + wrapped.joined(separator: "\n" + indent)
        }
        return title + "\n" + lines.joined(separator: "\n")
    }

    /// `text` broken at spaces into lines of at most `width` characters (a longer word stays whole).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The line that says where the connection options can come from.
    static let connectionFromEnvironment = """
        The connection options can come from the environment instead (see \
        accessenabler --help), for example: export ACCESSENABLER_REQUESTOR=REF
        """
}
