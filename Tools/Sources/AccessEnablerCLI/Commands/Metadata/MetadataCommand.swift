import ArgumentParser

/// `accessenabler metadata …`: `getMetadata` for one key.
struct MetadataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metadata",
        abstract: "Read metadata: expiries, the device ID, user metadata (getMetadata).",
        subcommands: [
            AuthnExpiryCommand.self, AuthzExpiryCommand.self, DeviceIDCommand.self, UserMetadataCommand.self,
        ])
}
