import AccessEnabler
import ArgumentParser

/// `accessenabler activate CODE [--mvpd ID]`: the companion side of a second-screen sign-in
/// (`activate(code:mvpdID:presenter:)`), walking the MVPD's login pages like `login`.
struct ActivateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activate",
        abstract: "Finish a TV's second-screen sign-in with the code it shows (REST API v2).",
        usage: "accessenabler activate <code> [--mvpd <id>] [--username <name> --password <password>]\n"
            + "  [<connection options>] [--json] [--verbose]",
        discussion: """
            Plays the companion (activation) app: checks the code, uses the MVPD the TV preselected \
            or --mvpd, and signs in on the MVPD's login pages as login does (--username and \
            --password fill a simple form; otherwise the login URL is printed for a person). The TV \
            (accessenabler login --second-screen) signs in at its next poll; nothing is stored here \
            but the app's registration.

            \(HelpText.examples([
                "# the code accessenabler login --second-screen printed",
                "accessenabler activate 8ER640M --mvpd Cablevision \\",
                "    --username alice --password alice-password --storage phone.json",
                "# the TV preselected its MVPD (login --second-screen --mvpd AutoCable)",
                "accessenabler activate 8ER640M --storage phone.json",
            ]))

            \(HelpText.connectionFromEnvironment)
            """)

    @Argument(help: ArgumentHelp("The code the TV shows.", valueName: "code"))
    var code: String

    @Option(
        help: ArgumentHelp(
            "The MVPD to sign in with when the TV did not preselect one (see configure).", valueName: "id"))
    var mvpd: String?

    @Option(help: ArgumentHelp("A user name to type into a simple login form.", valueName: "name"))
    var username: String?

    @Option(help: ArgumentHelp("The password to type into a simple login form.", valueName: "password"))
    var password: String?

    @OptionGroup(title: HelpText.connectionOptions) var connection: ConnectionOptions
    @OptionGroup(title: HelpText.outputOptions) var output: OutputOptions

    func validate() throws {
        if (username == nil) != (password == nil) {
            throw ValidationError("Give --username and --password together.")
        }
    }

    func run() async throws {
        try await CommandExecution.run(connection, output) { session in
            try await session.configure()
            let progress = session.progress
            let presenter = HTTPLoginPresenter(
                mvpdID: mvpd, username: username, password: password, transport: URLSessionTransport.browser(),
                prompt: RedirectPrompt(console: session.console, beforePrompt: { progress.stop() }))
            let enabler = session.enabler
            let (code, mvpdID) = (self.code, self.mvpd)
            do {
                let used = try await session.during("Activating \(code)") {
                    try await enabler.activate(code: code, mvpdID: mvpdID, presenter: presenter)
                }
                return ActivationReport(code: code.uppercased(), mvpd: used)
            } catch let error as AccessEnablerError where error == .providerNotSelected && mvpdID == nil {
                var status = error.status
                status.details = "The TV did not preselect a TV provider: give --mvpd."
                throw AccessEnablerError(status)
            }
        }
    }
}
