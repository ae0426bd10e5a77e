import ArgumentParser

/// `accessenabler metadata device-id`: the SDK's device ID.
struct DeviceIDCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "device-id", abstract: "The SDK's device ID (a SHA-256 hex string of the seed).",
        usage: "accessenabler metadata device-id [<connection options>] [--json] [--verbose]",
        discussion: HelpText.examples([
            "accessenabler metadata device-id"
        ]) + "\n\n" + HelpText.connectionFromEnvironment)

    @OptionGroup(title: HelpText.connectionOptions) var connection: ConnectionOptions
    @OptionGroup(title: HelpText.outputOptions) var output: OutputOptions

    func run() async throws {
        try await MetadataLookup.run(connection, output, key: .deviceID, label: "device-id")
    }
}
