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

/// The repository's documents: the README, the pages of `docs/` and every DocC article.
enum Documents {
    /// The repository root (this file is `Tools/Tests/AccessEnablerToolsTests/Support/…`).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The documents whose Swift snippets are compiled and whose marked shell examples run (in
    /// this order), relative to the root. Written out, so that moving text between documents is a
    /// change this list shows; ``unlisted`` finds a Markdown file that was added but not listed.
    static let all = [
        "README.md",
        "docs/apple-platforms.md",
        "docs/architecture.md",
        "docs/command-line-tool.md",
        "docs/emulator-server.md",
        "docs/performance.md",
        "docs/quality-checks.md",
        "Sources/AccessEnabler/AccessEnabler.docc/AccessEnabler.md",
        "Sources/AccessEnabler/AccessEnabler.docc/ConfigurationDefaults.md",
        "Sources/AccessEnabler/AccessEnabler.docc/GettingStarted.md",
        "Sources/AccessEnabler/AccessEnabler.docc/RESTAPIv2.md",
        "Sources/AccessEnabler/AccessEnabler.docc/Reliability.md",
        "Sources/AccessEnabler/AccessEnabler.docc/SignInOnAppleTV.md",
        "Sources/AccessEnabler/AccessEnabler.docc/SigningInOnApplePlatforms.md",
        "Sources/AccessEnabler/AccessEnabler.docc/SingleSignOnAcrossAppsAndDevices.md",
        "Sources/AccessEnabler/AccessEnabler.docc/SingleSignOnWithTheTVProvider.md",
        "Sources/AccessEnablerLegacy/AccessEnablerLegacy.docc/AccessEnablerLegacy.md",
        "Sources/AccessEnablerLegacy/AccessEnablerLegacy.docc/MigrationGuide.md",
        "Sources/AccessEnablerTesting/AccessEnablerTesting.docc/AccessEnablerTesting.md",
        "Sources/AccessEnablerTesting/AccessEnablerTesting.docc/InjectingFaults.md",
        "Sources/AccessEnablerTesting/AccessEnablerTesting.docc/MountingTheEmulator.md",
        "Sources/AccessEnablerTesting/AccessEnablerTesting.docc/TestingWithTheEmulator.md",
        "Sources/AccessEnablerTesting/AccessEnablerTesting.docc/WritingScenarios.md",
    ]

    /// The Markdown files on disk that ``all`` must list: `README.md`, every `.md` under `docs/`
    /// and every `.md` inside a `.docc` catalog under `Sources/` or `Tools/Sources/`, at any depth.
    static func onDisk() -> [String] {
        var found: [String] = []
        if FileManager.default.fileExists(atPath: root.appendingPathComponent("README.md").path) {
            found.append("README.md")
        }
        found += markdownFiles(under: "docs") { _ in true }
        for folder in ["Sources", "Tools/Sources"] {
            found += markdownFiles(under: folder) { path in
                path.split(separator: "/").contains { $0.hasSuffix(".docc") }
            }
        }
        return found.sorted()
    }

    /// The Markdown files on disk that ``all`` leaves out.
    static var unlisted: [String] {
        let listed = Set(all)
        return onDisk().filter { !listed.contains($0) }
    }

    /// The `.md` files under `folder` (relative to the root) whose path passes `include`.
    private static func markdownFiles(under folder: String, include: (String) -> Bool) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let path = "\(folder)/\(relative)"
            if relative.hasSuffix(".md"), !relative.split(separator: "/").contains(".build"), include(path) {
                files.append(path)
            }
        }
        return files
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
            blocks.append(
                MarkdownBlock(
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
