import ArgumentParser

/// `accessenabler metadata authn-expiry`: when the authentication expires.
struct AuthnExpiryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authn-expiry", abstract: "When the authentication expires (epoch milliseconds in JSON).",
        usage: "accessenabler metadata authn-expiry [<connection options>] [--json] [--verbose]",
        discussion: HelpText.examples([
            "accessenabler metadata authn-expiry",
            "# {\"key\": \"authn-expiry\", \"value\": <epoch ms>, \"encrypted\": false}",
            "accessenabler metadata authn-expiry --json",
        ]) + "\n\n" + HelpText.connectionFromEnvironment)

    @OptionGroup(title: HelpText.connectionOptions) var connection: ConnectionOptions
    @OptionGroup(title: HelpText.outputOptions) var output: OutputOptions

    func run() async throws {
        try await MetadataLookup.run(connection, output, key: .authenticationExpiry, label: "authn-expiry")
    }
}
