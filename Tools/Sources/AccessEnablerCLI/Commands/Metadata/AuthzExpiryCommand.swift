import ArgumentParser

/// `accessenabler metadata authz-expiry RES`: when the stored authorization of a resource expires.
struct AuthzExpiryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authz-expiry",
        abstract: "When the stored authorization of a resource expires (epoch milliseconds in JSON).",
        usage: "accessenabler metadata authz-expiry <resource> [<connection options>] [--json]\n  [--verbose]",
        discussion: HelpText.examples([
            "accessenabler metadata authz-expiry news"
        ]) + "\n\n" + HelpText.connectionFromEnvironment)

    @OptionGroup(title: HelpText.connectionOptions) var connection: ConnectionOptions
    @OptionGroup(title: HelpText.outputOptions) var output: OutputOptions

    @Argument(help: ArgumentHelp("The resource ID.", valueName: "resource"))
    var resource: String

    func run() async throws {
        try await MetadataLookup.run(
            connection, output, key: .authorizationExpiry(resource: resource), label: "authz-expiry:\(resource)")
    }
}
