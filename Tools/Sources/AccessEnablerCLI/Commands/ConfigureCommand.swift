import AccessEnabler
import ArgumentParser

/// `accessenabler configure`: `setRequestor(refresh: true)`, then the MVPDs the requestor offers.
/// The one command that always asks the service providers; the others use the stored
/// configuration where REST API v2 allows it.
struct ConfigureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "configure",
        abstract: "Register with the service providers and list the requestor's MVPDs (setRequestor, always fetched).",
        usage: "accessenabler configure [<connection options>] [--json] [--verbose]",
        discussion: HelpText.examples([
            "accessenabler configure --service-provider http://127.0.0.1:8080 \\",
            "    --requestor REF --software-statement any",
            "accessenabler configure --staging --requestor <your requestor> \\",
            "    --software-statement-file statement.jwt",
            "# {\"requestor\", \"mvpds\": [{\"id\", \"displayName\", …}]}",
            "accessenabler configure --json",
        ]) + "\n\n" + HelpText.connectionFromEnvironment)

    @OptionGroup(title: HelpText.connectionOptions) var connection: ConnectionOptions
    @OptionGroup(title: HelpText.outputOptions) var output: OutputOptions

    func run() async throws {
        try await CommandExecution.run(connection, output) { session in
            ConfigureReport(try await session.configure(refresh: true))
        }
    }
}
