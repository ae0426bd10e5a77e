import Foundation

/// Runs the documents' shell examples: the ```` ```sh ```` blocks marked with a
/// `<!-- shell-example … -->` line, in the order of ``Documents/all`` and of each document, as
/// one script.
enum ShellExamples {
    /// Whether `shell` is on the `PATH`.
    static func isInstalled(_ shell: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { folder in
            FileManager.default.isExecutableFile(atPath: "\(folder)/\(shell)")
        }
    }

    /// The line that marks a shell example; it comes right before the block's opening fence.
    static let marker = "<!-- shell-example"

    /// The marked blocks of every document, joined.
    static func script() throws -> (text: String, blocks: Int) {
        let blocks = try Documents.all.flatMap { try Documents.blocks(of: $0) }.filter {
            $0.language == "sh" && $0.lineBefore.hasPrefix(marker)
        }
        return (blocks.map { $0.lines.joined(separator: "\n") }.joined(separator: "\n"), blocks.count)
    }

    /// `"<line>: …"` for each marker line of Markdown `text` that no ```` ```sh ```` block
    /// follows at once: such an example would silently not run.
    static func strayMarkers(in text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        var problems: [String] = []
        var inFence = false
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("```") { inFence.toggle() }
            guard !inFence, line.hasPrefix(marker) else { continue }
            let next = index + 1 < lines.count ? lines[index + 1] : ""
            if next.trimmingCharacters(in: .whitespaces) != "```sh" {
                problems.append("\(index + 1): a shell-example marker not right before a ```sh block")
            }
        }
        return problems
    }

    /// A port nothing listens on right now (free again once this returns: the examples' own
    /// server takes it).
    static func freePort() throws -> Int {
        let socket = try UnlistenedLoopbackSocket()
        socket.close()
        return Int(socket.port)
    }

    /// Runs the examples with `shell` in a folder of their own: the tool on the `PATH`, `HOME`
    /// and `XDG_DATA_HOME` in that folder, port 8080 replaced by a free port (so that parallel
    /// runs do not meet), and `ACCESSENABLER_EMULATOR_URL` pointing at it (the examples rely on
    /// the default, http://127.0.0.1:8080).
    static func run(with shell: String) async throws -> CLIRun {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let port = try freePort()
        let (examples, _) = try script()
        let body = examples.replacingOccurrences(of: "8080", with: String(port))
        // The runner's own lines: stop on the first failure, and never leave the server behind.
        let text = "set -e\ntrap 'kill $(jobs -p) 2>/dev/null || true' EXIT\ncd \"\(folder.url.path)\"\n" + body + "\n"
        try text.write(toFile: folder.path("examples.sh"), atomically: true, encoding: .utf8)
        let tools = ToolLocator.executable.deletingLastPathComponent().path
        let path = tools + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let process = try LiveProcess(
            arguments: [shell, folder.path("examples.sh")],
            environment: [
                "PATH": path, "HOME": folder.url.path, "XDG_DATA_HOME": folder.path("data"),
                "ACCESSENABLER_EMULATOR_URL": "http://127.0.0.1:\(port)",
            ],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        process.closeInput()
        let result = await process.finish(timeout: .seconds(120))
        return CLIRun(arguments: [shell], status: result.status, stdout: result.stdout, stderr: result.stderr)
    }
}
