import AccessEnabler
import AccessEnablerTesting
import ArgumentParser
import Foundation

/// `accessenabler emulator wait`: until a running emulator answers.
struct EmulatorWaitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wait",
        abstract: "Wait until an emulator answers (after starting emulator serve in the background).",
        discussion: HelpText.examples([
            "accessenabler emulator serve --port 8080 > emulator.log &",
            "accessenabler emulator wait --timeout 20",
        ]))

    @Option(help: ArgumentHelp("How long to wait at most.", valueName: "seconds"))
    var timeout: Double = 10

    @OptionGroup(title: "Emulator connection") var emulator: EmulatorControlOptions

    func validate() throws {
        guard timeout.isFinite, timeout > 0, timeout <= 3_600 else {
            throw ValidationError("--timeout must be from 0 to 3600 seconds.")
        }
    }

    func run() async throws {
        let url = try emulator.url().appendingPathComponent("emulator/scenario")
        let transport = DiagnosingTransport()
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
        var cause = "no answer"
        while ContinuousClock.now < deadline {
            var request = HTTPTransportRequest(method: .get, url: url)
            request.timeout = .seconds(2)
            do {
                let response = try await transport.send(request)
                if response.status == 200 {
                    Console().out("The emulator at \(try emulator.url().absoluteString) answers.")
                    return
                }
                cause = "it answered HTTP \(response.status): is it an emulator?"
            } catch {
                cause = DiagnosingTransport.cause(of: error) ?? cause
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        Console().err(
            "error: no emulator answered at \(try emulator.url().absoluteString) within "
                + "\(LogLine.format(timeout)) s (\(cause))")
        throw ExitCode(1)
    }
}

/// `accessenabler emulator scenario`: the scenario a running emulator serves.
struct EmulatorScenarioCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenario",
        abstract: "Print the scenario a running emulator serves (JSON, the --scenario file format).",
        discussion: HelpText.examples([
            "# a starting point for a --scenario file",
            "accessenabler emulator scenario > scenario.json",
        ]))

    @OptionGroup(title: "Emulator connection") var emulator: EmulatorControlOptions

    func run() async throws {
        let control = try EmulatorControl(emulator)
        let response = try await control.send(.get, "scenario")
        try control.check(response, what: "the scenario")
        control.console.outJSON(String(decoding: response.body, as: UTF8.self))
    }
}

/// `accessenabler emulator force-resume [COUNT]`: `POST /emulator/sessions/force-resume`.
struct EmulatorForceResumeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "force-resume",
        abstract: "Make the next REST v2 session creations answer resume with every parameter missing.",
        discussion: HelpText.examples([
            "accessenabler emulator force-resume",
            "accessenabler emulator force-resume 0",
        ]))

    @Argument(help: ArgumentHelp("How many session creations (default 1; 0 turns it off).", valueName: "count"))
    var count: Int = 1

    @OptionGroup(title: "Emulator connection") var emulator: EmulatorControlOptions

    func validate() throws {
        if count < 0 { throw ValidationError("The count must be 0 or more.") }
    }

    func run() async throws {
        let control = try EmulatorControl(emulator)
        try control.check(
            try await control.send(.post, "sessions/force-resume", json: ["count": .number(Double(count))]),
            what: "forcing session resumes")
        control.console.out(
            count == 0 ? "Session creations answer normally." : "The next \(count) session creation(s) answer resume.")
    }
}
