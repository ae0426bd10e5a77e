import AccessEnabler
import ArgumentParser

/// `accessenabler authorize RES`: `authorize`, which prints the media token.
struct AuthorizeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authorize",
        abstract: "Authorize a resource for playback and print the media token (authorize).")

    @OptionGroup var client: ClientOptions

    @Argument(help: ArgumentHelp("The resource ID.", valueName: "resource"))
    var resource: String

    @Option(
        name: .customLong("data"),
        help: ArgumentHelp("A key=value pair forwarded to the server (repeatable).", valueName: "key=value"))
    var data: [String] = []

    func validate() throws {
        _ = try KeyValuePairs.parse(data)
    }

    func run() async throws {
        let data = try KeyValuePairs.parse(data)
        let resource = self.resource
        try await CommandExecution.run(client) { session in
            try await session.configure()
            let enabler = session.enabler
            let token = try await session.during("Authorizing \(resource)") {
                try await enabler.authorize(resource: resource, data: data)
            }
            return AuthorizeReport(token)
        }
    }
}
