import AccessEnabler
import AccessEnablerTesting
import ArgumentParser
import EmulatorServer
import Foundation

/// `accessenabler emulator serve`: serves `PassEmulator` over HTTP/1.1 until interrupted.
struct EmulatorServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the Adobe Pass emulator over HTTP (REST API v1 and v2, DCR, MVPD login pages, /emulator/ controls).",
        discussion: """
            Prints the scenario and then "Listening on <url>" on standard output; with --port 0 the \
            system picks a free port. Each request is logged on standard error (no query strings) \
            unless --quiet. Stop it with Ctrl-C (SIGINT) or SIGTERM.

            Control routes: GET/DELETE /emulator/requests, POST/DELETE /emulator/faults, \
            POST /emulator/clock/advance (with --manual-clock), GET /emulator/scenario, \
            POST /emulator/degradation, POST /emulator/sessions/force-resume.
            """)

    @Option(help: "The port to listen on (0: any free port).")
    var port: Int = 8080

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: ArgumentHelp("A scenario JSON file (EmulatorScenario). Default: the built-in standard scenario.",
                               valueName: "file"))
    var scenario: String?

    @Flag(name: .customLong("manual-clock"),
          help: "Keep the emulator's time still except through POST /emulator/clock/advance.")
    var manualClock = false

    @Flag(help: "Do not log requests on standard error.")
    var quiet = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        if host.isEmpty { throw ValidationError("--host must not be empty.") }
    }

    func run() async throws {
        let console = Console()
        let (scenario, origin) = try loadScenario()
        console.out("Scenario (\(origin)):")
        console.outJSON(Self.prettyJSON(scenario))
        var server = EmulatorServer(host: host, port: port, scenario: scenario)
        if manualClock { server.clock = TestClock(now: Date()) }
        if !quiet {
            server.onRequest = { request in
                let outcome = request.status.map { String($0) } ?? "connection dropped"
                console.err("\(request.method) \(request.path) → \(outcome)")
            }
        }
        try await server.run(handlingSignals: true) { emulator in
            let base = emulator.baseURL.absoluteString
            console.out("Listening on \(base)")
            console.out("""
                  Try: accessenabler configure --service-provider \(base) --requestor <id> --software-statement <any>
                  Request log: GET \(base)/emulator/requests
                """)
        }
    }

    /// The scenario to serve and where it came from.
    private func loadScenario() throws -> (EmulatorScenario, String) {
        guard let path = scenario else { return (.standard, "built-in standard scenario") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("The scenario file \(path) cannot be read.")
        }
        do {
            return (try JSONDecoder().decode(EmulatorScenario.self, from: data), path)
        } catch {
            throw ValidationError("The scenario file \(path) is not a valid scenario: \(error)")
        }
    }

    static func prettyJSON(_ scenario: EmulatorScenario) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(scenario) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
