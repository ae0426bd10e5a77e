/// A plain-text table with aligned columns.
struct Table: Sendable {
    /// The column headings.
    var headers: [String]
    /// The rows, one string per column.
    var rows: [[String]] = []

    /// The headings, a rule, and the rows.
    func render() -> String {
        let widths = columnWidths(includingHeaders: true)
        let rule = widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")
        return ([line(headers, widths: widths), rule] + rows.map { line($0, widths: widths) }).joined(separator: "\n")
    }

    /// The rows alone, aligned, indented by two spaces (for key–value lists).
    func renderBody() -> String {
        let widths = columnWidths(includingHeaders: false)
        return rows.map { "  " + line($0, widths: widths) }.joined(separator: "\n")
    }

    private func columnWidths(includingHeaders: Bool) -> [Int] {
        let columns = max(headers.count, rows.map(\.count).max() ?? 0)
        return (0..<columns).map { column in
            let cells = (includingHeaders ? [headers] : []) + rows
            return cells.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
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
