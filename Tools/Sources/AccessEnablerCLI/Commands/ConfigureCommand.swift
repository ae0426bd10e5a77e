import AccessEnabler
import ArgumentParser

/// `accessenabler configure`: `setRequestor(refresh: true)`, then the MVPDs the requestor offers.
/// The one command that always asks the service providers; the others use the stored
/// configuration where REST API v2 allows it.
struct ConfigureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "configure",
        abstract: "Register with the service providers and list the requestor's MVPDs (setRequestor, always fetched).")

    @OptionGroup var client: ClientOptions

    func run() async throws {
        try await CommandExecution.run(client) { session in
            ConfigureReport(try await session.configure(refresh: true))
        }
    }
}
