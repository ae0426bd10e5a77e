import ArgumentParser

/// `accessenabler emulator …`: the Adobe Pass emulator as a standalone server.
struct EmulatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emulator",
        abstract: "Run the Adobe Pass emulator as a standalone HTTP server.",
        subcommands: [EmulatorServeCommand.self])
}
