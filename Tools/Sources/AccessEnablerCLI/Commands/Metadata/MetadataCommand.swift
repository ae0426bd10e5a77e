import ArgumentParser

/// `accessenabler metadata …`: `getMetadata` for one key.
struct MetadataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metadata",
        abstract: "Read metadata: expiries, the device ID, user metadata (getMetadata).",
        discussion: HelpText.examples([
            "accessenabler metadata authn-expiry",
            "accessenabler metadata authz-expiry news",
            "accessenabler metadata device-id",
            "accessenabler metadata user zip",
        ]),
        subcommands: [
            AuthnExpiryCommand.self, AuthzExpiryCommand.self, DeviceIDCommand.self, UserMetadataCommand.self,
        ])
}
