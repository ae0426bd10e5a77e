import AccessEnabler
import ArgumentParser

/// `accessenabler authorize RES`: `authorize`, which prints the media token.
struct AuthorizeCommand: AsyncParsableCommand {
    struct Options: ParsableArguments {
        @Option(
            name: .customLong("data"),
            help: ArgumentHelp("A key=value pair forwarded to the server (repeatable).", valueName: "key=value"))
        var data: [String] = []

        func validate() throws {
            _ = try KeyValuePairs.parse(data)
        }
    }

    static let configuration = CommandConfiguration(
        commandName: "authorize",
        abstract: "Authorize a resource for playback and print the media token (authorize).",
        usage:
            "accessenabler authorize <resource> [--data <key=value> ...] [<connection options>]\n  [--json] [--verbose]",
        discussion: HelpText.examples([
            "accessenabler authorize news",
            "# {\"resource\", \"mediaToken\", \"expires\", \"mvpd\", \"userId\"}",
            "accessenabler authorize news --json",
        ]) + "\n\n" + HelpText.connectionFromEnvironment)

    @Argument(help: ArgumentHelp("The resource ID.", valueName: "resource"))
    var resource: String

    @OptionGroup(title: "Authorize options") var options: Options
    @OptionGroup(title: HelpText.connectionOptions) var connection: ConnectionOptions
    @OptionGroup(title: HelpText.outputOptions) var output: OutputOptions

    func run() async throws {
        let data = try KeyValuePairs.parse(options.data)
        let resource = self.resource
        try await CommandExecution.run(connection, output) { session in
            try await session.configure()
            let enabler = session.enabler
            let token = try await session.during("Authorizing \(resource)") {
                try await enabler.authorize(resource: resource, data: data)
            }
            return AuthorizeReport(token)
        }
    }
}
