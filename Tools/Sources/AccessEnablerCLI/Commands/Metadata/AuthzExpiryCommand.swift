import ArgumentParser

/// `accessenabler metadata authz-expiry RES`: when the stored authorization of a resource expires.
struct AuthzExpiryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authz-expiry",
        abstract: "When the stored authorization of a resource expires (epoch milliseconds in JSON).")

    @OptionGroup var client: ClientOptions

    @Argument(help: ArgumentHelp("The resource ID.", valueName: "resource"))
    var resource: String

    func run() async throws {
        try await MetadataLookup.run(client, key: .authorizationExpiry(resource: resource), label: "authz-expiry:\(resource)")
    }
}
