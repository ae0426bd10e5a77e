import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// `login`: redirect chains that complete by themselves, and the person in the loop who signs in
/// in a browser and pastes the final URL on standard input.
@Suite("CLI login", .timeLimit(.minutes(5)))
struct CLILoginTests {
    @Test("auto-login and TempPass complete without a person", arguments: AccessEnabler.Backend.allCases)
    func automatic(backend: AccessEnabler.Backend) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer { server in
            let client = CLIClient(serviceProvider: server.url, storage: folder.path("storage.json"), backend: backend)
            let auto = try await client.run(["login", "--mvpd", "AutoCable"])
            #expect(auto.status == 0, "\(auto.stderr)")
            #expect(try auto.object()["userId"] == "bob-user-id")
            // Already authenticated with another MVPD: the session is kept, and the tool says so.
            let again = try await client.run(["login", "--mvpd", "TempPass"])
            #expect(again.status == 0)
            #expect(try again.object()["mvpd"] == "AutoCable")
            #expect(again.stderr.contains("note: kept the current session with AutoCable"), "\(again.stderr)")
            #expect(again.stderr.contains("--force signs in with TempPass instead"))
            let same = try await client.run(["login", "--mvpd", "AutoCable"])
            #expect(same.stderr.contains("note: already signed in with AutoCable"))
            // An MVPD the requestor does not offer is an error, signed in or not, forced or not.
            for extra in [[], ["--force"]] {
                let unknown = try await client.run(["login", "--mvpd", "Nope"] + extra)
                #expect(unknown.status == 1)
                #expect(try unknown.object()["status"]?["code"] == "provider_not_available")
                #expect(
                    unknown.stderr.contains(
                        "MVPD Nope is not offered; the requestor offers: Cablevision, AutoCable, TempPass."))
            }
            let result1 = try await client.run(["status"])
            #expect(try result1.object()["mvpd"] == "AutoCable", "the session survived")
            let forced = try await client.run(["login", "--mvpd", "TempPass", "--force", "--data", "promo=1"])
            #expect(forced.status == 0, "\(forced.stderr)")
            #expect(try forced.object()["mvpd"] == "TempPass")
            #expect(!forced.stderr.contains("needs a person"))
        }
    }

    /// An MVPD that confirms logins late: after the redirect, `login` says what it waits for (and
    /// for how long at most) while it polls, then succeeds.
    ///
    /// The server's clock is a test clock: the MVPD confirms the login only once the tool's first
    /// poll has been answered (nothing yet), when the test moves that clock past the delay. How
    /// fast the machine runs the tool cannot make the first poll see the profile.
    @Test("login says what it waits for after the redirect")
    func waitAfterTheRedirectIsAnnounced() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var scenario = EmulatorScenario.standard
        let index = try #require(scenario.mvpds.firstIndex { $0.id == "AutoCable" })
        scenario.mvpds[index].profileDelay = 2
        let clock = TestClock(now: Date())
        try await withEmulatorServer(scenario: scenario, clock: clock) { server in
            let client = CLIClient(serviceProvider: server.url, storage: folder.path("storage.json"), backend: .restV2)
            let confirmation = Task {
                try await server.emulator.waitForRequests(to: .profileForMVPD, count: 1)
                let deadline = ContinuousClock.now.advanced(by: .seconds(60))
                while await server.emulator.requests(to: .profileForMVPD).first?.responseStatus == nil {
                    guard ContinuousClock.now < deadline else { throw CancellationError() }
                    try await Task.sleep(for: .milliseconds(5))
                }
                clock.advance(by: .seconds(3))
            }
            let login = try await client.run(["login", "--mvpd", "AutoCable"])
            // Bounded: each wait in the task ends within 60 s.
            try await confirmation.value
            #expect(login.status == 0, "\(login.stderr)")
            #expect(try login.object()["mvpd"] == "AutoCable")
            #expect(
                login.stderr.contains(
                    "The login reached the redirect URL; waiting up to 30 s for the service provider's profile of AutoCable"
                ),
                "\(login.stderr)")
            // A login the MVPD confirms at once says nothing of the kind.
            let quick = try await client.run([
                "login", "--mvpd", "Cablevision", "--force", "--username", "alice",
                "--password", "alice-password",
            ])
            #expect(quick.status == 0, "\(quick.stderr)")
            #expect(!quick.stderr.contains("waiting up to"), "\(quick.stderr)")
        }
    }

    @Test(
        "a login form without credentials: the URL is printed and the redirect URL read from standard input",
        arguments: AccessEnabler.Backend.allCases)
    func personInTheLoop(backend: AccessEnabler.Backend) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer { server in
            let client = CLIClient(serviceProvider: server.url, storage: folder.path("storage.json"), backend: backend)
            let process = try LiveProcess(
                arguments: ["login", "--mvpd", "Cablevision", "--json"] + client.commonArguments,
                environment: ["ACCESSENABLER_SOFTWARE_STATEMENT": client.softwareStatement])
            try await process.waitFor("the login URL") { _, stderr in stderr.contains("Paste the full URL") }
            let prefix = "  " + server.url.absoluteString
            let line = try #require(process.stderr.split(separator: "\n").first { $0.hasPrefix(prefix) })
            let loginURL = try #require(URL(string: line.trimmingCharacters(in: .whitespaces)))

            let landed = try await PersonInBrowser.signIn(at: loginURL, username: "alice", password: "alice-password")
            #expect(landed.absoluteString.hasPrefix("adobepass://ios.app"))
            process.write("not a url\n")
            process.write(landed.absoluteString + "\n")
            process.closeInput()
            let result = await process.finish()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("That is not a URL that starts with adobepass://ios.app"))
            let json = try JSONDecoder().decode(JSONValue.self, from: Data(result.stdout.utf8))
            #expect(json["authenticated"] == true)
            #expect(json["userId"] == "alice-user-id")

            let status = try await client.run(["status"])
            #expect(try status.object()["mvpd"] == "Cablevision")
        }
    }

    @Test("standard input that ends without a redirect URL fails the login (exit 1)")
    func noAnswer() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer { server in
            let client = CLIClient(serviceProvider: server.url, storage: folder.path("storage.json"), backend: .restV2)
            let run = try await client.run(["login", "--mvpd", "Cablevision"], input: "\n")
            #expect(run.status == 1)
            #expect(try run.object()["status"]?["code"] == "login_not_completed")
            #expect(run.stderr.contains("Open this URL in a browser"))
        }
    }
}
