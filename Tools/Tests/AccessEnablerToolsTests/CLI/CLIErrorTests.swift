import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// Exit codes: 2 for usage errors, 1 for SDK and server errors with `{"status": {…}}` on standard
/// output under `--json` and a readable message on standard error.
@Suite("CLI errors and exit codes", .timeLimit(.minutes(5)))
struct CLIErrorTests {
    static let statusKeys: Set<String> = ["status", "code", "message", "details", "helpUrl", "trace", "action"]

    @Test(
        "usage errors exit with 2",
        arguments: [
            ["status"],  // no --requestor
            ["frobnicate"],
            ["status", "--requestor", "REF", "--backend", "restV3", "--software-statement", "s"],
            ["login", "--requestor", "REF", "--software-statement", "s"],  // no --mvpd
            ["login", "--requestor", "REF", "--software-statement", "s", "--mvpd", "A", "--data", "novalue"],
            ["login", "--requestor", "REF", "--software-statement", "s", "--mvpd", "A", "--username", "u"],
            ["status", "--requestor", "REF"],  // no software statement
            ["status", "--requestor", "REF", "--software-statement-file", "/nonexistent/statement.jwt"],
            [
                "status", "--requestor", "REF", "--software-statement", "s", "--staging",
                "--service-provider", "https://sp.example.com",
            ],
            [
                "status", "--requestor", "REF", "--software-statement", "s", "--service-provider",
                "ftp://sp.example.com",
            ],
            ["preauthorize", "--requestor", "REF", "--software-statement", "s"],  // no resource
            ["metadata", "user", "--requestor", "REF", "--software-statement", "s"],  // no key
            ["emulator", "serve", "--port", "70000"],
            ["emulator", "serve", "--scenario", "/nonexistent/scenario.json"],
        ])
    func usageErrors(arguments: [String]) async throws {
        let run = try await CLIRun.run(arguments.first == "emulator" ? arguments : arguments + ["--json"])
        #expect(run.status == 2, "\(arguments): \(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("Error:"))
    }

    @Test("a server error exits with 1 and prints the server's status", arguments: AccessEnabler.Backend.allCases)
    func serverError(backend: AccessEnabler.Backend) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer { server in
            let client = CLIClient(serviceProvider: server.url, storage: folder.path("storage.json"), backend: backend)
            try await client.run(["login", "--mvpd", "AutoCable"])

            let denied = try await client.run(["authorize", "premium"])
            #expect(denied.status == 1)
            let status = try #require(try denied.object()["status"]?.objectValue)
            #expect(Set(try denied.object().keys) == ["status"])
            #expect(Set(status.keys) == Self.statusKeys)
            #expect(status["status"] == 403)
            #expect(status["code"] == "authorization_denied_by_mvpd")
            #expect(status["details"]?.stringValue?.contains("premium") == true)
            #expect(denied.stderr.contains("error: "))
            #expect(denied.stderr.contains("authorization_denied_by_mvpd, HTTP 403"))

            // A failure of a whole preauthorization call: a status and no resources.
            let route: EmulatorRoute = backend == .restV2 ? .preauthorizeDecisions : .preauthorize
            // Persistent, so the SDK's retries end with the 500.
            await server.emulator.inject(.status(500, body: "", contentType: "text/plain"), on: route, times: nil)
            let failed = try await client.run(["preauthorize", "news"])
            #expect(failed.status == 1)
            let object = try failed.object()
            #expect(object["resources"] == [])
            #expect(object["status"]?["status"] == 500)
            #expect(!failed.stderr.isEmpty)
        }
    }

    @Test("an SDK error (status 0) exits with 1: authorize without a login")
    func sdkError() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer { server in
            let client = CLIClient(serviceProvider: server.url, storage: folder.path("storage.json"), backend: .restV2)
            let run = try await client.run(["authorize", "news"])
            #expect(run.status == 1)
            #expect(try run.object()["status"]?["status"] == 0)
            #expect(try run.object()["status"]?["code"] == "authentication_session_missing")
            #expect(try run.object()["status"]?["action"] == "authentication")

            let unknownMVPD = try await client.run(["login", "--mvpd", "Nope"])
            #expect(unknownMVPD.status == 1)
            #expect(try unknownMVPD.object()["status"]?["code"] == "provider_not_available")

            let wrongPassword = try await client.run(
                ["login", "--mvpd", "Cablevision", "--username", "alice", "--password", "wrong"])
            #expect(wrongPassword.status == 1)
            #expect(try wrongPassword.object()["status"]?["code"] == "login_rejected")
            #expect(!wrongPassword.transcript.contains("wrong\n"))
        }
    }

    @Test(
        "a server logout that fails on every retry still clears the tokens (exit 0) and warns",
        arguments: AccessEnabler.Backend.allCases)
    func serverLogoutFails(backend: AccessEnabler.Backend) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer { server in
            let client = CLIClient(serviceProvider: server.url, storage: folder.path("storage.json"), backend: backend)
            try await client.run(["login", "--mvpd", "AutoCable"])
            await server.emulator.inject(
                .status(500, body: "", contentType: "text/plain"),
                on: backend == .restV2 ? .logoutV2 : .logout, times: nil)
            let logout = try await client.run(["logout"])
            #expect(logout.status == 0)
            #expect(try logout.object() == ["loggedOut": true])
            #expect(logout.stderr.contains("warning: the server logout failed"))
            #expect(logout.stderr.contains("sent again"))
            #expect(try await client.run(["status"]).object()["authenticated"] == false)
        }
    }

    @Test("an unreachable service provider exits with 1 and network_error")
    func unreachable() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withClosedPort { url in
            let client = CLIClient(serviceProvider: url, storage: folder.path("storage.json"), backend: .restV2)
            let run = try await client.run(["configure"])
            #expect(run.status == 1)
            #expect(try run.object()["status"]?["code"] == "network_error")
            #expect(run.stderr.contains("network_error"))
        }
    }

    @Test("without --json a failure prints only the readable message, on standard error")
    func textFailure() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer { server in
            let client = CLIClient(serviceProvider: server.url, storage: folder.path("storage.json"), backend: .restV1)
            let run = try await client.run(["authorize", "news"], json: false)
            #expect(run.status == 1)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.hasPrefix("error: "))
            #expect(run.stderr.contains("(authentication_session_missing)"))
            #expect(run.stderr.contains("  action: authentication"))
        }
    }
}
