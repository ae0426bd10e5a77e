import AccessEnabler
import ArgumentParser
import Foundation

/// `accessenabler login --mvpd ID`: `authenticate`, walking the MVPD's login pages over HTTP and
/// asking a person when a page needs one. `login --second-screen [--mvpd ID]`: the TV side of a
/// second-screen sign-in (`secondScreenSignIn`): prints a code and polls until another device
/// (`accessenabler activate`, or the activation site) has finished.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in with an MVPD (authenticate).",
        discussion: """
            The login pages are loaded over HTTP: redirects are followed, and with --username and \
            --password a simple login form is filled in. When a page needs a person, the login URL is \
            printed on standard error: open it in a browser, sign in, and paste the URL the browser is \
            finally sent to (it starts with the --redirect-url) on standard input.

            With --second-screen (REST API v2) the command plays a TV: it prints a code, the activation \
            URL and the code's expiry on standard error, then polls until the sign-in is finished on \
            another device (accessenabler activate CODE, or the activation page) and ends as a normal \
            login. Ctrl-C cancels it.
            """)

    @OptionGroup var client: ClientOptions

    @Option(help: ArgumentHelp(
        "The MVPD to sign in with (see configure); optional with --second-screen.", valueName: "id"))
    var mvpd: String?

    @Flag(name: .customLong("second-screen"), help: "Sign in on another device with a code (REST API v2).")
    var secondScreen = false

    @Option(
        name: .customLong("activation-url"),
        help: ArgumentHelp(
            "With --second-screen: the page where the code is typed. Default: the first service provider's "
                + "/activate (the emulator's activation page).",
            valueName: "url"))
    var activationURL: String?

    @Option(
        name: .customLong("poll-interval"),
        help: ArgumentHelp("With --second-screen: seconds between polls (at least 1).", valueName: "seconds"))
    var pollInterval: Int = 3

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
        if secondScreen {
            if username != nil || !data.isEmpty {
                throw ValidationError("--username, --password and --data do not apply to --second-screen.")
            }
            if pollInterval < 1 { throw ValidationError("--poll-interval must be at least 1 second.") }
            if let activationURL, URL(string: activationURL)?.scheme == nil {
                throw ValidationError("--activation-url must be an absolute URL.")
            }
        } else {
            if mvpd == nil { throw ValidationError("Give --mvpd, or --second-screen to sign in on another device.") }
            if activationURL != nil { throw ValidationError("--activation-url applies to --second-screen only.") }
        }
    }

    func run() async throws {
        if secondScreen { return try await runSecondScreen() }
        guard let mvpd else { throw ValidationError("Give --mvpd.") }
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
