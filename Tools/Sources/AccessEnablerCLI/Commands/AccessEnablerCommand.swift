import ArgumentParser

/// `accessenabler`: exercise the AccessEnabler SDK from the command line, and serve the Adobe
/// Pass emulator over HTTP.
public struct AccessEnablerCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "accessenabler",
        abstract: "Adobe Pass Authentication (TV Everywhere) from the command line.",
        discussion: """
            Every command but demo and emulator talks to the service providers given with \
            --service-provider (default: Adobe production) through the real SDK, and keeps its state \
            (registration, authentication) in the --storage file between invocations.

            Exit status: 0 on success, 1 when the SDK or the server returned an error, 2 for a usage error.
            """,
        subcommands: [
            ConfigureCommand.self, StatusCommand.self, LoginCommand.self, ActivateCommand.self, PreauthorizeCommand.self,
            AuthorizeCommand.self, MetadataCommand.self, LogoutCommand.self, DemoCommand.self,
            EmulatorCommand.self,
        ]
    )

    public init() {}
}
