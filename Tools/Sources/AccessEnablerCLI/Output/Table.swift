/// A plain-text table with aligned columns.
///
/// Cells are laid out escaped (``TerminalText``), line feeds included: the escapes ``Console``
/// would add later would otherwise push the columns out of line, and a cell is one line.
struct Table: Sendable {
    /// The column headings.
    var headers: [String]
    /// The rows, one string per column.
    var rows: [[String]] = []

    /// The headings, a rule, and the rows.
    func render() -> String {
        let (headers, rows) = escapedCells
        let widths = Self.columnWidths(of: [headers] + rows)
        let rule = widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")
        return ([line(headers, widths: widths), rule] + rows.map { line($0, widths: widths) }).joined(separator: "\n")
    }

    /// The rows alone, aligned, indented by two spaces (for key–value lists).
    func renderBody() -> String {
        let rows = escapedCells.rows
        let widths = Self.columnWidths(of: rows)
        return rows.map { "  " + line($0, widths: widths) }.joined(separator: "\n")
    }

    private var escapedCells: (headers: [String], rows: [[String]]) {
        let escape = { (cells: [String]) in cells.map { TerminalText.escaped($0, keepingLineFeeds: false) } }
        return (escape(headers), rows.map(escape))
    }

    private static func columnWidths(of lines: [[String]]) -> [Int] {
        let columns = lines.map(\.count).max() ?? 0
        return (0..<columns).map { column in
            lines.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
    }

    /// One line: cells padded to their column's width, without trailing spaces (an empty last cell).
    private func line(_ cells: [String], widths: [Int]) -> String {
        var text = cells.enumerated().map { index, cell in
            index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
        }.joined(separator: "  ")
        while text.last == " " { text.removeLast() }
        return text
    }
}
