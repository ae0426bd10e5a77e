import AccessEnabler
import ArgumentParser

/// `accessenabler configure`: `setRequestor`, then the MVPDs the requestor offers.
struct ConfigureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "configure",
        abstract: "Register with the service providers and list the requestor's MVPDs (setRequestor).")

    @OptionGroup var client: ClientOptions

    func run() async throws {
        try await CommandExecution.run(client) { session in
            ConfigureReport(try await session.configure())
        }
    }
}
