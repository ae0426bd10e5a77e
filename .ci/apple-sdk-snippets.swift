// Writes the README's and the DocC articles' Swift snippets that import an Apple-only framework
// (SwiftUI, UIKit, AuthenticationServices, …) as source folders for .ci/apple-sdk-check, which
// type-checks them against Apple's iOS SDK: on Linux the snippet tests skip them (`#if canImport`).
// The snippets are extracted and wrapped by the snippet tests' own code
// (Tools/Tests/AccessEnablerToolsTests/Support/MarkdownBlocks.swift and SnippetCompiler.swift,
// compiled together with this file by .ci/apple-sdk-check), so both checks see the same code.
//
// Usage: apple-sdk-snippets OUTPUT-FOLDER
// Writes OUTPUT-FOLDER/<Module>/Snippets.swift per generated file and prints one
// `--extra-target` value per line (`<Module>=<folder>,dep=…`) for the type-check tool.
import Foundation

@main
enum AppleSDKSnippets {
    static func main() throws {
        guard CommandLine.arguments.count == 2 else {
            FileHandle.standardError.write(Data("usage: apple-sdk-snippets OUTPUT-FOLDER\n".utf8))
            exit(2)
        }
        let output = URL(fileURLWithPath: CommandLine.arguments[1], isDirectory: true)
        try? FileManager.default.removeItem(at: output)
        var written = 0
        for document in Documents.all {
            for file in try SnippetCompiler.appleSDKSources(for: document) {
                let module = moduleName(for: document, legacy: file.legacy)
                let folder = output.appendingPathComponent(module, isDirectory: true)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try file.source.write(
                    to: folder.appendingPathComponent("Snippets.swift"), atomically: true, encoding: .utf8)
                // The preludes import the testing library; the legacy file imports the adapter.
                let library = file.legacy ? "AccessEnablerLegacy" : "AccessEnabler"
                print("\(module)=\(folder.path),dep=\(library),dep=AccessEnablerTesting")
                written += 1
            }
        }
        // The README and the DocC catalogs have Apple-only snippets: none found means the
        // extraction broke, not that there is nothing to check.
        if written == 0 {
            FileHandle.standardError.write(Data("error: no Apple-only snippet found\n".utf8))
            exit(1)
        }
    }

    /// `AppleSnippets_README`, `AppleSnippets_AccessEnabler_SignInOnAppleTV`, … (`Legacy` appended
    /// for the legacy adapter's file).
    static func moduleName(for document: String, legacy: Bool) -> String {
        let path = document.hasSuffix(".md") ? String(document.dropLast(3)) : document
        let parts = path.split(separator: "/").filter { $0 != "Sources" && !$0.hasSuffix(".docc") }
        let name = parts.joined(separator: "_").map { $0.isLetter || $0.isNumber ? $0 : "_" }
        return "AppleSnippets_" + String(name) + (legacy ? "Legacy" : "")
    }
}
