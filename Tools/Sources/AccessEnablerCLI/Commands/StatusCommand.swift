import AccessEnabler
import ArgumentParser

/// `accessenabler status`: `checkAuthentication` (from the stored tokens; only the configuration
/// is fetched).
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show whether the viewer is authenticated, with which MVPD and until when (checkAuthentication).")

    @OptionGroup var client: ClientOptions

    func run() async throws {
        try await CommandExecution.run(client) { session in
            try await session.configure()
            return AuthenticationReport(await session.enabler.checkAuthentication())
        }
    }
}
