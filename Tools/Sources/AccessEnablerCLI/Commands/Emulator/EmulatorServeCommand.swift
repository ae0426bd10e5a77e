import AccessEnabler
import AccessEnablerTesting
import ArgumentParser
import EmulatorServer
import Foundation

/// `accessenabler emulator serve`: serves `PassEmulator` over HTTP/1.1 until interrupted.
struct EmulatorServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract:
            "Serve the Adobe Pass emulator over HTTP (REST API v1 and v2, DCR, MVPD login pages, /emulator/ controls).",
        usage:
            "accessenabler emulator serve [--port <port>] [--host <host>] [--scenario <file>]\n  [--manual-clock] [--quiet]",
        discussion: """
            Once it listens, prints the scenario and then "Listening on <url>" on standard output; with \
            --port 0 the system picks a free port. Each request is logged on standard error (no query \
            strings) unless --quiet; warnings (a fault that cannot fire) always are. Stop it with Ctrl-C \
            (SIGINT) or SIGTERM. A --scenario file is checked first: an unknown key, a value of the wrong \
            type or a requestor listing an MVPD the file does not define stops it with the JSON path of the \
            mistake (exit 2).

            The standard scenario: requestor REF; MVPDs Cablevision (login form: alice / alice-password), \
            AutoCable (signs in as bob without a form) and TempPass; news, sports, movies and kids \
            authorized, premium denied.

            \(EmulatorHelp.controlRoutes)

            \(EmulatorHelp.faultKinds)

            \(EmulatorHelp.degradationRules)

            \(HelpText.examples([
                "# http://127.0.0.1:8080",
                "accessenabler emulator serve",
                "accessenabler emulator serve --port 0 --manual-clock --quiet",
                "accessenabler emulator serve --scenario scenario.json --host 0.0.0.0",
            ]))
            """)

    @Option(help: "The port to listen on (0: any free port).")
    var port: Int = 8080

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(
        help: ArgumentHelp(
            "A scenario JSON file (EmulatorScenario). Default: the built-in standard scenario.",
            valueName: "file"))
    var scenario: String?

    @Flag(
        name: .customLong("manual-clock"),
        help: "Keep the emulator's time still except through POST /emulator/clock/advance (emulator clock advance).")
    var manualClock = false

    @Flag(help: "Do not log requests on standard error.")
    var quiet = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        if host.isEmpty { throw ValidationError("--host must not be empty.") }
        _ = try loadScenario()
    }

    func run() async throws {
        let console = Console()
        let (scenario, origin) = try loadScenario()
        var server = EmulatorServer(host: host, port: port, scenario: scenario)
        if manualClock { server.clock = TestClock(now: Date()) }
        if !quiet {
            server.onRequest = { request in
                let outcome = request.status.map { String($0) } ?? "connection dropped"
                console.err("\(request.method) \(request.path) → \(outcome)")
            }
        }
        server.onWarning = { console.err("warning: \($0)") }
        let beyondLoopback = EmulatorServer.beyondLoopbackWarning(host: host)
        do {
            try await server.run(handlingSignals: true) { emulator in
                // Printed once the socket is bound: a port in use is reported before anything else.
                console.out("Scenario (\(origin)):")
                console.outJSON(Self.prettyJSON(scenario))
                let base = emulator.baseURL.absoluteString
                if let beyondLoopback { console.err("warning: \(beyondLoopback)") }
                console.out("Listening on \(base)")
                console.out(
                    """
                      Try: export ACCESSENABLER_SERVICE_PROVIDER=\(base) ACCESSENABLER_REQUESTOR=<id> \
                    ACCESSENABLER_SOFTWARE_STATEMENT=any; accessenabler configure
                      Control: accessenabler emulator requests --emulator-url \(base)
                    """)
            }
        } catch let error as EmulatorServerError {
            console.err("error: \(error.description)")
            throw ExitCode(1)
        }
    }

    /// The scenario to serve and where it came from.
    ///
    /// - Throws: `ValidationError` (a usage error) for an unreadable file or a mistake in it,
    ///   with the JSON path of the mistake.
    private func loadScenario() throws -> (EmulatorScenario, String) {
        guard let path = scenario else { return (.standard, "built-in standard scenario") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("The scenario file \(path) cannot be read.")
        }
        do {
            return (try EmulatorScenario(validatingJSON: data), path)
        } catch {
            throw ValidationError("The scenario file \(path) has a mistake at \(error.path): \(error.message).")
        }
    }

    static func prettyJSON(_ scenario: EmulatorScenario) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(scenario) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
