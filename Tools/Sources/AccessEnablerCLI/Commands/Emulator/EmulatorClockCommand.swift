import AccessEnabler
import ArgumentParser
import Foundation

/// `accessenabler emulator clock …`: the emulator's time.
struct EmulatorClockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clock",
        abstract: "Move the time of an emulator served with --manual-clock.",
        discussion: """
            \(HelpText.examples([
                "accessenabler emulator serve --manual-clock > emulator.log &",
                "accessenabler emulator clock advance 1h30m",
            ]))
            """,
        subcommands: [EmulatorClockAdvanceCommand.self])
}

/// `accessenabler emulator clock advance DURATION`: `POST /emulator/clock/advance`.
struct EmulatorClockAdvanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "advance",
        abstract: "Move the emulator's clock forward, expiring what lives shorter (needs serve --manual-clock).",
        discussion: """
            DURATION is a number of seconds, or numbers with units d, h, m, s: 90, 90s, 15m, 1h, 1h30m, 2d.

            \(HelpText.examples([
                "accessenabler emulator serve --manual-clock > emulator.log &",
                "# the standard scenario's authentication lasts 1 h: it expires",
                "accessenabler emulator clock advance 1h",
                "accessenabler emulator clock advance 90s",
            ]))
            """)

    @Argument(help: ArgumentHelp("How far: 90, 90s, 15m, 1h, 1h30m, 2d.", valueName: "duration"))
    var duration: String

    @OptionGroup(title: "Emulator connection") var emulator: EmulatorControlOptions

    func validate() throws {
        _ = try DurationText.seconds(duration)
    }

    func run() async throws {
        let seconds = try DurationText.seconds(duration)
        let control = try EmulatorControl(emulator)
        let response = try await control.send(.post, "clock/advance", json: ["seconds": .number(seconds)])
        if response.status == 409 {
            control.console.err(
                "error: the emulator at \(control.baseURL.absoluteString) runs on the system clock, "
                    + "which cannot be moved; start it with `accessenabler emulator serve --manual-clock`")
            throw ExitCode(1)
        }
        try control.check(response, what: "moving the clock")
        let now = (try? JSONDecoder().decode(JSONValue.self, from: response.body))?["now"]?.numberValue
        let date = now.map { DateText.timestamp(Date(timeIntervalSince1970: $0 / 1000)) } ?? "unknown"
        control.console.out("The emulator's clock moved \(DurationText.describe(seconds)) forward; it is now \(date).")
    }
}

/// Durations on the command line: `90`, `90s`, `15m`, `1h30m`, `2d`, `1.5h`.
enum DurationText {
    /// The seconds `text` stands for.
    ///
    /// - Throws: `ValidationError` for anything else, or a negative or absurd duration.
    static func seconds(_ text: String) throws -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let plain = Double(trimmed) { return try checked(plain, text) }
        var total = 0.0
        var number = ""
        var sawUnit = false
        for character in trimmed {
            if character.isNumber || character == "." {
                number.append(character)
                continue
            }
            let unit: Double
            switch character {
            case "d": unit = 86_400
            case "h": unit = 3_600
            case "m": unit = 60
            case "s": unit = 1
            default: throw invalid(text)
            }
            guard let value = Double(number) else { throw invalid(text) }
            total += value * unit
            number = ""
            sawUnit = true
        }
        guard sawUnit, number.isEmpty else { throw invalid(text) }
        return try checked(total, text)
    }

    /// `3600` → `1h`, `5400` → `1h30m`, `90` → `1m30s`, `0.5` → `0.5s`.
    static func describe(_ seconds: Double) -> String {
        guard seconds >= 1, seconds == seconds.rounded() else { return "\(LogLine.format(seconds))s" }
        var rest = Int(seconds)
        var parts: [String] = []
        for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] where rest >= size {
            parts.append("\(rest / size)\(unit)")
            rest %= size
        }
        return parts.joined()
    }

    private static func checked(_ seconds: Double, _ text: String) throws -> Double {
        guard seconds.isFinite, seconds >= 0, seconds <= 315_360_000 else {
            throw ValidationError("The duration must be from 0 to ten years; got \"\(text)\".")
        }
        return seconds
    }

    private static func invalid(_ text: String) -> ValidationError {
        ValidationError("\"\(text)\" is not a duration: give seconds (90) or numbers with d, h, m, s (1h30m).")
    }
}
