import AccessEnabler
import ArgumentParser

/// `accessenabler`: exercise the AccessEnabler SDK from the command line, and serve the Adobe
/// Pass emulator over HTTP.
public struct AccessEnablerCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "accessenabler",
        abstract: "Adobe Pass Authentication (TV Everywhere) from the command line.",
        discussion: """
            Every command but demo, emulator and completion talks to the service providers given with \
            --service-provider (default: Adobe production) through the real SDK, and keeps its state \
            (registration, authentication) in the --storage file between invocations.

            Exit status: 0 on success, 1 when the SDK or the server returned an error, 2 for a usage error.

            \(ToolEnvironment.helpSection)

            \(HelpText.examples([
                "# the whole flow against the in-process emulator",
                "accessenabler demo",
                "# an Adobe Pass emulator on loopback, and a session against it",
                "accessenabler emulator serve --port 8080 > emulator.log &",
                "accessenabler emulator wait",
                "export ACCESSENABLER_SERVICE_PROVIDER=http://127.0.0.1:8080",
                "export ACCESSENABLER_REQUESTOR=REF ACCESSENABLER_SOFTWARE_STATEMENT=any",
                "accessenabler login --mvpd AutoCable",
                "accessenabler authorize news",
            ]))
            """,
        version: AccessEnabler.version,
        subcommands: [
            ConfigureCommand.self, StatusCommand.self, LoginCommand.self, ActivateCommand.self,
            PreauthorizeCommand.self,
            AuthorizeCommand.self, MetadataCommand.self, LogoutCommand.self, DemoCommand.self,
            EmulatorCommand.self, CompletionCommand.self,
        ]
    )

    public init() {}
}
