import ArgumentParser

/// `accessenabler metadata device-id`: the SDK's device ID.
struct DeviceIDCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "device-id", abstract: "The SDK's device ID (a SHA-256 hex string of the seed).")

    @OptionGroup var client: ClientOptions

    func run() async throws {
        try await MetadataLookup.run(client, key: .deviceID, label: "device-id")
    }
}
