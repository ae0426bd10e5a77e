import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `login`: redirect chains that complete by themselves; the person in the loop who signs in in a
/// browser that comes back to the tool's loopback listener; and, with a custom-scheme redirect URL,
/// the person who pastes the final URL on standard input.
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
                try await server.emulator.waitForRequests(to: .profile, count: 1)
                let deadline = ContinuousClock.now.advanced(by: .seconds(60))
                while await server.emulator.requests(to: .profile).first?.responseStatus == nil {
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
        }
    }

    /// A `$BROWSER` that writes the URL it is given to `file` (the tests' stand-in for a browser).
    private func recordingBrowser(in folder: TemporaryFolder, file: String) throws -> String {
        let script = folder.path("browser.sh")
        try "#!/bin/sh\nprintf '%s' \"$1\" > '\(file)'\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        return script
    }

    @Test(
        "against the emulator, the browser opens and comes back to the tool on loopback: nothing to paste",
        arguments: AccessEnabler.Backend.allCases)
    func browserComesBack(backend: AccessEnabler.Backend) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer { server in
            let client = CLIClient(serviceProvider: server.url, storage: folder.path("storage.json"), backend: backend)
            let opened = folder.path("opened.txt")
            let process = try LiveProcess(
                arguments: ["login", "--mvpd", "Cablevision", "--json"] + client.commonArguments,
                environment: [
                    "ACCESSENABLER_SOFTWARE_STATEMENT": client.softwareStatement,
                    "BROWSER": try recordingBrowser(in: folder, file: opened),
                ])
            try await process.waitFor("the instructions") { _, stderr in stderr.contains("goes on by itself") }
            #expect(process.stderr.contains("Sign in in the browser that opened at:"), "\(process.stderr)")
            let loginURL = try #require(URL(string: try String(contentsOfFile: opened, encoding: .utf8)))
            #expect(loginURL.absoluteString.hasPrefix(server.url.absoluteString))
            let back = try #require(
                process.stderr.firstMatch(of: /comes back to this tool \(at (http:\/\/127\.0\.0\.1:[0-9]+\/[^)]*)\)/)?.1
            )
            let landed = try await PersonInBrowser.signInComingBack(
                at: loginURL, username: "alice", password: "alice-password", to: String(back))
            #expect(landed.status == 200)
            #expect(landed.page.contains("You can close this tab"))
            #expect(landed.url.query?.hasPrefix("state=") == true, "the listener's own state")
            let result = await process.finish()
            #expect(result.status == 0, "\(result.stderr)")
            let json = try JSONDecoder().decode(JSONValue.self, from: Data(result.stdout.utf8))
            #expect(json["authenticated"] == true)
            #expect(json["userId"] == "alice-user-id")
            // The listener took its one request and closed.
            await #expect(throws: (any Error).self) {
                _ = try await URLSession(configuration: .ephemeral).data(from: landed.url)
            }
            // The logout of that sign-in returns to the same loopback redirect URL, which the
            // emulator accepts on any port (RFC 8252) as the one the client registered.
            let logout = try await client.run(["logout"])
            #expect(logout.status == 0, "\(logout.stderr)")
            #expect(!logout.stderr.contains("warning"), "\(logout.stderr)")
        }
    }

    @Test("--no-browser prints the URL and still catches the redirect")
    func noBrowser() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer { server in
            let client = CLIClient(serviceProvider: server.url, storage: folder.path("storage.json"), backend: .restV2)
            let opened = folder.path("opened.txt")
            let process = try LiveProcess(
                arguments: ["login", "--mvpd", "Cablevision", "--no-browser", "--json"] + client.commonArguments,
                environment: [
                    "ACCESSENABLER_SOFTWARE_STATEMENT": client.softwareStatement,
                    "BROWSER": try recordingBrowser(in: folder, file: opened),
                ])
            try await process.waitFor("the login URL") { _, stderr in stderr.contains("goes on by itself") }
            #expect(process.stderr.contains("Open this URL in a browser and sign in:"))
            let prefix = "  " + server.url.absoluteString
            let line = try #require(process.stderr.split(separator: "\n").first { $0.hasPrefix(prefix) })
            let loginURL = try #require(URL(string: line.trimmingCharacters(in: .whitespaces)))
            let back = try #require(
                process.stderr.firstMatch(of: /comes back to this tool \(at (http:\/\/127\.0\.0\.1:[0-9]+\/[^)]*)\)/)?.1
            )
            let landed = try await PersonInBrowser.signInComingBack(
                at: loginURL, username: "alice", password: "alice-password", to: String(back))
            #expect(landed.status == 200)
            let result = await process.finish()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: opened), "no browser was opened")
        }
    }

    @Test(
        "with a custom-scheme redirect URL, the URL is printed and the redirect URL read from standard input",
        arguments: AccessEnabler.Backend.allCases)
    func personInTheLoop(backend: AccessEnabler.Backend) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await withEmulatorServer { server in
            let client = CLIClient(serviceProvider: server.url, storage: folder.path("storage.json"), backend: backend)
            let process = try LiveProcess(
                arguments: ["login", "--mvpd", "Cablevision", "--json", "--redirect-url", "adobepass://ios.app"]
                    + client.commonArguments,
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
            let run = try await client.run(
                ["login", "--mvpd", "Cablevision"], input: "\n", extra: ["--redirect-url", "adobepass://ios.app"])
            #expect(run.status == 1)
            #expect(try run.object()["status"]?["code"] == "login_not_completed")
            #expect(run.stderr.contains("Open this URL in a browser"))
        }
    }
}
