import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// Text a server sends (names, user IDs, error details) reaches a terminal only with its control
/// characters and terminal escape sequences escaped, in every human-output path; `--json` keeps the
/// exact values.
@Suite("CLI server text", .timeLimit(.minutes(5)))
struct CLIServerTextTests {
    static let requestorName = "Evil\u{1B}[31m Requestor\r"
    static let mvpdName = "Red\u{1B}[31mCable\u{1B}]0;owned\u{07}"
    static let userID = "eve\u{1B}[2J\u{9B}1mid"
    static let details = "Denied\u{1B}[31m\rfaked \u{202E}txt.exe\u{7F}"

    static let scenario = EmulatorScenario(
        requestors: [.init(id: "REF", name: requestorName, mvpds: ["Evil"])],
        mvpds: [
            .init(
                id: "Evil", displayName: mvpdName, autoLogin: true,
                users: [.init(username: "eve", password: "", userID: userID)])
        ],
        entitlements: .init(
            rules: [.init(resources: ["premium"], authorized: false, details: details)],
            authorizeUnlisted: true))

    /// Characters a terminal acts on instead of showing: C0 controls but the line feed, DEL, C1
    /// controls, and bidirectional overrides.
    static func unsafeScalars(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
    }

    @Test("human output escapes control characters and escape sequences", arguments: AccessEnabler.Backend.allCases)
    func escaped(backend: AccessEnabler.Backend) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer(scenario: Self.scenario) { server in
            let client = CLIClient(serviceProvider: server.url, storage: folder.path("storage.json"), backend: backend)

            let configure = try await client.run(["configure"], json: false)
            #expect(configure.status == 0, "\(configure.stderr)")
            #expect(configure.stdout.hasPrefix(#"Requestor REF — Evil\u{1B}[31m Requestor\r: 1 MVPD(s)"#))
            #expect(configure.stdout.contains(#"Red\u{1B}[31mCable\u{1B}]0;owned\u{7}"#))

            let login = try await client.run(["login", "--mvpd", "Evil"], json: false)
            #expect(login.status == 0, "\(login.stderr)")
            #expect(login.stdout.contains(#"  User ID  eve\u{1B}[2J\u{9B}1mid"#), "\(login.stdout)")
            let status = try await client.run(["status"], json: false)
            #expect(status.stdout.contains(#"Evil (Red\u{1B}[31mCable"#), "\(status.stdout)")

            let preauthorize = try await client.run(["preauthorize", "news", "premium"], json: false)
            #expect(
                preauthorize.stdout.contains(#"Denied\u{1B}[31m\rfaked \u{202E}txt.exe\u{7F}"#),
                "\(preauthorize.stdout)")

            let denied = try await client.run(["authorize", "premium"], json: false)
            #expect(denied.status == 1)
            #expect(
                denied.stderr.contains(#"  details: Denied\u{1B}[31m\rfaked \u{202E}txt.exe\u{7F}"#), "\(denied.stderr)"
            )

            for run in client.allRuns {
                #expect(Self.unsafeScalars(in: run.stdout).isEmpty, "\(run.arguments.first ?? ""): \(run.stdout)")
                #expect(Self.unsafeScalars(in: run.stderr).isEmpty, "\(run.arguments.first ?? ""): \(run.stderr)")
            }
        }
    }

    @Test("a server error whose details hold a line feed prints on one line: it cannot forge a line")
    func lineFeedInDetails() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var scenario = Self.scenario
        scenario.entitlements.rules = [
            .init(resources: ["premium"], authorized: false, details: "Denied\nerror: forged by the server")
        ]
        try await withEmulatorServer(scenario: scenario) { server in
            let client = CLIClient(serviceProvider: server.url, storage: folder.path("storage.json"), backend: .restV2)
            let login = try await client.run(["login", "--mvpd", "Evil"], json: false)
            #expect(login.status == 0, "\(login.stderr)")
            let denied = try await client.run(["authorize", "premium"], json: false)
            #expect(denied.status == 1)
            let lines = denied.stderr.split(separator: "\n")
            #expect(lines.contains(#"  details: Denied\nerror: forged by the server"#), "\(denied.stderr)")
            #expect(!lines.contains { $0.hasPrefix("error: forged") }, "\(denied.stderr)")
        }
    }

    @Test("--json keeps the exact values, with every control character escaped the JSON way")
    func json() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer(scenario: Self.scenario) { server in
            let client = CLIClient(serviceProvider: server.url, storage: folder.path("storage.json"), backend: .restV2)
            let configure = try await client.run(["configure"])
            #expect(try configure.object()["mvpds"]?.arrayValue?.first?["displayName"] == .string(Self.mvpdName))
            let login = try await client.run(["login", "--mvpd", "Evil"])
            #expect(try login.object()["userId"] == .string(Self.userID))
            let denied = try await client.run(["authorize", "premium"])
            #expect(try denied.object()["status"]?["details"] == .string(Self.details))
            // The encoder escapes C0 controls; DEL, C1 controls and bidi overrides are escaped too.
            #expect(login.stdout.contains(#"eve\u001b[2J\u009b1mid"#), "\(login.stdout)")
            #expect(denied.stdout.contains(#"\u202etxt.exe\u007f"#), "\(denied.stdout)")
            for run in client.allRuns {
                #expect(Self.unsafeScalars(in: run.stdout).isEmpty, "\(run.arguments.first ?? ""): \(run.stdout)")
                #expect(Self.unsafeScalars(in: run.stderr).isEmpty, "\(run.arguments.first ?? ""): \(run.stderr)")
            }
        }
    }
}
