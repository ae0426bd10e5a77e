import ArgumentParser

/// `accessenabler emulator …`: the Adobe Pass emulator as a standalone server, and the commands
/// that control a running one.
struct EmulatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emulator",
        abstract: "Serve the Adobe Pass emulator over HTTP, and control a running one.",
        discussion: """
            The control commands talk to the emulator at --emulator-url, else $ACCESSENABLER_EMULATOR_URL, \
            else http://127.0.0.1:8080.

            \(HelpText.examples([
                "accessenabler emulator serve --port 8080 --manual-clock > emulator.log &",
                "accessenabler emulator wait",
                "accessenabler emulator fault authorize tooManyRequests --retry-after 1",
                "accessenabler emulator clock advance 1h",
                "accessenabler emulator degrade Cablevision authorizeNone",
                "accessenabler emulator requests",
            ]))
            """,
        groupedSubcommands: [
            CommandGroup(name: "Server", subcommands: [EmulatorServeCommand.self]),
            CommandGroup(
                name: "Control",
                subcommands: [
                    EmulatorWaitCommand.self, EmulatorFaultCommand.self, EmulatorClockCommand.self,
                    EmulatorDegradeCommand.self, EmulatorRequestsCommand.self, EmulatorScenarioCommand.self,
                    EmulatorForceResumeCommand.self,
                ]),
        ])
}
