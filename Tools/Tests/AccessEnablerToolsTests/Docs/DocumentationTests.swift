import AccessEnabler
import Foundation
import Testing

/// The documents' shell examples run unchanged in bash, zsh and sh, every Swift snippet of the
/// README, the `docs/` pages and the DocC articles compiles, no Markdown file there is left out,
/// and their relative links resolve.
@Suite("Documentation", .timeLimit(.minutes(20)))
struct DocumentationTests {
    @Test("the shell examples run in bash")
    func shellExamplesInBash() async throws {
        try await checkShellExamples(with: "bash")
    }

    @Test("the shell examples run in zsh", .enabled(if: ShellExamples.isInstalled("zsh"), "zsh is not installed"))
    func shellExamplesInZsh() async throws {
        try await checkShellExamples(with: "zsh")
    }

    @Test("the shell examples run in sh")
    func shellExamplesInSh() async throws {
        try await checkShellExamples(with: "sh")
    }

    private func checkShellExamples(with shell: String) async throws {
        let (_, blocks) = try ShellExamples.script()
        #expect(blocks >= 2, "the documents mark their shell examples with <!-- shell-example -->")
        let run = try await ShellExamples.run(with: shell)
        #expect(run.status == 0, "\(shell): \(run.stderr)\n\(run.stdout)")
        // What the examples show happened.
        #expect(run.stdout.contains("Requestor REF — Reference Requestor: 3 MVPD(s)"), "\(run.stdout)")
        #expect(run.stdout.contains("2 of 3 authorized"))
        #expect(run.stdout.contains("Authorized news"))
        #expect(run.stdout.contains("user:zip: "))
        #expect(run.stdout.contains("Queued status for the next request to preauthorize"))
        #expect(run.stdout.contains("authorization_denied_by_degradation_rule"))
        #expect(run.stdout.contains("denied: the server's session has expired"))
        #expect(run.stdout.contains("Not authenticated"))
        #expect(run.stdout.contains("preauthorizeDecisions  503"))
        #expect(run.stdout.hasSuffix("Logged out\n"))
    }

    @Test("every Swift snippet compiles", arguments: Documents.all)
    func swiftSnippets(document: String) async throws {
        let result = try await SnippetCompiler.check(document)
        #expect(result.errors.isEmpty, "\(document):\n\(result.errors.joined(separator: "\n"))")
        if document == "README.md" {
            #expect(result.snippets >= 4)
        }
    }

    @Test("every Markdown file of the README, docs/ and the DocC catalogs is a listed document")
    func everyDocumentIsListed() {
        #expect(Documents.unlisted.isEmpty, "add to Documents.all: \(Documents.unlisted)")
        let missing = Documents.all.filter {
            !FileManager.default.fileExists(atPath: Documents.root.appendingPathComponent($0).path)
        }
        #expect(missing.isEmpty, "listed in Documents.all but not on disk: \(missing)")
        #expect(Documents.onDisk() == Documents.all.sorted())
    }

    @Test("every shell-example marker is right before a shell block", arguments: Documents.all)
    func shellMarkersMarkBlocks(document: String) throws {
        let text = try String(contentsOf: Documents.root.appendingPathComponent(document), encoding: .utf8)
        for problem in ShellExamples.strayMarkers(in: text) {
            Issue.record("\(document):\(problem)")
        }
    }

    @Test("a marker a blank line away from its block is found")
    func strayMarkerIsFound() {
        let text = """
            <!-- shell-example -->
            ```sh
            echo runs
            ```

            <!-- shell-example -->

            ```sh
            echo would not run
            ```
            """
        #expect(ShellExamples.strayMarkers(in: text) == ["6: a shell-example marker not right before a ```sh block"])
    }

    @Test("relative links point at files and headings that exist", arguments: Documents.all + Documents.projectFiles)
    func relativeLinksResolve(document: String) throws {
        for problem in try MarkdownLinks.problems(in: document) {
            Issue.record("\(problem)")
        }
    }

    @Test("a link to a missing file or heading is found; code, URLs and DocC links are not links")
    func brokenLinksAreFound() {
        let text = """
            # The tool

            [README](../README.md), [its start](../README.md#quick-start), [here](#the-tool),
            [gone](missing.md), [no such heading](../README.md#no-such-heading),
            [Adobe](https://example.com/x.md), <doc:GettingStarted>, `[code](nowhere.md)`

            ```
            [fenced](nowhere.md)
            ```
            """
        #expect(
            MarkdownLinks.problems(inText: text, document: "docs/page.md") == [
                "docs/page.md:4: missing.md does not exist",
                "docs/page.md:4: no heading for #no-such-heading in ../README.md",
            ])
        #expect(MarkdownLinks.anchor(of: "Quick start: the `legacy` API") == "quick-start-the-legacy-api")
    }

    @Test("the README starts with the demo and the test command, which .ci/run runs")
    func firstCommands() throws {
        let first = try #require(try Documents.blocks(of: "README.md").first)
        let commands = first.lines.map { line in
            (line.split(separator: "#", maxSplits: 1).first.map(String.init) ?? "").trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        #expect(first.language == "sh")
        #expect(commands == ["swift run --package-path Tools accessenabler demo", "swift test"])
        let ci = try String(contentsOf: Documents.root.appendingPathComponent(".ci/run"), encoding: .utf8)
            .components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for command in commands {
            #expect(ci.contains { $0.hasSuffix(" " + command) }, ".ci/run does not run `\(command)`")
        }
    }

    @Test("the README is short, and its quick starts reach a media token before any table")
    func quickStartsComeFirst() throws {
        let text = try String(contentsOf: Documents.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        #expect(lines.count < 300, "README.md has \(lines.count) lines")
        let firstTable = lines.firstIndex { $0.hasPrefix("|") } ?? lines.count
        let blocks = try Documents.blocks(of: "README.md").filter { $0.language == "swift" }
        let async = blocks.first { $0.lines.contains { $0.contains("enabler.authorize(resource:") } }
        let legacy = blocks.first { $0.lines.contains { $0.contains("getAuthorization(") } }
        for block in [async, legacy] {
            let block = try #require(block)
            #expect(block.firstLine + block.lines.count <= firstTable, "a quick start after line \(firstTable)")
            #expect(block.lines.count <= 35)
        }
    }

    @Test("an excerpt quotes its file line for line", arguments: Documents.all)
    func excerptsMatchTheirFiles(document: String) throws {
        for problem in try SnippetCompiler.excerptProblems(in: document) {
            Issue.record("\(problem)")
        }
    }

    @Test("an excerpt line its file does not have is found")
    func alteredExcerptIsFound() throws {
        let block = try #require(
            Documents.blocks(
                inText: """
                    ```swift
                    // Excerpt of Package.swift
                    import PackageDescription
                    let package = Package(
                        …
                    let notInTheManifest = 1
                    ```
                    """
            ).first)
        #expect(SnippetCompiler.excerptPath(of: block) == "Package.swift")
        #expect(
            SnippetCompiler.excerptProblems(in: [block], document: "Doc.md")
                == ["Doc.md:6: not in Package.swift: let notInTheManifest = 1"])
    }

    /// A core snippet, a legacy one and an Apple-only one, in that order.
    static let coreLegacyAndAppleSnippets = """
        ```swift
        let mvpds: [MVPD] = []
        ```

        ```swift
        import AccessEnablerLegacy
        let legacy = LegacyAccessEnabler("statement")
        ```

        ```swift
        import SwiftUI
        let text = Text("hi")
        ```
        """

    @Test("the legacy adapter's snippets and the core's compile apart; Apple-only ones only on Apple")
    func snippetFiles() throws {
        let blocks = Documents.blocks(inText: Self.coreLegacyAndAppleSnippets)
        let files = SnippetCompiler.sources(for: "Doc.md", blocks: blocks)
        #expect(files.map(\.snippets) == [2, 1])
        #expect(!files[0].source.contains("import AccessEnablerLegacy"))
        #expect(files[0].source.contains("#if canImport(SwiftUI)\nimport SwiftUI\n#endif"))
        #expect(files[1].source.contains("import AccessEnablerLegacy"))
    }

    @Test("for Apple's SDK: only the files with an Apple-only snippet, whole, with its imports unguarded")
    func appleSDKFiles() throws {
        let blocks = Documents.blocks(inText: Self.coreLegacyAndAppleSnippets)
        let files = SnippetCompiler.appleSDKSources(for: "Doc.md", blocks: blocks)
        #expect(files.map(\.legacy) == [false])
        #expect(files.map(\.snippets) == [2])
        #expect(files.first?.source.contains("\nimport SwiftUI\n") == true)
        #expect(files.first?.source.contains("#if canImport(SwiftUI)") == false)
        #expect(files.first?.source.contains("let mvpds: [MVPD] = []") == true)
        // The documents have such snippets: an extraction that finds none is broken.
        let documents = try Documents.all.filter { try !SnippetCompiler.appleSDKSources(for: $0).isEmpty }
        #expect(documents.count >= 3, "\(documents)")
    }

    @Test("a snippet that does not compile fails, pointing at its document and line")
    func brokenSnippetIsReported() async throws {
        let markdown = """
            Text.

            ```swift
            let token = try await enabler.authorize(resource: "news")
            token.play()
            ```
            """
        let result = try await SnippetCompiler.check(markdown: markdown, as: "Broken.md")
        #expect(result.snippets == 1)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.hasPrefix("Broken.md:5:") == true, "\(result.errors)")
        #expect(result.errors.first?.contains("play") == true)
    }

    @Test("Before/After parts are checked apart; a part in Adobe's own framework is not compiled")
    func beforeAndAfterParts() throws {
        let block = try #require(
            Documents.blocks(
                inText: """
                    ```swift
                    // Before
                    import AccessEnabler            // Adobe's framework
                    let accessEnabler = AccessEnabler(softwareStatement)

                    // Before
                    accessEnabler.logout()

                    // After
                    try await accessEnabler.accessEnabler.logout(presenter: presenter)
                    ```
                    """
            ).first)
        let sections = SnippetCompiler.sections(of: block)
        #expect(sections.count == 2)
        #expect(sections.first?.first?.text == "// Before")
        #expect(sections.first?.contains { $0.text == "accessEnabler.logout()" } == true)
        #expect(sections.last?.first?.line == 9)
    }

    @Test("every table row has its header's number of cells", arguments: Documents.all + Documents.projectFiles)
    func tablesAreWellFormed(document: String) throws {
        let text = try String(contentsOf: Documents.root.appendingPathComponent(document), encoding: .utf8)
        for problem in MarkdownTables.problems(in: text) {
            Issue.record("\(document):\(problem)")
        }
    }

    @Test("a row with an unescaped pipe in a code span is found")
    func brokenTableRowIsFound() {
        let text = """
            | command | meaning |
            |---|---|
            | `a` | fine |
            | `--backend restV2|restV1` | splits into three cells |
            | `--backend restV2\\|restV1` | escaped |
            """
        #expect(MarkdownTables.problems(in: text) == ["4: 3 cells, the header has 2"])
    }

    @Test("the documents refer to no file the repository lacks")
    func noMissingSpecReferences() throws {
        for document in Documents.all + Documents.projectFiles {
            let text = try String(contentsOf: Documents.root.appendingPathComponent(document), encoding: .utf8)
            // The specs live outside the repository; a reader cannot open them.
            #expect(!text.contains("wire-protocol"), "\(document) refers to the wire-protocol spec")
            #expect(!text.contains("sdk.md"), "\(document) refers to the SDK spec")
        }
    }

    @Test("the changelog and the README name the version the SDK and the tool report")
    func versionIsDocumented() throws {
        let changelog = try String(contentsOf: Documents.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        #expect(changelog.contains("## [Unreleased]") || changelog.contains("## [\(AccessEnabler.version)]"))
        #expect(changelog.contains(AccessEnabler.version))
        let license = try String(contentsOf: Documents.root.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(license.contains("Apache License") && license.contains("Version 2.0"))
    }

    @Test("the README's Package.swift example is a valid manifest")
    func installationManifest() async throws {
        let manifests = try SnippetCompiler.manifests(in: "README.md")
        #expect(manifests.count == 1)
        for manifest in manifests {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            try manifest.lines.joined(separator: "\n").write(
                toFile: folder.path("Package.swift"), atomically: true, encoding: .utf8)
            let process = try LiveProcess(
                arguments: ["swift", "package", "--package-path", folder.url.path, "dump-package"],
                executable: URL(fileURLWithPath: "/usr/bin/env"))
            process.closeInput()
            let result = await process.finish(timeout: .seconds(120))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("\"AccessEnablerTesting\""))
        }
    }
}
