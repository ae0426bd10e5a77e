import Foundation

/// Checks the relative links of Markdown documents: `[text](path)` points at a file or folder of
/// the repository, and `[text](path#heading)` or `[text](#heading)` at a heading that file has.
/// Links in fenced code blocks and code spans are not links; URLs with a scheme (`https:`,
/// `mailto:`, DocC's `doc:`) are not checked.
enum MarkdownLinks {
    /// `"<document>:<line>: <problem>"` for each relative link of `document` (relative to the
    /// root) that points at nothing.
    static func problems(in document: String) throws -> [String] {
        let text = try String(contentsOf: Documents.root.appendingPathComponent(document), encoding: .utf8)
        return problems(inText: text, document: document)
    }

    /// The problems of Markdown `text`, its links resolved as if it were `document`.
    static func problems(inText text: String, document: String) -> [String] {
        let folder = Documents.root.appendingPathComponent(document).deletingLastPathComponent()
        var problems: [String] = []
        for (line, target) in targets(in: text) where !isExternal(target) {
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let path = parts[0].removingPercentEncoding ?? parts[0]
            let heading = parts.count > 1 ? parts[1] : nil
            var headings = text
            if !path.isEmpty {
                let file = folder.appendingPathComponent(path).standardizedFileURL
                guard FileManager.default.fileExists(atPath: file.path) else {
                    problems.append("\(document):\(line): \(path) does not exist")
                    continue
                }
                // A heading is checked in Markdown files only.
                guard heading != nil, file.pathExtension == "md",
                    let content = try? String(contentsOf: file, encoding: .utf8)
                else { continue }
                headings = content
            }
            if let heading, !anchors(in: headings).contains(heading) {
                problems.append("\(document):\(line): no heading for #\(heading) in \(path.isEmpty ? document : path)")
            }
        }
        return problems
    }

    /// The link targets of `text` with their 1-based line, outside fenced blocks and code spans.
    static func targets(in text: String) -> [(line: Int, target: String)] {
        let prose = proseOnly(text)
        let expression = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)(\s+"[^"]*")?\)"#)
        let range = NSRange(prose.startIndex..., in: prose)
        return expression.matches(in: prose, range: range).compactMap { match in
            guard let whole = Range(match.range, in: prose), let target = Range(match.range(at: 1), in: prose) else {
                return nil
            }
            let line = prose[..<whole.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            return (line, String(prose[target]))
        }
    }

    /// Whether `target` has a URL scheme (`https:`, `mailto:`, `doc:`, …).
    static func isExternal(_ target: String) -> Bool {
        target.range(of: #"^[A-Za-z][A-Za-z0-9+.-]*:"#, options: .regularExpression) != nil
    }

    /// The anchors GitHub gives the headings of `text` (outside fenced blocks).
    static func anchors(in text: String) -> Set<String> {
        var anchors: Set<String> = []
        var inFence = false
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") { inFence.toggle() }
            guard !inFence, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            anchors.insert(anchor(of: title))
        }
        return anchors
    }

    /// GitHub's anchor for a heading: lowercased, every character but letters, digits, spaces,
    /// `-` and `_` dropped, spaces as `-`.
    static func anchor(of heading: String) -> String {
        let kept = heading.lowercased().unicodeScalars.filter { scalar in
            CharacterSet.alphanumerics.contains(scalar) || scalar == " " || scalar == "-" || scalar == "_"
        }
        return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
    }

    /// `text` with fenced blocks and code spans blanked (line breaks kept, so lines still count).
    private static func proseOnly(_ text: String) -> String {
        var inFence = false
        let lines = text.components(separatedBy: "\n").map { line -> String in
            if line.hasPrefix("```") {
                inFence.toggle()
                return ""
            }
            if inFence { return "" }
            return line.replacingOccurrences(of: "``[^`]*``|`[^`]*`", with: "``", options: .regularExpression)
        }
        return lines.joined(separator: "\n")
    }
}
