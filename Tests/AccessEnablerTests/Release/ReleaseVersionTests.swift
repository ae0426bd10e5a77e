import AccessEnabler
import Foundation
import Testing

/// A release is one number in three places: the git tag, `AccessEnabler.version` and the
/// CHANGELOG heading (CONTRIBUTING.md, "Releases").
@Suite("Release version", .timeLimit(.minutes(5)))
struct ReleaseVersionTests {
    @Test func theVersionIsASemanticVersionWithoutPrefix() {
        #expect(ReleaseVersion.isSemanticVersion(AccessEnabler.version), "\(AccessEnabler.version)")
    }

    @Test func theChangelogNamesTheVersionTheSDKReports() throws {
        let changelog = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("CHANGELOG.md")
        let text = try String(contentsOf: changelog, encoding: .utf8)
        #expect(ReleaseVersion.problem(changelog: text, version: AccessEnabler.version) == nil)
    }

    @Test func aChangelogThatDisagreesIsFound() {
        let released = "# Changelog\n\n## [Unreleased]\n\n## [1.1.0] - 2027-01-10\n\n## [1.0.0] - 2026-12-01\n"
        #expect(ReleaseVersion.problem(changelog: released, version: "1.1.0") == nil)
        #expect(ReleaseVersion.problem(changelog: released, version: "1.0.0") != nil)
        #expect(ReleaseVersion.problem(changelog: released, version: "1.2.0") != nil)
        let first = "## [Unreleased]\n\nThe first release, to be tagged 1.0.0.\n"
        #expect(ReleaseVersion.problem(changelog: first, version: "1.0.0") == nil)
        #expect(ReleaseVersion.problem(changelog: first, version: "2.0.0") != nil)
        #expect(!ReleaseVersion.isSemanticVersion("v1.0.0"))
        #expect(!ReleaseVersion.isSemanticVersion("1.0"))
        #expect(ReleaseVersion.isSemanticVersion("1.10.0-beta.1"))
    }
}

/// The rule CONTRIBUTING.md states, as code the tests can run on any text.
enum ReleaseVersion {
    /// `MAJOR.MINOR.PATCH`, optionally `-prerelease`: the form tags take (no `v` prefix).
    static func isSemanticVersion(_ text: String) -> Bool {
        text.wholeMatch(of: /(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?/) != nil
    }

    /// Why `changelog` disagrees with `version`, or nil: the newest released heading
    /// (`## [x.y.z] - date`) is `version`; before the first release, the `[Unreleased]` section
    /// names the version it will be tagged with.
    static func problem(changelog: String, version: String) -> String? {
        let headings = changelog.split(separator: "\n").filter { $0.hasPrefix("## [") }
        let released = headings.first { !$0.hasPrefix("## [Unreleased]") }
        if let released {
            return released.hasPrefix("## [\(version)]")
                ? nil : "the newest CHANGELOG heading is \(released), the SDK reports \(version)"
        }
        guard changelog.contains("## [Unreleased]"), changelog.contains("to be tagged \(version)") else {
            return "no release heading, and [Unreleased] does not say it is to be tagged \(version)"
        }
        return nil
    }
}
