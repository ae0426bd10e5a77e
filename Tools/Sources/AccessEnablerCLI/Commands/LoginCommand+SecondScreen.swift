import AccessEnabler
import ArgumentParser
import Foundation

extension LoginCommand {
    /// The TV side: shows the code, then waits (with the spinner) for the other device.
    func runSecondScreen() async throws {
        let options = self.options
        let serviceProviders = try connection.settings().serviceProviders
        let activation =
            options.activationURL.flatMap { URL(string: $0) }
            ?? serviceProviders.first.map { $0.appendingPathComponent("activate") }
        let interval = Duration.seconds(options.pollInterval)
        try await CommandExecution.run(
            connection, output,
            adjust: {
                $0.activationURL = activation
                $0.profilePollingInterval = interval
            }
        ) { session in
            try await session.configure()
            let console = session.console
            let progress = session.progress
            let signIn = session.enabler.secondScreenSignIn(mvpdID: options.mvpd, forceAuthentication: options.force)
            let authentication = try await InterruptCancellation.run {
                var iterator = signIn.makeAsyncIterator()
                while let state = try await iterator.next() {
                    switch state {
                    case .showCode(let code):
                        progress.stop()
                        console.err(Self.instructions(for: code))
                        progress.start("Waiting for the sign-in on the other device (Ctrl-C cancels)")
                    case .authenticated(let authentication):
                        return authentication
                    }
                }
                throw AccessEnablerError.authenticationSessionMissing
            }
            return AuthenticationReport(authentication)
        }
    }

    /// What a TV screen would show, on standard error. What the server chose (the code, the MVPD's
    /// name) is escaped line feeds included, so it cannot forge a line of its own (`Code: FAKE`).
    static func instructions(for code: ActivationCode) -> String {
        var lines = ["Code: \(TerminalText.field(code.code))"]
        if let url = code.activationURL {
            lines.append("Go to \(TerminalText.field(url.absoluteString)) on a phone or computer and enter the code.")
        }
        if let qr = code.qrCodeURL { lines.append("Or open \(TerminalText.field(qr.absoluteString))") }
        if let mvpd = code.mvpd { lines.append("TV provider: \(TerminalText.field(mvpd.displayName))") }
        lines.append("The code expires \(DateText.describe(code.expires)).")
        return lines.joined(separator: "\n")
    }
}
