import AccessEnabler
import ArgumentParser

/// `accessenabler logout`: `logout`, on the server and (when the flow has one) in the browser,
/// then the stored tokens are cleared.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Sign out: on the server, then clear the stored tokens (logout).",
        usage: "accessenabler logout [<connection options>] [--json] [--verbose]",
        discussion: HelpText.examples([
            "accessenabler logout",
            "accessenabler logout --json",
        ]) + "\n\n" + HelpText.connectionFromEnvironment)

    @OptionGroup(title: HelpText.connectionOptions) var connection: ConnectionOptions
    @OptionGroup(title: HelpText.outputOptions) var output: OutputOptions

    func run() async throws {
        try await CommandExecution.run(connection, output) { session in
            do {
                try await session.configure()
            } catch {
                // Logging out locally needs no configuration; the server step is then skipped.
                let status = FailureStatus.of(error)
                let why =
                    FailureReport.message(for: status, context: session.failureContext)
                    .split(separator: "\n").first.map { String($0.dropFirst("error: ".count)) }
                    ?? (status.code ?? "error")
                session.console.err("warning: the configuration could not be loaded (\(why)); logging out locally")
            }
            let progress = session.progress
            // A browser logout page that needs a person is only asked about on a terminal; the
            // SDK logs a failed browser step and still logs out locally.
            let presenter = HTTPLoginPresenter(
                mvpdID: nil, username: nil, password: nil, transport: URLSessionTransport.browser(),
                prompt: session.console.stdinIsTerminal
                    ? RedirectPrompt(console: session.console, beforePrompt: { progress.stop() }) : nil)
            let enabler = session.enabler
            // The SDK does not throw when the server or browser step fails (the viewer is logged
            // out on this device either way); its outcome says so, shown here as a warning.
            let outcome = try await session.during("Logging out") {
                try await enabler.logout(presenter: presenter)
            }
            if let error = outcome.incompleteError {
                session.console.err(
                    "warning: the server logout failed (\(error.code)); the tokens on this device were cleared,"
                        + " and the server logout is sent again by the next logout or refresh of the sign-in")
            }
            return LogoutReport()
        }
    }
}
