import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The emulator control commands against a spawned `emulator serve`: fault, clock advance,
/// degrade, requests, scenario, force-resume, wait, and their errors.
@Suite("emulator control commands (spawned)", .timeLimit(.minutes(5)))
struct EmulatorControlCommandTests {
    /// Starts `emulator serve --port 0` with `extra` and returns the process and its URL.
    private func serve(_ extra: [String] = []) async throws -> (LiveProcess, URL) {
        let process = try LiveProcess(arguments: ["emulator", "serve", "--port", "0"] + extra)
        try await process.waitFor("the listening line") { stdout, _ in stdout.contains("Listening on ") }
        let line = try #require(process.stdout.split(separator: "\n").first { $0.hasPrefix("Listening on ") })
        return (process, try #require(URL(string: String(line.dropFirst("Listening on ".count)))))
    }

    /// Runs `emulator <words>` against `url` (through the environment variable).
    private func control(_ words: [String], _ url: URL) async throws -> CLIRun {
        try await CLIRun.run(["emulator"] + words, environment: ["ACCESSENABLER_EMULATOR_URL": url.absoluteString])
    }

    @Test("emulator requests reads every page of a log longer than one page")
    func requestsReadsEveryPage() async throws {
        let (server, url) = try await serve(["--quiet"])
        defer { server.interrupt() }
        let session = URLSession(configuration: .ephemeral)
        for _ in 0..<1_050 { _ = try await session.data(from: url.appendingPathComponent("activate")) }
        let first = try await session.data(from: url.appendingPathComponent("emulator/requests"))
        #expect(try JSONDecoder().decode([JSONValue].self, from: first.0).count == 1_000, "one page")
        let requests = try await control(["requests", "--json"], url)
        #expect(requests.status == 0, "\(requests.stderr)")
        let entries = try #require(try requests.json().arrayValue)
        #expect(entries.count == 1_050)
        #expect(entries.last?["id"] == 1_050)
    }

    @Test("fault, clock advance, degrade, requests, scenario and force-resume drive a running emulator")
    func controls() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (server, url) = try await serve(["--manual-clock", "--quiet"])
        let client = CLIClient(serviceProvider: url, storage: folder.path("storage.json"), backend: .restV2)

        let wait = try await control(["wait"], url)
        #expect(wait.status == 0, "\(wait.stderr)")
        let login = try await client.run([
            "login", "--mvpd", "Cablevision", "--username", "alice", "--password", "alice-password",
        ])
        #expect(login.status == 0, "\(login.stderr)")

        // A fault on the v1 route name fires on the v2 client's authorization.
        let fault = try await control(
            [
                "fault", "authorize", "status", "--status", "403", "--body",
                #"{"status":403,"code":"authorization_denied_by_mvpd","details":"from the fault"}"#,
                "--content-type", "application/json",
            ], url)
        #expect(fault.status == 0, "\(fault.stderr)")
        #expect(fault.stdout == "Queued status for the next request to authorize (or authorizeDecisions).\n")
        let denied = try await client.run(["authorize", "news"])
        #expect(denied.status == 1)
        #expect(try denied.object()["status"]?["details"] == "from the fault")
        let authorized = try await client.run(["authorize", "news"])
        #expect(authorized.status == 0, "the fault applied once")

        // A fault on a route REST v2 clients never call is a warning.
        let unreachable = try await control(["fault", "mediaToken", "timeout", "--always"], url)
        #expect(unreachable.status == 0)
        #expect(
            unreachable.stderr.contains("warning: the fault timeout injected on mediaToken"), "\(unreachable.stderr)")
        #expect(unreachable.stderr.contains("will not fire"))
        let cleared = try await control(["fault", "--clear"], url)
        #expect(cleared.stdout == "Cleared every fault.\n")

        // Degradation: authorizeNone denies; --clear lifts it.
        #expect(try await control(["degrade", "Cablevision", "authorizeNone"], url).status == 0)
        let degraded = try await client.run(["authorize", "sports"])
        #expect(try degraded.object()["status"]?["code"] == "authorization_denied_by_degradation_rule")
        let lifted = try await control(["degrade", "Cablevision", "--clear"], url)
        #expect(lifted.stdout == "Cablevision is no longer degraded.\n")
        #expect(try await client.run(["authorize", "sports"]).status == 0)

        // The clock: two hours later the one-hour authentication has expired.
        let advance = try await control(["clock", "advance", "2h"], url)
        #expect(advance.status == 0, "\(advance.stderr)")
        #expect(advance.stdout.hasPrefix("The emulator's clock moved 2h forward; it is now "))
        let expired = try await client.run(["authorize", "news"])
        #expect(expired.status == 1)
        let code = try expired.object()["status"]?["code"]?.stringValue ?? ""
        #expect(code.contains("expired") || code.contains("missing"), "\(expired.stdout)")

        // The request log, as a table and as JSON, without headers or queries; then cleared.
        let requests = try await control(["requests"], url)
        #expect(requests.stdout.contains("POST    /o/client/register"), "\(requests.stdout)")
        #expect(requests.stdout.contains("authorizeDecisions"))
        let json = try await control(["requests", "--json"], url)
        let entries = try #require(try json.json().arrayValue)
        #expect(entries.contains { $0["route"] == "authorizeDecisions" && $0["status"] == 403 })
        #expect(
            Set(entries.first?.objectValue?.keys.map { $0 } ?? []) == [
                "id", "method", "path", "route", "status", "failure",
            ])
        #expect(!json.stdout.contains("Bearer"))
        #expect(try await control(["requests", "--clear"], url).stdout == "Cleared the request log.\n")
        #expect(try await control(["requests"], url).stdout == "No requests yet.\n")

        // The scenario, in the --scenario file format.
        let scenario = try await control(["scenario"], url)
        #expect(try JSONDecoder().decode(EmulatorScenario.self, from: Data(scenario.stdout.utf8)) == .standard)

        let resume = try await control(["force-resume", "2"], url)
        #expect(resume.stdout == "The next 2 session creation(s) answer resume.\n")

        server.interrupt()
        #expect(await server.finish(timeout: .seconds(30)).status == 0)
    }

    @Test("mistakes are usage errors (2); a missing emulator or the system clock are failures (1)")
    func errors() async throws {
        let (server, url) = try await serve(["--quiet"])
        let cases: [([String], Int32, String)] = [
            (["fault", "authorise", "timeout"], 2, "Unknown route \"authorise\""),
            (["fault", "authorize", "explode"], 2, "Unknown fault kind \"explode\""),
            (["fault", "authorize", "status"], 2, "A status fault needs --status N."),
            (["fault", "authorize", "timeout", "--bytes", "3"], 2, "A timeout fault takes no --bytes."),
            (
                ["fault", "authorize", "status", "--status", "1000"], 2,
                "refused the fault (HTTP 400): fault.status: must be an HTTP status from 100 to 599"
            ),
            (["degrade", "Nope", "authorizeAll"], 2, "refused the degradation rule (HTTP 404): No such MVPD."),
            (["degrade", "Cablevision", "sometimes"], 2, "Unknown rule \"sometimes\""),
            (["clock", "advance", "soon"], 2, "\"soon\" is not a duration"),
            (
                ["clock", "advance", "1h"], 1,
                "runs on the system clock, which cannot be moved; start it with "
                    + "`accessenabler emulator serve --manual-clock`"
            ),
        ]
        for (words, status, message) in cases {
            let run = try await control(words, url)
            #expect(run.status == status, "\(words): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(words): \(run.stderr)")
        }
        server.interrupt()
        _ = await server.finish(timeout: .seconds(30))

        // Nothing listens there any more.
        let gone = try await control(["requests"], url)
        #expect(gone.status == 1)
        #expect(gone.stderr.hasPrefix("error: no emulator answers at \(url.absoluteString) (connection refused"))
        let wait = try await control(["wait", "--timeout", "0.3"], url)
        #expect(wait.status == 1)
        #expect(wait.stderr.hasPrefix("error: no emulator answered at \(url.absoluteString) within 0.3 s"))
    }

    @Test("durations: seconds, or numbers with d, h, m, s")
    func durations() async throws {
        let (server, url) = try await serve(["--quiet", "--manual-clock"])
        for (text, shown) in [("90", "1m30s"), ("1h30m", "1h30m"), ("2d", "2d"), ("0.5s", "0.5s")] {
            let run = try await control(["clock", "advance", text], url)
            #expect(run.stdout.hasPrefix("The emulator's clock moved \(shown) forward"), "\(text): \(run.stdout)")
        }
        server.interrupt()
        _ = await server.finish(timeout: .seconds(30))
    }
}
