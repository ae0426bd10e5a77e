import ArgumentParser

/// `accessenabler metadata user KEY`: one user-metadata attribute from the MVPD.
struct UserMetadataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "One user-metadata attribute from the MVPD, for example zip or householdID.")

    @OptionGroup var client: ClientOptions

    @Argument(help: ArgumentHelp("The attribute name.", valueName: "key"))
    var key: String

    func run() async throws {
        try await MetadataLookup.run(client, key: .userMetadata(key), label: "user:\(key)")
    }
}
