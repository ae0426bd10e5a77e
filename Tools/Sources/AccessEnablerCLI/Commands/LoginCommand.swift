import AccessEnabler
import ArgumentParser

/// `accessenabler login --mvpd ID`: `authenticate`, walking the MVPD's login pages over HTTP and
/// asking a person when a page needs one.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in with an MVPD (authenticate).",
        discussion: """
            The login pages are loaded over HTTP: redirects are followed, and with --username and \
            --password a simple login form is filled in. When a page needs a person, the login URL is \
            printed on standard error: open it in a browser, sign in, and paste the URL the browser is \
            finally sent to (it starts with the --redirect-url) on standard input.
            """)

    @OptionGroup var client: ClientOptions

    @Option(help: ArgumentHelp("The MVPD to sign in with (see configure).", valueName: "id"))
    var mvpd: String

    @Option(
        name: .customLong("data"),
        help: ArgumentHelp("A key=value pair forwarded to the server (repeatable).", valueName: "key=value"))
    var data: [String] = []

    @Flag(help: "Sign in again even when already authenticated.")
    var force = false

    @Option(help: ArgumentHelp("A user name to type into a simple login form.", valueName: "name"))
    var username: String?

    @Option(help: ArgumentHelp("The password to type into a simple login form.", valueName: "password"))
    var password: String?

    func validate() throws {
        _ = try KeyValuePairs.parse(data)
        if (username == nil) != (password == nil) {
            throw ValidationError("Give --username and --password together.")
        }
    }

    func run() async throws {
        let data = try KeyValuePairs.parse(data)
        try await CommandExecution.run(client) { session in
            try await session.configure()
            let progress = session.progress
            let presenter = HTTPLoginPresenter(
                mvpdID: mvpd, username: username, password: password, transport: URLSessionTransport.browser(),
                prompt: RedirectPrompt(console: session.console, beforePrompt: { progress.stop() }))
            let enabler = session.enabler
            let force = self.force
            let authentication = try await session.during("Signing in with \(mvpd)") {
                try await enabler.authenticate(forceAuthentication: force, data: data, presenter: presenter)
            }
            return AuthenticationReport(authentication)
        }
    }
}
