import Foundation

/// Type-checks the Swift snippets of a document against the modules the Tools build produced.
///
/// Each ```` ```swift ```` block becomes the body of an `async throws` method of
/// `SnippetContext`, a main-actor class; the names a document takes for granted — the app's
/// `presenter`, `player`, `softwareStatement`, … — are declared by ``prelude(legacy:)``. Imports
/// are moved to the top of the file. A block with `// Before` and `// After` lines is checked part
/// by part, except a part that imports Adobe's own framework (an `import` line ending in
/// `// Adobe's framework`): that is the Objective-C SDK's code, which this package cannot compile.
/// A block with a top-level `extension` or `protocol` stays at file scope. `#sourceLocation`
/// points every diagnostic at the Markdown file and line.
///
/// Blocks are compiled in one of two files: the async core's (no `AccessEnablerLegacy`, so `MVPD`
/// is the core's struct) and the legacy adapter's (the blocks of its catalog and any block that
/// uses the adapter; `SnippetContext` is then an `EntitlementDelegate`). A block that imports an
/// Apple-only framework (SwiftUI, UIKit, AuthenticationServices, …) is compiled only where that
/// framework exists; `.ci/apple-sdk-check` type-checks those against Apple's iOS SDK
/// (``appleSDKSources(for:)``).
/// A block whose first line is `// Excerpt of <path>` quotes a file of the
/// repository that is compiled elsewhere (the legacy migration fixture): it is not compiled here;
/// ``excerptProblems(in:)`` checks that its lines are the file's.
enum SnippetCompiler {
    /// What the documents assume exists, standing in for the app's own code; with `legacy`, the
    /// legacy adapter instead of the core (where `MVPD` is the legacy class, so the prelude names
    /// the core's `AccessEnabler::MVPD`).
    static func prelude(legacy: Bool) -> String {
        let mvpd = legacy ? "AccessEnabler::MVPD" : "MVPD"
        var text = #"""
            import AccessEnabler
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

            """#.replacingOccurrences(of: "MVPD", with: mvpd)
        if legacy {
            // As in an app's legacy file: the adapter alone (it re-exports the core; importing
            // both would make `MVPD` ambiguous).
            text = text.replacingOccurrences(of: "import AccessEnabler\n", with: "import AccessEnablerLegacy\n")
            // There `AccessEnabler` is the legacy class; the actor is `AsyncAccessEnabler`.
            text = text.replacingOccurrences(
                of: "let enabler = AccessEnabler(", with: "let enabler = AsyncAccessEnabler(")
            text += #"""
                @MainActor let manager = SnippetContext()
                func showPicker(_ mvpds: [MVPD]) {}   // the legacy class
                func useZip(_ value: String?, _ encrypted: Bool) {}
                func showCode(_ code: String) {}

                @MainActor final class SnippetContext: NSObject, @preconcurrency EntitlementDelegate {
                    let accessEnabler = LegacyAccessEnabler("software-statement")
                    var configuration = AccessEnabler.Configuration()
                    func setRequestorComplete(_ status: Int32) {}
                    func setAuthenticationStatus(_ status: Int32, errorCode code: String!) {}
                    func displayProviderDialog(_ mvpds: [Any]!) {}
                    func navigate(toUrl url: String!) {}
                    func setToken(_ token: String!, forResource resource: String!) {}
                    func tokenRequestFailed(_ resource: String!, errorCode code: String!, errorDescription description: String!) {}
                }

                """#
        } else {
            text += #"""
                @MainActor final class SnippetContext {
                    var configuration = AccessEnabler.Configuration()
                }

                """#
        }
        return text
    }

    /// Frameworks only Apple's SDKs have: a block importing one is compiled only where it exists.
    static let appleOnlyModules: Set<String> = [
        "SwiftUI", "UIKit", "AppKit", "AuthenticationServices", "Combine", "VideoSubscriberAccount", "WebKit",
    ]

    /// The Apple-only frameworks among `imports` (`import` lines).
    static func appleOnlyModules(in imports: [String]) -> [String] {
        imports.compactMap { line in
            let module = line.dropFirst("import ".count).split(separator: " ").first.map(String.init) ?? ""
            return line.hasPrefix("import ") && appleOnlyModules.contains(module) ? module : nil
        }
    }

    /// The file a block quotes (its first line is `// Excerpt of <path>`), or nil.
    static func excerptPath(of block: MarkdownBlock) -> String? {
        guard let first = block.lines.first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }),
            first.hasPrefix("// Excerpt of ")
        else { return nil }
        return first.dropFirst("// Excerpt of ".count).split(separator: " ").first.map(String.init)
    }

    /// Whether a block belongs in the legacy adapter's file.
    /// (The legacy catalog's blocks are, but one that imports `AccessEnabler` alone: code for a
    /// file of the async core.)
    static func isLegacy(_ block: MarkdownBlock, in document: String) -> Bool {
        (document.contains("AccessEnablerLegacy") && !block.lines.contains("import AccessEnabler"))
            || block.lines.contains { line in
                ["import AccessEnablerLegacy", "LegacyAccessEnabler", "EntitlementDelegate", "manager.accessEnabler"]
                    .contains { line.contains($0) }
            }
    }

    /// The lines of `document`'s excerpts that are not in the file they quote (`README.md:12: …`);
    /// `…` elides, comment lines are the document's own.
    static func excerptProblems(in document: String) throws -> [String] {
        excerptProblems(in: try Documents.blocks(of: document), document: document)
    }

    /// The lines of the excerpts among `blocks` that are not in the file they quote.
    static func excerptProblems(in blocks: [MarkdownBlock], document: String) -> [String] {
        var problems: [String] = []
        for block in blocks where block.language == "swift" {
            guard let path = excerptPath(of: block) else { continue }
            guard let text = try? String(contentsOf: Documents.root.appendingPathComponent(path), encoding: .utf8)
            else {
                problems.append("\(document):\(block.firstLine): \(path) does not exist")
                continue
            }
            let quoted = Set(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
            for (offset, line) in block.lines.enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty || trimmed.hasPrefix("//") || trimmed.contains("…") { continue }
                if !quoted.contains(trimmed) {
                    problems.append("\(document):\(block.firstLine + offset): not in \(path): \(trimmed)")
                }
            }
        }
        return problems
    }

    /// The generated Swift files of `document`'s snippets (the core's, then the legacy adapter's,
    /// each with its number of snippets; a file with none is left out).
    static func sources(for document: String) throws -> [(source: String, snippets: Int)] {
        sources(for: document, blocks: try Documents.blocks(of: document))
    }

    /// The generated Swift files of `blocks`, with diagnostics pointing at `document`.
    static func sources(for document: String, blocks: [MarkdownBlock]) -> [(source: String, snippets: Int)] {
        [false, true].compactMap { legacy in
            let chosen = blocks.filter { isLegacy($0, in: document) == legacy }
            let file = source(for: document, blocks: chosen, legacy: legacy)
            return file.snippets > 0 ? (file.source, file.snippets) : nil
        }
    }

    /// The generated Swift files of `document`'s snippets for the type check against Apple's iOS SDK
    /// (`.ci/apple-sdk-check`, through `.ci/apple-sdk-snippets.swift`): each file of ``sources(for:)`` that has a
    /// snippet importing an Apple-only framework, whole (its other snippets may declare what that
    /// one uses), with those imports unguarded, so that a framework the SDK lacks is an error
    /// rather than a snippet left out.
    static func appleSDKSources(for document: String) throws -> [(source: String, snippets: Int, legacy: Bool)] {
        appleSDKSources(for: document, blocks: try Documents.blocks(of: document))
    }

    /// The generated Swift files of `blocks` for Apple's SDK, with diagnostics pointing at `document`.
    static func appleSDKSources(
        for document: String, blocks: [MarkdownBlock]
    ) -> [(source: String, snippets: Int, legacy: Bool)] {
        [false, true].compactMap { legacy in
            let chosen = blocks.filter { isLegacy($0, in: document) == legacy }
            let file = source(for: document, blocks: chosen, legacy: legacy, guardsAppleOnly: false)
            return file.appleOnly > 0 ? (file.source, file.snippets, legacy) : nil
        }
    }

    /// The generated Swift file of `blocks` over ``prelude(legacy:)``, with the number of snippets
    /// and how many of them import an Apple-only framework (`#if canImport` around them unless
    /// `guardsAppleOnly` is false).
    static func source(
        for document: String, blocks: [MarkdownBlock], legacy: Bool, guardsAppleOnly: Bool = true
    ) -> (source: String, snippets: Int, appleOnly: Int) {
        var imports: [String] = []
        var fileScope: [String] = []
        var methods: [String] = []
        var count = 0
        var appleOnlyCount = 0
        for block in blocks where block.language == "swift" && excerptPath(of: block) == nil {
            if block.lines.first(where: { !$0.isEmpty })?.hasPrefix("// swift-tools-version") == true { continue }
            for section in sections(of: block) {
                count += 1
                var sectionImports: [String] = []
                var body: [(line: Int, text: String)] = []
                var index = 0
                while index < section.count {
                    let (line, text) = section[index]
                    if text.hasPrefix("import ") {
                        sectionImports.append(text)
                    } else if text.hasPrefix("#if canImport"), index + 2 < section.count,
                        section[index + 1].text.hasPrefix("import "), section[index + 2].text.hasPrefix("#endif")
                    {
                        sectionImports += [text, section[index + 1].text, section[index + 2].text]
                        index += 2
                    } else {
                        body.append((line, text))
                    }
                    index += 1
                }
                guard let first = body.first?.line else { continue }
                // Apple-only frameworks: the whole part is compiled where they exist.
                let appleOnly = appleOnlyModules(in: sectionImports)
                if !appleOnly.isEmpty { appleOnlyCount += 1 }
                let condition = appleOnly.map { "canImport(\($0))" }.joined(separator: " && ")
                func guarded(_ text: String) -> String {
                    appleOnly.isEmpty || !guardsAppleOnly ? text : "#if \(condition)\n\(text)\n#endif"
                }
                imports.append(guarded(sectionImports.joined(separator: "\n")))
                let location = "#sourceLocation(file: \"\(document)\", line: \(first))"
                let lines = body.map(\.text).joined(separator: "\n")
                if body.contains(where: { $0.text.hasPrefix("extension ") || $0.text.hasPrefix("protocol ") }) {
                    fileScope.append(guarded("\(location)\n\(lines)\n#sourceLocation()"))
                } else {
                    methods.append(
                        guarded(
                            """
                            extension SnippetContext {
                                func snippet\(count)() async throws {
                            \(location)
                            \(lines)
                            #sourceLocation()
                                }
                            }
                            """))
                }
            }
        }
        let source = ([prelude(legacy: legacy)] + imports + fileScope + methods).joined(separator: "\n") + "\n"
        return (source, count, appleOnlyCount)
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
                && !section.contains { $0.text.hasPrefix("import ") && $0.text.hasSuffix("// Adobe's framework") }
        }
    }

    /// The Package.swift snippets of `document`.
    static func manifests(in document: String) throws -> [MarkdownBlock] {
        try Documents.blocks(of: document).filter {
            $0.language == "swift"
                && $0.lines.first(where: { !$0.isEmpty })?.hasPrefix("// swift-tools-version") == true
        }
    }
}
