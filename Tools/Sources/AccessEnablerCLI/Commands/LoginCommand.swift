import AccessEnabler
import ArgumentParser
import Foundation

/// `accessenabler login --mvpd ID`: `authenticate`, walking the MVPD's login pages over HTTP and
/// asking a person when a page needs one.
struct LoginCommand: AsyncParsableCommand {
    struct Options: ParsableArguments {
        @Option(
            help: ArgumentHelp(
                "The MVPD to sign in with (see configure); optional with --second-screen.", valueName: "id"))
        var mvpd: String?

        @Flag(
            name: .customLong("second-screen"),
            help: "Sign in on another device with a code, as a TV does (REST API v2; see activate).")
        var secondScreen = false

        @Option(
            name: .customLong("activation-url"),
            help: ArgumentHelp(
                "With --second-screen: the page where the code is typed. Default: the first service "
                    + "provider's /activate (the emulator's activation page).",
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

        @Flag(help: "Sign in again even when already authenticated (with this MVPD or another).")
        var force = false

        @Option(help: ArgumentHelp("A user name to type into a simple login form.", valueName: "name"))
        var username: String?

        @Option(help: ArgumentHelp("The password to type into a simple login form.", valueName: "password"))
        var password: String?

        @Flag(
            name: .customLong("no-browser"),
            help: "Print the login URL instead of opening a browser (the tool still catches the redirect).")
        var noBrowser = false

        func validate() throws {
            _ = try KeyValuePairs.parse(data)
            if (username == nil) != (password == nil) {
                throw ValidationError("Give --username and --password together.")
            }
            if secondScreen {
                if username != nil || !data.isEmpty || noBrowser {
                    throw ValidationError(
                        "--username, --password, --data and --no-browser do not apply to --second-screen.")
                }
                if pollInterval < 1 { throw ValidationError("--poll-interval must be at least 1 second.") }
                if let activationURL, URL(string: activationURL)?.scheme == nil {
                    throw ValidationError("--activation-url must be an absolute URL.")
                }
            } else {
                if mvpd == nil {
                    throw ValidationError("Give --mvpd, or --second-screen to sign in on another device.")
                }
                if activationURL != nil { throw ValidationError("--activation-url applies to --second-screen only.") }
            }
        }
    }

    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in with an MVPD (authenticate).",
        usage: "accessenabler login --mvpd <id> [--username <name> --password <password>] [--no-browser]\n"
            + "  [--force] [--data <key=value> ...] [<connection options>] [--json] [--verbose]\n"
            + "accessenabler login --second-screen [--mvpd <id>] [--activation-url <url>]\n"
            + "  [--poll-interval <seconds>] [--force] [<connection options>] [--json] [--verbose]",
        discussion: """
            The login pages are loaded over HTTP: redirects are followed, and with --username and \
            --password a simple login form is filled in. When a page needs a person, the login URL is \
            printed on standard error and opened in the browser ($BROWSER, open or xdg-open; not with \
            --no-browser). When the redirect URL is http://127.0.0.1 (the default against the emulator), \
            the tool listens there, and the browser's last redirect comes back to it: nothing to paste. \
            With any other redirect URL (a custom scheme), sign in and paste the URL the browser is \
            finally sent to (it starts with the --redirect-url) on standard input.

            With --second-screen (REST API v2) the command plays a TV: it prints a code, the activation \
            URL and the code's expiry on standard error, then polls until the sign-in is finished on \
            another device (accessenabler activate <code>, or the activation page) and ends as a normal \
            login. Ctrl-C cancels it.

            Already signed in: with the same MVPD, the session is kept; with another MVPD, the current \
            session is kept too, and a note says so — --force signs in with the MVPD given. An MVPD the \
            requestor does not offer is an error either way.

            \(HelpText.examples([
                "accessenabler login --mvpd Cablevision \\",
                "    --username alice --password alice-password",
                "# the emulator's MVPD that signs in without a form",
                "accessenabler login --mvpd AutoCable",
                "# replace the current session",
                "accessenabler login --mvpd TempPass --force",
                "accessenabler login --mvpd <MVPD id> --staging --requestor <requestor> \\",
                "    --software-statement-file statement.jwt \\",
                "    --redirect-url 'adbe.<id>://adobe.com'",
                "# show a code, then finish with accessenabler activate <code> on another terminal",
                "accessenabler login --second-screen",
            ]))

            \(HelpText.connectionFromEnvironment)
            """)

    @OptionGroup(title: "Login options") var options: Options
    @OptionGroup(title: HelpText.connectionOptions) var connection: ConnectionOptions
    @OptionGroup(title: HelpText.outputOptions) var output: OutputOptions

    func run() async throws {
        if options.secondScreen { return try await runSecondScreen() }
        let options = self.options
        guard let mvpd = options.mvpd else { throw ValidationError("Give --mvpd.") }
        let data = try KeyValuePairs.parse(options.data)
        // A loopback redirect URL is caught here: listening starts first, since the port it gets
        // is part of the redirect URL the SDK sends.
        let redirectURL = try connection.settings().redirectURL
        var listener: LoopbackRedirectListener?
        var listenerFailure: LoginPresenterError?
        if LoopbackRedirectListener.canListen(for: redirectURL) {
            do {
                listener = try await LoopbackRedirectListener.start(for: redirectURL)
            } catch {
                listenerFailure = .notLoopback(redirectURL.absoluteString)
            }
        }
        defer { listener?.close() }
        let loopback = listener
        try await CommandExecution.run(
            connection, output, adjust: { if let loopback { $0.redirectURL = loopback.redirectURL } }
        ) { session in
            if let listenerFailure { throw AccessEnablerError(listenerFailure.status) }
            let configuration = try await session.configure()
            // Checked first, so that an unknown MVPD is an error whether or not a session exists.
            _ = try HTTPLoginPresenter.offered(mvpd, in: configuration.mvpds)
            let enabler = session.enabler
            if !options.force, case .authenticated(let current) = await enabler.checkAuthentication() {
                if current.mvpd.id == mvpd {
                    session.console.err("note: already signed in with \(current.mvpd.id); --force signs in again")
                } else {
                    session.console.err(
                        "note: kept the current session with \(current.mvpd.id) (until "
                            + "\(DateText.describe(current.expires))); --force signs in with \(mvpd) instead")
                }
                return AuthenticationReport(current)
            }
            let progress = session.progress
            var presenter = HTTPLoginPresenter(
                mvpdID: mvpd, username: options.username, password: options.password,
                transport: URLSessionTransport.browser(),
                prompt: RedirectPrompt(console: session.console, beforePrompt: { progress.stop() }))
            if let loopback {
                let console = session.console
                presenter.handoff = BrowserHandoff(
                    listener: loopback, opener: options.noBrowser ? nil : BrowserOpener.find(),
                    write: { console.err($0) }, beforePrompt: { progress.stop() },
                    readLine: RedirectPrompt.readStandardInput)
            }
            let announcer = ProfileWaitAnnouncer(
                presenter, mvpdID: mvpd, wait: enabler.configuration.profileWaitAfterRedirect, progress: progress)
            let authentication = try await session.during("Signing in with \(mvpd)") {
                try await enabler.authenticate(
                    forceAuthentication: options.force, data: data, presenter: announcer)
            }
            return AuthenticationReport(authentication)
        }
    }
}
