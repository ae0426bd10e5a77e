import ArgumentParser

/// `accessenabler metadata user KEY`: one user-metadata attribute from the MVPD.
struct UserMetadataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "One user-metadata attribute from the MVPD, for example zip or householdID.",
        usage: "accessenabler metadata user <key> [<connection options>] [--json] [--verbose]",
        discussion: HelpText.examples([
            "accessenabler metadata user zip",
            "accessenabler metadata user householdID --json",
        ]) + "\n\n" + HelpText.connectionFromEnvironment)

    @OptionGroup(title: HelpText.connectionOptions) var connection: ConnectionOptions
    @OptionGroup(title: HelpText.outputOptions) var output: OutputOptions

    @Argument(help: ArgumentHelp("The attribute name.", valueName: "key"))
    var key: String

    func run() async throws {
        try await MetadataLookup.run(connection, output, key: .userMetadata(key), label: "user:\(key)")
    }
}
