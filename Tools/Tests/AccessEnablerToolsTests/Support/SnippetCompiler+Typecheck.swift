import Foundation

/// Type-checks the generated files with the toolchain's `swiftc` on this machine, against the
/// modules of the Tools build. (The generation itself, in `SnippetCompiler.swift`, is also compiled
/// on its own by `.ci/apple-sdk-check` for the check against Apple's SDK, so it must not use this file.)
extension SnippetCompiler {
    /// The outcome of checking one document.
    struct Result: Sendable {
        /// How many snippets were checked.
        var snippets: Int
        /// The compiler's errors (`README.md:123:5: error: …`), empty when every snippet compiles.
        var errors: [String]
        /// The generated source, for a failure message.
        var source: String
    }

    /// Type-checks `document`'s snippets.
    static func check(_ document: String) async throws -> Result {
        try await typecheck(try sources(for: document))
    }

    /// Type-checks Markdown `text` as a document named `document`.
    static func check(markdown text: String, as document: String) async throws -> Result {
        try await typecheck(sources(for: document, blocks: Documents.blocks(inText: text)))
    }

    /// Type-checks each generated file; the results summed.
    private static func typecheck(_ files: [(source: String, snippets: Int)]) async throws -> Result {
        var total = Result(snippets: 0, errors: [], source: "")
        for file in files {
            let result = try await typecheck(file.source, snippets: file.snippets)
            total.snippets += result.snippets
            total.errors += result.errors
            total.source += result.source
        }
        return total
    }

    /// Type-checks a generated source holding `count` snippets.
    private static func typecheck(_ source: String, snippets count: Int) async throws -> Result {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("accessenabler-snippets-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Snippets.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let modules = ToolLocator.executable.deletingLastPathComponent().appendingPathComponent("Modules")
        let process = try LiveProcess(
            arguments: [
                "swiftc", "-typecheck", "-parse-as-library", "-swift-version", "6", "-I", modules.path,
                "-module-cache-path", folder.appendingPathComponent("cache").path, file.path,
            ],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        process.closeInput()
        let result = await process.finish(timeout: .seconds(300))
        let errors = result.stderr.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
        if result.status != 0, errors.isEmpty {
            return Result(
                snippets: count, errors: ["swiftc exited with \(result.status): \(result.stderr)"], source: source)
        }
        return Result(snippets: count, errors: errors, source: source)
    }
}
