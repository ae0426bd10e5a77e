import Foundation

/// A fenced code block of a Markdown file.
struct MarkdownBlock: Sendable {
    /// The info string's first word (`swift`, `sh`, `json`, or empty).
    var language: String
    /// The lines between the fences.
    var lines: [String]
    /// The 1-based line number of the first line inside the fences.
    var firstLine: Int
    /// The line right before the opening fence (an HTML comment marks shell examples).
    var lineBefore: String
}

/// The repository's documents: the README and every DocC article.
enum Documents {
    /// The repository root (this file is `Tools/Tests/AccessEnablerToolsTests/Support/…`).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `README.md` and `Sources/*/*.docc/*.md`, relative to the root.
    static var all: [String] {
        var documents = ["README.md"]
        let sources = root.appendingPathComponent("Sources")
        let targets = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        for target in targets.sorted() {
            let catalog = sources.appendingPathComponent(target).appendingPathComponent("\(target).docc")
            let articles = (try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? []
            for article in articles.sorted() where article.hasSuffix(".md") {
                documents.append("Sources/\(target)/\(target).docc/\(article)")
            }
        }
        return documents
    }

    /// The other Markdown files of the repository.
    static let projectFiles = ["CONTRIBUTING.md", "CHANGELOG.md", "SECURITY.md", "Benchmarks/README.md"]

    /// The fenced code blocks of `document`.
    static func blocks(of document: String) throws -> [MarkdownBlock] {
        blocks(inText: try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8))
    }

    /// The fenced code blocks of Markdown `text`.
    static func blocks(inText text: String) -> [MarkdownBlock] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [MarkdownBlock] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("```") else {
                index += 1
                continue
            }
            let language = line.dropFirst(3).split(separator: " ").first.map(String.init) ?? ""
            let start = index + 1
            var end = start
            while end < lines.count, !lines[end].hasPrefix("```") { end += 1 }
            blocks.append(MarkdownBlock(
                language: language, lines: Array(lines[start..<min(end, lines.count)]), firstLine: start + 1,
                lineBefore: index > 0 ? lines[index - 1] : ""))
            index = end + 1
        }
        return blocks
    }
}

/// Checks the pipe tables of a Markdown text outside fenced code blocks.
enum MarkdownTables {
    /// `"<line>: <n> cells, the header has <m>"` for each row whose cell count differs from its
    /// table's header. A pipe counts unless it is escaped (`\|`), in code spans too, as GitHub
    /// renders them.
    static func problems(in text: String) -> [String] {
        var problems: [String] = []
        var inFence = false
        var headerCells: Int?
        for (offset, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") {
                inFence.toggle()
                continue
            }
            guard !inFence, line.hasPrefix("|") else {
                headerCells = nil
                continue
            }
            let cells = cellCount(line)
            if let header = headerCells {
                if cells != header { problems.append("\(offset + 1): \(cells) cells, the header has \(header)") }
            } else {
                headerCells = cells
            }
        }
        return problems
    }

    /// The cells of a row that starts and ends with a pipe.
    private static func cellCount(_ line: String) -> Int {
        var pipes = 0
        var escaped = false
        for character in line {
            if character == "|", !escaped { pipes += 1 }
            escaped = character == "\\" && !escaped
        }
        return max(pipes - 1, 0)
    }
}
