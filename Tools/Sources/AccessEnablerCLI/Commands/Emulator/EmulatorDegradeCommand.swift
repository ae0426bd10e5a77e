import AccessEnabler
import AccessEnablerTesting
import ArgumentParser

/// `accessenabler emulator degrade MVPD RULE|--clear`: `POST /emulator/degradation`.
struct EmulatorDegradeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "degrade",
        abstract: "Put a degradation rule in force for an MVPD (REST API v2), or --clear it.",
        usage: "accessenabler emulator degrade <mvpd> (<rule> | --clear) [--emulator-url <url>]",
        discussion: """
            \(EmulatorHelp.degradationRules)

            \(HelpText.examples([
                "accessenabler emulator degrade Cablevision authorizeNone",
                "accessenabler emulator degrade Cablevision --clear",
            ]))
            """)

    @Argument(help: ArgumentHelp("The MVPD ID.", valueName: "mvpd"))
    var mvpd: String

    @Argument(help: ArgumentHelp("The rule (see RULES).", valueName: "rule"))
    var rule: String?

    /// The command's own options.
    struct Options: ParsableArguments {
        @Flag(help: "Lift the MVPD's rule instead.")
        var clear = false
    }

    @OptionGroup(title: "Degrade options") var options: Options

    @OptionGroup(title: "Emulator connection") var emulator: EmulatorControlOptions

    func validate() throws {
        switch (rule, options.clear) {
        case (nil, false): throw ValidationError("Give a rule or --clear.")
        case (.some, true): throw ValidationError("Give either a rule or --clear, not both.")
        case (.some(let rule), false):
            guard EmulatorScenario.Degradation(rawValue: rule) != nil else {
                throw ValidationError(
                    "Unknown rule \"\(rule)\". Rules: "
                        + EmulatorScenario.Degradation.allCases.map(\.rawValue).joined(separator: ", ") + ".")
            }
        case (nil, true): break
        }
    }

    func run() async throws {
        let control = try EmulatorControl(emulator)
        let body: JSONValue = ["mvpd": .string(mvpd), "rule": rule.map { .string($0) } ?? .null]
        try control.check(try await control.send(.post, "degradation", json: body), what: "the degradation rule")
        control.console.out(rule.map { "\(mvpd) is degraded: \($0)." } ?? "\(mvpd) is no longer degraded.")
    }
}
