import ArgumentParser

/// `accessenabler`: exercise the AccessEnabler SDK from the command line.
@main
struct AccessEnablerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accessenabler",
        abstract: "Adobe Pass Authentication (TV Everywhere) from the command line.",
        subcommands: [DemoCommand.self]
    )
}
