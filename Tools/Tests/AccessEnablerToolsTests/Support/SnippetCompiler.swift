import Foundation

/// Type-checks the Swift snippets of a document against the modules the Tools build produced.
///
/// Each ```` ```swift ```` block becomes the body of an `async throws` method of
/// `SnippetContext`, a main-actor class that is also an `EntitlementDelegate` (for `self` in the
/// legacy examples); the names a document takes for granted — the app's `presenter`, `player`,
/// `softwareStatement`, … — are declared by ``prelude``. Imports are moved to the top of the
/// file. A block with `// Before` and `// After` lines is checked part by part, except a part that
/// imports Adobe's own framework (an `import` line ending in `// Adobe's framework`): that is the
/// Objective-C SDK's code, which this package cannot compile; likewise a block or part that
/// imports an Apple-only UI framework (an `import` line ending in `// Apple-only`, a SwiftUI
/// screen), which Linux cannot compile. A block with a
/// top-level `extension` or `protocol` stays at file scope. `#sourceLocation` points every
/// diagnostic at the Markdown file and line.
enum SnippetCompiler {
    /// What the documents assume exists, standing in for the app's own code.
    static let prelude = #"""
        import AccessEnabler
        import AccessEnablerLegacy
        import AccessEnablerTesting
        import Foundation
        #if canImport(FoundationNetworking)
        import FoundationNetworking
        #endif

        let softwareStatement = "software-statement"
        let statement = "software-statement"
        let ecid = "visitor-id"
        let ids = ["news", "sports"]
        let enabler = AccessEnabler(softwareStatement: "software-statement")
        let emulator = PassEmulator()
        let presenter = SnippetPresenter()
        let player = SnippetPlayer()
        let picker = SnippetPicker()
        let webAuthenticationSession = SnippetWebAuthenticationSession()
        let webView = SnippetWebView()
        func showUpsell(_ details: String?) {}
        func showCatalogue() {}
        func showError(_ code: String) {}
        func showMessage(_ text: String) {}
        func showPicker(_ mvpds: [MVPD]) {}
        func play(_ token: MediaToken) {}
        func updateLocks(_ decisions: [Decision]) {}
        func useZip(_ value: JSONValue?, _ encrypted: Bool) {}
        func log(_ value: (any Sendable)?) {}

        typealias Presenter = SnippetPresenter

        struct SnippetPresenter: AuthenticationPresenter {
            func selectProvider(from providers: [MVPD]) async throws -> MVPD? { providers.first }
            func presentLogin(url: URL, redirectURL: URL) async throws -> URL { redirectURL }
        }
        struct SnippetPlayer: Sendable {
            func play(resource: String, mediaToken: String) {}
            func play(_ resource: String, _ mediaToken: String) {}
        }
        struct SnippetPicker: Sendable {
            func choose(_ providers: [MVPD]) async -> MVPD? { providers.first }
        }
        struct SnippetWebAuthenticationSession: Sendable {
            func start(url: URL, callbackScheme: String?) async throws -> URL { url }
        }
        struct SnippetWebView: Sendable {
            func load(_ url: String) {}
        }
        #if !canImport(UIKit)
        struct UIDevice: Sendable {
            static let current = UIDevice()
            var identifierForVendor: UUID? { UUID() }
        }
        #endif

        @MainActor final class SnippetContext: EntitlementDelegate {
            let accessEnabler = LegacyAccessEnabler("software-statement")
            var configuration = AccessEnabler.Configuration()
            func setRequestorComplete(_ status: Int32) {}
            func setAuthenticationStatus(_ status: Int32, errorCode code: String) {}
            func displayProviderDialog(_ mvpds: [MVPD]) {}
            func navigateToUrl(_ url: String) {}
            func setToken(_ token: String, forResource resource: String) {}
            func tokenRequestFailed(_ resource: String, errorCode code: String, errorDescription description: String) {}
        }

        """#

    /// The outcome of checking one document.
    struct Result: Sendable {
        /// How many snippets were checked.
        var snippets: Int
        /// The compiler's errors (`README.md:123:5: error: …`), empty when every snippet compiles.
        var errors: [String]
        /// The generated source, for a failure message.
        var source: String
    }

    /// The generated Swift file of `document`'s snippets and their number.
    static func source(for document: String) throws -> (source: String, snippets: Int) {
        source(for: document, blocks: try Documents.blocks(of: document))
    }

    /// The generated Swift file of `blocks`, with diagnostics pointing at `document`.
    static func source(for document: String, blocks: [MarkdownBlock]) -> (source: String, snippets: Int) {
        var imports: [String] = []
        var fileScope: [String] = []
        var methods: [String] = []
        var count = 0
        for block in blocks where block.language == "swift" {
            if block.lines.first(where: { !$0.isEmpty })?.hasPrefix("// swift-tools-version") == true { continue }
            for section in sections(of: block) {
                count += 1
                var body: [(line: Int, text: String)] = []
                var index = 0
                while index < section.count {
                    let (line, text) = section[index]
                    if text.hasPrefix("import ") {
                        imports.append(text)
                    } else if text.hasPrefix("#if canImport"), index + 2 < section.count,
                        section[index + 1].text.hasPrefix("import "), section[index + 2].text.hasPrefix("#endif")
                    {
                        imports += [text, section[index + 1].text, section[index + 2].text]
                        index += 2
                    } else {
                        body.append((line, text))
                    }
                    index += 1
                }
                guard let first = body.first?.line else { continue }
                let location = "#sourceLocation(file: \"\(document)\", line: \(first))"
                let lines = body.map(\.text).joined(separator: "\n")
                if body.contains(where: { $0.text.hasPrefix("extension ") || $0.text.hasPrefix("protocol ") }) {
                    fileScope.append("\(location)\n\(lines)\n#sourceLocation()")
                } else {
                    methods.append("""
                        extension SnippetContext {
                            func snippet\(count)() async throws {
                        \(location)
                        \(lines)
                        #sourceLocation()
                            }
                        }
                        """)
                }
            }
        }
        let source = ([prelude] + imports + fileScope + methods).joined(separator: "\n") + "\n"
        return (source, count)
    }

    /// A block's parts: the whole block, or each part that starts with a `// Before` or
    /// `// After` line. Lines carry their line number in the document.
    static func sections(of block: MarkdownBlock) -> [[(line: Int, text: String)]] {
        var sections: [[(line: Int, text: String)]] = [[]]
        for (offset, text) in block.lines.enumerated() {
            if text.hasPrefix("// Before") || text.hasPrefix("// After"), !(sections.last?.isEmpty ?? true) {
                sections.append([])
            }
            sections[sections.count - 1].append((block.firstLine + offset, text))
        }
        return sections.filter { section in
            section.contains { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty && !$0.text.hasPrefix("//") }
                && !section.contains {
                    $0.text.hasPrefix("import ")
                        && ($0.text.hasSuffix("// Adobe's framework") || $0.text.hasSuffix("// Apple-only"))
                }
        }
    }

    /// Type-checks `document`'s snippets.
    static func check(_ document: String) async throws -> Result {
        let (source, count) = try source(for: document)
        return try await typecheck(source, snippets: count)
    }

    /// Type-checks Markdown `text` as a document named `document`.
    static func check(markdown text: String, as document: String) async throws -> Result {
        let (source, count) = source(for: document, blocks: Documents.blocks(inText: text))
        return try await typecheck(source, snippets: count)
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
            arguments: ["swiftc", "-typecheck", "-parse-as-library", "-swift-version", "6", "-I", modules.path,
                        "-module-cache-path", folder.appendingPathComponent("cache").path, file.path],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        process.closeInput()
        let result = await process.finish(timeout: .seconds(300))
        let errors = result.stderr.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
        if result.status != 0, errors.isEmpty {
            return Result(snippets: count, errors: ["swiftc exited with \(result.status): \(result.stderr)"], source: source)
        }
        return Result(snippets: count, errors: errors, source: source)
    }

    /// The Package.swift snippets of `document`.
    static func manifests(in document: String) throws -> [MarkdownBlock] {
        try Documents.blocks(of: document).filter {
            $0.language == "swift" && $0.lines.first(where: { !$0.isEmpty })?.hasPrefix("// swift-tools-version") == true
        }
    }
}
