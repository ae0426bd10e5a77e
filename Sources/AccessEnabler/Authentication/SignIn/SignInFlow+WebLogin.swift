import Foundation

/// The browser login of a sign-in: the MVPD's login page, then the profile it leaves.
extension SignInFlow {
    /// How long the SDK polls for a login's result when the service provider gave no code
    /// expiry (Adobe's authentication codes last 30 minutes).
    static let defaultCodeLifetime: Duration = .seconds(1800)

    /// A browser login under way. A class (its fields never change; a step that learns more
    /// makes a new one): it rides in the flow's stages and through each step's async frame,
    /// where a struct of eight fields was copied field by field.
    final class BrowserLogin: Sendable {
        let mvpd: MVPD
        let configuration: RequestorConfiguration
        let data: [String: String]
        let context: RequestContext
        let logoutEpoch: UInt64
        let presenter: any AuthenticationPresenter
        /// When the login's code expires, as the service provider said.
        let codeExpires: Date?
        /// When polling for the profile stops (set once the page reached the redirect URL).
        let pollUntil: PollDeadline

        init(
            mvpd: MVPD, configuration: RequestorConfiguration, data: [String: String], context: RequestContext,
            logoutEpoch: UInt64, presenter: any AuthenticationPresenter, codeExpires: Date? = nil,
            pollUntil: PollDeadline
        ) {
            self.mvpd = mvpd
            self.configuration = configuration
            self.data = data
            self.context = context
            self.logoutEpoch = logoutEpoch
            self.presenter = presenter
            self.codeExpires = codeExpires
            self.pollUntil = pollUntil
        }

        /// This login with its poll deadline set.
        func polling(until pollUntil: PollDeadline) -> BrowserLogin {
            BrowserLogin(
                mvpd: mvpd, configuration: configuration, data: data, context: context, logoutEpoch: logoutEpoch,
                presenter: presenter, codeExpires: codeExpires, pollUntil: pollUntil)
        }
    }

    /// When polling for a browser login's profile stops: an ``AccessEnablerClock/uptime``, so
    /// that a wall clock set back meanwhile does not make the wait longer.
    struct PollDeadline: Sendable {
        var uptime: Duration
        /// Whether `uptime` is the end of the wait after the redirect (the MVPD login ended
        /// without a profile) rather than the code's expiry.
        var endsWithLogin: Bool

        /// `wait` after `uptime`, or the code's expiry (`codeLeft` from now, as the server's
        /// expiry read on the wall clock when the redirect came) when that comes first.
        static func afterRedirect(uptime: Duration, wait: Duration, codeLeft: Duration) -> PollDeadline {
            wait < codeLeft
                ? PollDeadline(uptime: uptime + wait, endsWithLogin: true)
                : PollDeadline(uptime: uptime + Swift.max(codeLeft, .zero), endsWithLogin: false)
        }
    }

    /// Starts the login with `mvpd`, chosen from `loaded`: its page, or the polling when the
    /// service provider has the authentication already (TempPass).
    static func startBrowserLogin(
        _ mvpd: MVPD, _ loaded: RequestorConfiguration, data: [String: String], presenter: any AuthenticationPresenter,
        on enabler: isolated AccessEnabler
    ) async throws -> (State, Stage) {
        enabler.hub.emit(.providerSelected(mvpd))
        enabler.log.info("authenticating with \(mvpd.id)")
        let logoutEpoch = await enabler.cache.logoutEpoch
        var context = try await enabler.context(for: loaded.requestorID, before: enabler.storageDeadline())
        context.redirectURL = try await enabler.redirectURL(for: mvpd, presenter: presenter)
        let step = try await enabler.backend.startAuthentication(
            mvpd: mvpd, domain: loaded.loginDomain(for: mvpd), data: data, context: context)
        func login(codeExpires: Date? = nil) -> BrowserLogin {
            BrowserLogin(
                mvpd: mvpd, configuration: loaded, data: data, context: context, logoutEpoch: logoutEpoch,
                presenter: presenter, codeExpires: codeExpires,
                pollUntil: PollDeadline(uptime: enabler.clock.uptime, endsWithLogin: false))
        }
        switch step {
        case .interactive(let url, let codeExpires):
            let page = try MVPDPage.checked(url: url, redirectURL: context.redirectURL, mvpd: mvpd, call: .authenticate)
            // Polling starts once the browser reached the redirect URL (checklist: Polling
            // Mechanism Starting) and stops when the session's code expires, or sooner: the MVPD
            // login has ended, so a profile that has not come within the configured wait will not.
            return (.pageShown(page), .page(page, login(codeExpires: codeExpires)))
        case .complete:
            // Nothing interactive: the service provider has the authentication already.
            return (.polling, .browserPoll(login()))
        }
    }

    /// Shows the login page until it reaches the redirect URL; the login with its poll deadline.
    static func showLoginPage(_ page: MVPDPage, _ login: BrowserLogin, on enabler: isolated AccessEnabler)
        async throws -> BrowserLogin
    {
        let landed = try await presenting { try await login.presenter.presentPage(page) }
        guard AccessEnabler.matches(landed, redirectURL: page.redirectURL) else {
            throw AccessEnablerError.invalidRedirectURL
        }
        let clock = enabler.clock
        let login = login.polling(
            until: PollDeadline.afterRedirect(
                uptime: clock.uptime, wait: Swift.max(enabler.configuration.profileWaitAfterRedirect, .zero),
                codeLeft: login.codeExpires.map { .seconds($0.timeIntervalSince(clock.now)) } ?? defaultCodeLifetime))
        enabler.log.info(
            "the login reached the redirect URL; waiting up to \(login.pollUntil.uptime - clock.uptime) for the profile of \(login.mvpd.id)"
        )
        return login
    }

    /// Polls for the login's profile and keeps it.
    static func finishBrowserLogin(_ login: BrowserLogin, on enabler: isolated AccessEnabler) async throws
        -> Authentication
    {
        try Task.checkCancellation()
        // The viewer's part is over: what the login stores has a deadline of its own.
        var context = login.context
        context.storageDeadline = enabler.storageDeadline()
        let session = try await awaitAuthentication(login, context: context, on: enabler)
        return try await keep(
            session, for: login.configuration.requestorID, ifLogoutEpoch: login.logoutEpoch, on: enabler)
    }

    /// The authentication the service provider holds once the login is done, polled every
    /// ``AccessEnabler/Configuration/profilePollingInterval`` until it appears or the deadline
    /// would pass: an MVPD may confirm a login some seconds after the browser reached the
    /// redirect URL. Cancelling the task stops the polling at once.
    private static func awaitAuthentication(
        _ login: BrowserLogin, context: RequestContext, on enabler: isolated AccessEnabler
    ) async throws -> AuthenticationRecord {
        let mvpd = login.mvpd
        let found = try await pollForSignIn(
            "authentication for \(mvpd.id)", until: login.pollUntil.uptime, endsAtLastPoll: true, waitsFirst: false,
            on: enabler
        ) {
            try await enabler.backend.completeAuthentication(
                mvpd: mvpd, configuration: login.configuration, data: login.data, context: context)
        }
        if let found { return found }
        if login.pollUntil.endsWithLogin {
            enabler.log.error("the login with \(mvpd.id) reached the redirect URL, but no profile came")
            throw AccessEnablerError.authenticationSessionMissing.with(
                details:
                    "The MVPD login ended without a profile: the service provider had no authentication for \(mvpd.id) within \(enabler.configuration.profileWaitAfterRedirect) of the redirect."
            )
        }
        throw AccessEnablerError.authenticationSessionMissing.with(
            details: "The service provider had no authentication for \(mvpd.id) before the login expired.")
    }
}
