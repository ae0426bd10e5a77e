import ArgumentParser

/// `accessenabler metadata authn-expiry`: when the authentication expires.
struct AuthnExpiryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authn-expiry", abstract: "When the authentication expires (epoch milliseconds in JSON).")

    @OptionGroup var client: ClientOptions

    func run() async throws {
        try await MetadataLookup.run(client, key: .authenticationExpiry, label: "authn-expiry")
    }
}
