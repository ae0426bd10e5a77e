import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// `login --second-screen` and `activate` as separate processes against `emulator serve`: a TV
/// and a phone completing one sign-in, and a TV cancelled with Ctrl-C.
@Suite("second-screen sign-in (spawned)", .timeLimit(.minutes(5)))
struct CLISecondScreenTests {
    /// Starts `emulator serve --port 0` (real clock) and returns the process and its URL.
    private func serve() async throws -> (LiveProcess, URL) {
        let process = try LiveProcess(arguments: ["emulator", "serve", "--port", "0", "--quiet"])
        try await process.waitFor("the listening line") { stdout, _ in stdout.contains("Listening on ") }
        let line = try #require(process.stdout.split(separator: "\n").first { $0.hasPrefix("Listening on ") })
        return (process, try #require(URL(string: String(line.dropFirst("Listening on ".count)))))
    }

    /// Starts `login --second-screen` for `client` and waits for the code it prints.
    private func showCode(_ client: CLIClient, _ extra: [String] = []) async throws -> (LiveProcess, String) {
        let tv = try LiveProcess(
            arguments: ["login", "--second-screen", "--poll-interval", "1"] + extra + client.commonArguments + [
                "--json"
            ],
            environment: ["ACCESSENABLER_SOFTWARE_STATEMENT": client.softwareStatement])
        try await tv.waitFor("the code") { _, stderr in stderr.contains("The code expires") }
        let line = try #require(tv.stderr.split(separator: "\n").first { $0.hasPrefix("Code: ") })
        return (tv, String(line.dropFirst("Code: ".count)))
    }

    @Test("a TV process and a phone process complete one sign-in")
    func twoProcessesSignIn() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (server, url) = try await serve()
        defer { server.interrupt() }
        let tvClient = CLIClient(serviceProvider: url, storage: folder.path("tv.json"), backend: .restV2)
        let phone = CLIClient(serviceProvider: url, storage: folder.path("phone.json"), backend: .restV2)

        let (tv, code) = try await showCode(tvClient)
        #expect(code.count == 7)
        #expect(tv.stderr.contains("Go to \(url.absoluteString)/activate on a phone or computer"))
        #expect(tv.stderr.contains("/activate?code=\(code)"))

        let activate = try await phone.run(
            [
                "activate", code.lowercased(), "--mvpd", "Cablevision", "--username", "alice", "--password",
                "alice-password",
            ])
        #expect(activate.status == 0, "\(activate.stderr)")
        #expect(try activate.object()["activated"] == true)
        #expect(try activate.object()["mvpd"] == "Cablevision")

        let result = await tv.finish(timeout: .seconds(60))
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONDecoder().decode(JSONValue.self, from: Data(result.stdout.utf8))
        #expect(report["authenticated"] == true)
        #expect(report["mvpd"] == "Cablevision")
        #expect(report["userId"] == "alice-user-id")

        #expect(try await tvClient.run(["status"]).object()["authenticated"] == true, "the TV keeps the sign-in")
        #expect(try await phone.run(["status"]).object()["authenticated"] == false, "the phone stores nothing")
    }

    @Test("a wrong code is refused, a preselected MVPD needs no --mvpd, Ctrl-C cancels the TV")
    func wrongCodeAndInterrupt() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (server, url) = try await serve()
        defer { server.interrupt() }
        let tvClient = CLIClient(serviceProvider: url, storage: folder.path("tv.json"), backend: .restV2)
        let phone = CLIClient(serviceProvider: url, storage: folder.path("phone.json"), backend: .restV2)

        let wrong = try await phone.run(["activate", "NOPE123", "--mvpd", "Cablevision"])
        #expect(wrong.status == 1)
        #expect(try wrong.object()["status"]?["code"] == "invalid_parameter_code")

        let (tv, code) = try await showCode(tvClient, ["--mvpd", "Cablevision"])
        #expect(tv.stderr.contains("TV provider: "))
        tv.interrupt()
        let cancelled = await tv.finish(timeout: .seconds(60))
        #expect(cancelled.status == 1, "\(cancelled.stderr)")
        #expect(cancelled.stderr.contains("cancelled"))

        // The code stays valid on the server; the phone can still use it without --mvpd.
        let activate = try await phone.run(["activate", code, "--username", "alice", "--password", "alice-password"])
        #expect(activate.status == 0, "\(activate.stderr)")
        #expect(
            try await tvClient.run(["status"]).object()["authenticated"] == false, "the cancelled TV did not sign in")
    }
}
