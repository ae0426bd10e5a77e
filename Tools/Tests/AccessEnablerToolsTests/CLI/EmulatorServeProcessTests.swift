import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `accessenabler emulator serve` as its own process: start-up output, a scenario file, the
/// control routes over HTTP, client commands against it, and a clean stop on SIGINT.
@Suite("emulator serve (spawned)", .timeLimit(.minutes(5)))
struct EmulatorServeProcessTests {
    /// Starts `emulator serve --port 0` and returns the process and its listening URL.
    private func serve(_ extra: [String] = []) async throws -> (LiveProcess, URL) {
        let process = try LiveProcess(arguments: ["emulator", "serve", "--port", "0"] + extra)
        try await process.waitFor("the listening line") { stdout, _ in stdout.contains("Listening on ") }
        let line = try #require(process.stdout.split(separator: "\n").first { $0.hasPrefix("Listening on ") })
        let url = try #require(URL(string: String(line.dropFirst("Listening on ".count))))
        return (process, url)
    }

    @Test("prints the built-in scenario and the listening URL, serves clients, stops on SIGINT")
    func standardScenario() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (process, url) = try await serve()
        #expect(url.scheme == "http")
        #expect(url.host == "127.0.0.1")
        #expect((url.port ?? 0) > 0)

        // The scenario is printed as JSON between the title line and the listening line.
        let stdout = process.stdout
        #expect(stdout.hasPrefix("Scenario (built-in standard scenario):\n{"))
        let json = try #require(
            stdout.range(of: "{").map { start in
                String(stdout[start.lowerBound..<(stdout.range(of: "\nListening on ")?.lowerBound ?? stdout.endIndex)])
            })
        let printed = try JSONDecoder().decode(EmulatorScenario.self, from: Data(json.utf8))
        #expect(printed == .standard)

        let client = CLIClient(serviceProvider: url, storage: folder.path("storage.json"), backend: .restV2)
        let configure = try await client.run(["configure"])
        #expect(configure.status == 0, "\(configure.stderr)")
        let login = try await client.run([
            "login", "--mvpd", "Cablevision", "--username", "alice", "--password", "alice-password",
        ])
        #expect(login.status == 0, "\(login.stderr)")

        // The control routes over HTTP.
        let (data, response) = try await URLSession.shared.data(from: url.appendingPathComponent("emulator/requests"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let records = try #require(try JSONDecoder().decode(JSONValue.self, from: data).arrayValue)
        #expect(records.contains { $0["route"] == "register" })
        #expect(records.contains { $0["route"] == "mvpdLogin" })

        process.interrupt()
        let result = await process.finish(timeout: .seconds(30))
        #expect(result.status == 0, "stops cleanly on SIGINT: \(result.stderr)")
        // Each request is logged on standard error, without query strings.
        #expect(result.stderr.contains("POST /o/client/register → 201"))
        #expect(!result.stderr.contains("?"))
    }

    @Test("serves a scenario file, with the manual clock and quiet")
    func scenarioFile() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let scenario = """
            {
              "requestors": [{"id": "NBC", "name": "NBC Test", "mvpds": ["Cable1", "Pass"]}],
              "mvpds": [
                {"id": "Cable1", "displayName": "Cable One", "autoLogin": true,
                 "users": [{"username": "carol", "userID": "carol-id"}]},
                {"id": "Pass", "isTempPass": true}
              ],
              "entitlements": {"authorizeUnlisted": true}
            }
            """
        try scenario.write(toFile: folder.path("scenario.json"), atomically: true, encoding: .utf8)
        let (process, url) = try await serve(["--scenario", folder.path("scenario.json"), "--manual-clock", "--quiet"])
        #expect(process.stdout.hasPrefix("Scenario (\(folder.path("scenario.json"))):"))

        let client = CLIClient(
            serviceProvider: url, storage: folder.path("storage.json"), backend: .restV1, requestor: "NBC")
        let configure = try await client.run(["configure"])
        #expect(try configure.object()["mvpds"]?.arrayValue?.map { $0["displayName"] } == ["Cable One", "Pass"])
        let login = try await client.run(["login", "--mvpd", "Cable1"])
        #expect(try login.object()["userId"] == "carol-id")
        let authorize = try await client.run(["authorize", "anything"])
        #expect(authorize.status == 0, "\(authorize.stderr)")

        // The clock control route works with --manual-clock.
        var advance = URLRequest(url: url.appendingPathComponent("emulator/clock/advance"))
        advance.httpMethod = "POST"
        advance.setValue("application/json", forHTTPHeaderField: "Content-Type")
        advance.httpBody = Data(#"{"seconds": 60}"#.utf8)
        let (data, response) = try await URLSession.shared.data(for: advance)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data)["now"]?.numberValue != nil)

        process.interrupt()
        let result = await process.finish(timeout: .seconds(30))
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "--quiet logs no requests: \(result.stderr)")
    }

    @Test("a bad control request is answered 400 with the reason, and the server keeps serving")
    func badControlRequests() async throws {
        let (process, url) = try await serve(["--manual-clock", "--quiet"])
        func post(_ path: String, _ body: String) async throws -> (status: Int?, error: String?) {
            var request = URLRequest(url: url.appendingPathComponent(path))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body.utf8)
            let (data, response) = try await URLSession.shared.data(for: request)
            let error = (try? JSONDecoder().decode(JSONValue.self, from: data))?["error"]?.stringValue
            return ((response as? HTTPURLResponse)?.statusCode, error)
        }
        let delay = try await post(
            "emulator/faults", #"{"route": "configurationV2", "fault": {"kind": "delay", "seconds": 1e300}}"#)
        #expect(delay.status == 400)
        #expect(
            delay.error?.hasPrefix("fault.seconds: must be a number of seconds from 0 to 315360000") == true,
            "\(delay.error ?? "")")
        let advance = try await post("emulator/clock/advance", #"{"seconds": 1e300}"#)
        #expect(advance.status == 400)
        #expect(advance.error?.hasPrefix("seconds: ") == true, "\(advance.error ?? "")")
        for status in [-1, 1000] {
            let fault = try await post(
                "emulator/faults", #"{"route": "configurationV2", "fault": {"kind": "status", "status": \#(status)}}"#)
            #expect(fault.status == 400)
            #expect(
                fault.error?.contains("fault.status: must be an HTTP status from 100 to 599; got \(status)") == true,
                "\(fault.error ?? "")")
        }

        // Still serving, with nothing applied: a client gets its configuration.
        let (data, response) = try await URLSession.shared.data(from: url.appendingPathComponent("emulator/requests"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data).arrayValue == [])
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let configure = try await CLIClient(
            serviceProvider: url, storage: folder.path("storage.json"), backend: .restV2
        ).run(["configure"])
        #expect(configure.status == 0, "\(configure.stderr)")

        process.interrupt()
        let result = await process.finish(timeout: .seconds(30))
        #expect(result.status == 0, "the server was still running and stopped cleanly: \(result.stderr)")
    }

    @Test("a port in use is reported in one sentence before anything is printed, and exits with 1")
    func portInUse() async throws {
        let (first, url) = try await serve(["--quiet"])
        let port = url.port ?? 0
        let second = try await CLIRun.run(["emulator", "serve", "--port", String(port), "--quiet"])
        #expect(second.status == 1)
        #expect(second.stdout.isEmpty, "no scenario is printed: \(second.stdout)")
        #expect(
            second.stderr == "error: The port \(port) on 127.0.0.1 is in use already (another emulator serve?): "
                + "choose another with --port, or --port 0 for any free port.\n")
        first.interrupt()
        _ = await first.finish(timeout: .seconds(30))
    }

    @Test("a scenario file with a mistake stops serve with exit 2 and the JSON path of the mistake")
    func scenarioMistakes() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cases: [(String, String)] = [
            (
                #"{"mvpds": [{"id": "A", "autoLgin": true}]}"#,
                #"$.mvpds[0].autoLgin: unknown key "autoLgin" (did you mean "autoLogin"?)"#
            ),
            (
                #"{"requestors": [{"id": "R", "mvpds": ["A", "B"]}], "mvpds": [{"id": "A"}]}"#,
                #"$.requestors[0].mvpds[1]: the MVPD "B" is not defined in $.mvpds (defined: A)"#
            ),
            (#"{"tempPassTTL": "ten minutes"}"#, "$.tempPassTTL: must be a number"),
        ]
        for (json, expected) in cases {
            try json.write(toFile: folder.path("scenario.json"), atomically: true, encoding: .utf8)
            let run = try await CLIRun.run([
                "emulator", "serve", "--port", "0", "--scenario", folder.path("scenario.json"),
            ])
            #expect(run.status == 2, "\(json)")
            #expect(run.stdout.isEmpty)
            #expect(
                run.stderr.contains("The scenario file \(folder.path("scenario.json")) has a mistake at \(expected)"),
                "\(run.stderr)")
        }
    }

    @Test(
        "demo still runs the whole flow in process (both backends), one result line per step",
        arguments: AccessEnabler.Backend.allCases)
    func demo(backend: AccessEnabler.Backend) async throws {
        let run = try await CLIRun.run(["demo", "--backend", backend.rawValue])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let steps = lines.indices.filter { lines[$0].hasPrefix("▸ ") }
        // REST API v2 adds the second device signed in by a service token.
        let count = backend == .restV2 ? 10 : 9
        #expect(steps.count == count)
        for step in steps {
            #expect(lines[step + 1].hasPrefix("  → "), "\(lines[step]) is followed by its result line")
            #expect(!lines[step + 2].hasPrefix("  → "), "\(lines[step]) has one result line")
        }
        #expect(run.stdout.contains("▸ \(count). logout(presenter:)\n  → logged out"))
        // The second app (shared device identifier) and, on v2, the second device (service token).
        let secondApp = try #require(lines.firstIndex { $0.hasPrefix("▸ 8. A second app on this device") })
        #expect(lines[secondApp + 1].hasPrefix("  → authenticated with Cablevision until"))
        #expect(lines[secondApp + 1].contains("1 request, no login page"))
        if backend == .restV2 {
            #expect(lines[secondApp + 3].hasPrefix("▸ 9. A second device of the same viewer"))
            #expect(lines[secondApp + 4].hasPrefix("  → authenticated with Cablevision until"))
            #expect(lines[secondApp + 4].contains("found through AD-Service-Token (profile type serviceTokenSSO)"))
        }
        #expect(!run.stdout.contains("Not authenticated"), "the logout step reads as success")
        // The preauthorization table has the preauthorize command's columns.
        #expect(run.stdout.contains("Resource  Decision    Details"))
    }

    @Test("demo --partner-sso signs in through the TV Provider with no login page; REST v1 is refused")
    func partnerSingleSignOnDemo() async throws {
        let run = try await CLIRun.run(["demo", "--partner-sso"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("partnerSession, partnerProfile"), "\(run.stdout)")
        #expect(!run.stdout.contains("mvpdLogin"), "no MVPD login page")
        let refused = try await CLIRun.run(["demo", "--partner-sso", "--backend", "restV1"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--partner-sso needs REST API v2"))
    }
}
