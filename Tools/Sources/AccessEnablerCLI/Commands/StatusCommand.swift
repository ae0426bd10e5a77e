import AccessEnabler
import ArgumentParser

/// `accessenabler status`: `checkAuthentication` (from the stored tokens; only the configuration
/// is fetched).
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show whether the viewer is authenticated, with which MVPD and until when (checkAuthentication).",
        usage: "accessenabler status [<connection options>] [--json] [--verbose]",
        discussion: HelpText.examples([
            "accessenabler status",
            "# {\"authenticated\", \"mvpd\", \"userId\", \"expires\"}",
            "accessenabler status --json",
        ]) + "\n\n" + HelpText.connectionFromEnvironment)

    @OptionGroup(title: HelpText.connectionOptions) var connection: ConnectionOptions
    @OptionGroup(title: HelpText.outputOptions) var output: OutputOptions

    func run() async throws {
        try await CommandExecution.run(connection, output) { session in
            try await session.configure()
            return AuthenticationReport(await session.enabler.checkAuthentication())
        }
    }
}
