import Foundation
import Testing

/// The migration guide's table of deliberate differences from Adobe's framework: every row says
/// what Adobe's framework did, what the adapter does and why, and the differences an app meets only
/// at run time are there.
@Suite(.timeLimit(.minutes(3))) struct MigrationGuideTableTests {
    /// The rows of the table under "What changes", as cells.
    static func rows() throws -> [[String]] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/AccessEnablerLegacy/AccessEnablerLegacy.docc/MigrationGuide.md")
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "### What changes"))
        let section = lines[(start + 1)...].prefix { !$0.hasPrefix("#") }
        return section.filter { $0.hasPrefix("|") }.dropFirst(2).map { line in
            line.dropFirst().dropLast().components(separatedBy: " | ").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
    }

    @Test func everyRowHasAReason() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 10)
        for row in rows {
            #expect(row.count == 4, "\(row)")
            #expect(row.allSatisfy { !$0.isEmpty }, "a row without a reason: \(row)")
        }
    }

    @Test(arguments: [
        "REMOTE_CACHE", "Values Adobe never published", "Service-provider addresses", "applicationProfile",
        "Objective-C `getAuthentication:`", "registration code", "Apple SSO",
    ])
    func theTableListsTheDifference(topic: String) throws {
        #expect(try Self.rows().contains { $0.first?.contains(topic) == true }, "no row for \(topic)")
    }
}
