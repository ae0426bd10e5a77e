import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// `--service-token` and `ACCESSENABLER_SERVICE_TOKEN`: single sign-on across devices (REST API
/// v2), two storage files standing for two devices of one viewer, against a server on a loopback
/// port.
@Suite("CLI service token", .timeLimit(.minutes(5)))
struct CLIServiceTokenTests {
    @Test("a second device signs in through the service token, without a login page")
    func secondDevice() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer { server in
            let token = ServiceTokenIssuer.emulator.token(
                subject: "viewer-1", issuedAt: Date(), expiresAt: Date().addingTimeInterval(3600))
            let first = CLIClient(serviceProvider: server.url, storage: folder.path("first.json"), backend: .restV2)
            let login = try await first.run(
                ["login", "--mvpd", "Cablevision", "--username", "alice", "--password", "alice-password"],
                extra: ["--service-token", token, "--verbose"])
            #expect(login.status == 0, "\(login.stderr)")

            // The second device takes the token from the environment, and needs no credentials:
            // the session finds the viewer's profile.
            let second = CLIClient(serviceProvider: server.url, storage: folder.path("second.json"), backend: .restV2)
            let environment = [
                "ACCESSENABLER_SOFTWARE_STATEMENT": second.softwareStatement, "ACCESSENABLER_SERVICE_TOKEN": token,
            ]
            let signedIn = try await CLIRun.run(
                ["login", "--mvpd", "Cablevision"] + second.commonArguments + ["--json", "--verbose"],
                environment: environment)
            #expect(signedIn.status == 0, "\(signedIn.stderr)")
            #expect(try signedIn.object()["authenticated"] == true)
            #expect(try signedIn.object()["userId"] == "alice-user-id")
            #expect(!signedIn.stderr.contains("needs a person"), "\(signedIn.stderr)")

            for run in first.allRuns + [signedIn] {
                #expect(!run.stdout.contains(token) && !run.stderr.contains(token), "\(run.arguments.first ?? "")")
            }
        }
    }

    @Test(
        "a value that is not a JWS, or REST API v1, is a usage error",
        arguments: [
            ["--service-token", "not-a-token"],
            ["--service-token", "a.b.c", "--backend", "restV1"],
        ])
    func usageErrors(extra: [String]) async throws {
        let run = try await CLIRun.run(
            ["status", "--requestor", "REF", "--software-statement", "s", "--json"] + extra)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("Error:"))
        #expect(run.stderr.contains("service token") || run.stderr.contains("--service-token"))
        #expect(!run.stderr.contains("not-a-token"), "the value is never echoed")
    }
}
