import Foundation

extension AccessEnabler {
    /// Whether the viewer is authenticated, from the token cache only (no network).
    ///
    /// Authenticated means a non-expired authentication exists for the current requestor and its
    /// MVPD is in the current configuration. Waits for a configuration load in progress. A login
    /// or logout another instance made on the same store since is taken first, when the store
    /// reports changes (``TokenStorage/changeMarker()``).
    public func checkAuthentication() async -> AuthenticationStatus {
        // Another instance or process on the same store may have signed in or out meanwhile.
        let status = await authenticationStatus(before: storageDeadline(), takingStoreChanges: true)
        emitCachedCheck(status)
        return status
    }

    func authenticationStatus(before deadline: TokenStorageDeadline, takingStoreChanges: Bool = true) async
        -> AuthenticationStatus
    {
        switch await currentSession(before: deadline, takingStoreChanges: takingStoreChanges) {
        case .success(let current): return .authenticated(current.authentication)
        case .failure(let reason): return .notAuthenticated(reason)
        }
    }

    /// The viewer's session, or why there is none (the reasons ``checkAuthentication()`` gives).
    /// With `takingStoreChanges`, a login or logout another instance stored is taken first.
    func currentSession(before deadline: TokenStorageDeadline, takingStoreChanges: Bool = true) async
        -> Result<CurrentSession, AccessEnablerError>
    {
        let loaded: RequestorConfiguration
        do {
            loaded = try await currentConfiguration()
        } catch let error as AccessEnablerError {
            return .failure(error)
        } catch {
            return .failure(.requestorNotConfigured)
        }
        do {
            let session = try await requireAuthentication(
                for: loaded.requestorID, before: deadline, takingStoreChanges: takingStoreChanges)
            guard let mvpd = loaded.mvpd(withID: session.authentication.mvpd.id) else {
                return .failure(.providerNotAvailable)
            }
            return .success(CurrentSession(configuration: loaded, session: session, mvpd: mvpd))
        } catch let error as AccessEnablerError {
            return .failure(error)
        } catch {
            return .failure(.storageFailure)
        }
    }

    /// Reports a check the token cache answered.
    func emitCachedCheck(_ status: AuthenticationStatus) {
        hub.emit(
            .authenticationChecked(
                .init(
                    isAuthenticated: status.isAuthenticated, mvpdID: status.authentication?.mvpd.id,
                    userID: status.authentication?.userID, fromCache: true)))
    }

    /// Signs the viewer in with a TV provider, unless already signed in, trying the partner
    /// framework of ``Configuration/partnerFramework`` (Apple's TV Provider) first.
    ///
    /// With a partner framework on REST API v2, an unauthenticated viewer is first offered the
    /// partner's picker with the MVPDs enabled for it (narrowed and ordered by `providerFilter`);
    /// when the partner signs them in, the SDK exchanges its response for an `appleSSO` profile
    /// with no browser step. Every documented fallback — permission not granted, a provider the
    /// partner does not sign in, no partner sign-in, the server's `pfs_fallback` or
    /// `configuration_fallback`, a status or response the server rejects — continues with
    /// `presenter` without an error; ``EntitlementEvent/partnerSingleSignOn(_:)`` says what
    /// happened.
    ///
    /// Otherwise (and without a partner framework) asks `presenter` to pick an MVPD, then either
    /// authenticates at once (TempPass) or has the presenter load the MVPD login page until it
    /// reaches ``Configuration/redirectURL``; then fetches and stores the authentication.
    /// Cancelling (a nil MVPD, a `CancellationError` from the presenter, or cancelling the task)
    /// abandons only this attempt.
    ///
    /// - Parameters:
    ///   - forceAuthentication: Run the flow even when already authenticated.
    ///   - data: Key/value pairs forwarded to the server (for example a Promotional TempPass
    ///     identity).
    ///   - providerFilter: The MVPDs the partner's picker offers, in order; nil offers every MVPD
    ///     enabled for the partner.
    ///   - presenter: The picker and browser.
    /// - Throws: ``AccessEnablerError/providerNotSelected`` when the viewer cancels the picker
    ///   (or dismisses the partner's picker or login),
    ///   ``AccessEnablerError/invalidRedirectURL`` when the login ends elsewhere,
    ///   ``AccessEnablerError/storageFailure`` when the authentication could not be stored (it is
    ///   kept in memory, so this instance is signed in, but the next launch would not be),
    ///   ``AccessEnablerError/authenticationSessionExpired`` when the server issued an
    ///   authentication that had already expired by this device's clock (nothing is stored: every
    ///   later check compares with the same clock, so the viewer is not signed in, and signing in
    ///   again is the recovery if the server's clock was wrong; a device clock far ahead shows up
    ///   here), or the server's error.
    @discardableResult
    public func authenticate(
        forceAuthentication: Bool = false, data: [String: String] = [:], providerFilter: PartnerProviderFilter? = nil,
        presenter: any AuthenticationPresenter
    ) async throws -> Authentication {
        try await authenticate(
            forceAuthentication: forceAuthentication, data: data, providerFilter: providerFilter, presenter: presenter,
            partnerFallback: nil)
    }

    /// ``authenticate(forceAuthentication:data:providerFilter:presenter:)`` for the legacy adapter:
    /// `partnerFallback` receives, before the MVPD picker, why this call's partner attempt led to
    /// the basic flow (the value the attempt returned, not the shared event stream, so another
    /// flow's events are never mistaken for this one's).
    package func authenticate(
        forceAuthentication: Bool, data: [String: String], providerFilter: PartnerProviderFilter?,
        presenter: any AuthenticationPresenter,
        partnerFallback: (@Sendable (PartnerSingleSignOnEvent.FallbackReason) async -> Void)?
    ) async throws -> Authentication {
        try await authenticate(
            choice: ProviderChoice(
                answersSignedIn: !forceAuthentication, triesPartner: true, partnerFilter: providerFilter,
                partnerFallback: partnerFallback, picker: presenter),
            data: data, presenter: presenter)
    }

    /// The provider choice, then the MVPD's login in `presenter`'s browser.
    private func authenticate(choice: ProviderChoice, data: [String: String], presenter: any AuthenticationPresenter)
        async throws -> Authentication
    {
        let loaded = try await currentConfiguration()
        do {
            switch try await chooseProvider(choice, configuration: loaded) {
            case .signedIn(let authentication):
                return authentication
            case .provider(let mvpd?, let current):
                return try await runAuthentication(mvpd: mvpd, configuration: current, data: data, presenter: presenter)
            case .provider(nil, _):
                // Unreachable: with a picker, nobody choosing is a cancel.
                throw AccessEnablerError.providerNotSelected
            }
        } catch let error as AccessEnablerError {
            hub.emit(.authenticationChecked(.init(isAuthenticated: false, fromCache: false)))
            throw error
        }
    }

    /// The browser login with `mvpd`, chosen from `loaded`.
    private func runAuthentication(
        mvpd: MVPD, configuration loaded: RequestorConfiguration, data: [String: String],
        presenter: any AuthenticationPresenter
    ) async throws -> Authentication {
        let requestorID = loaded.requestorID
        hub.emit(.providerSelected(mvpd))
        log.info("authenticating with \(mvpd.id)")

        let logoutEpoch = await cache.logoutEpoch
        var context = try await context(for: requestorID, before: storageDeadline())
        context.redirectURL = try await redirectURL(for: mvpd, presenter: presenter)
        let pollUntil: PollDeadline
        switch try await backend.startAuthentication(
            mvpd: mvpd, domain: loaded.loginDomain(for: mvpd), data: data, context: context)
        {
        case .interactive(let url, let codeExpires):
            let redirectURL = context.redirectURL
            let landed = try await presenting {
                try await presenter.presentPage(url: url, redirectURL: redirectURL, for: mvpd, call: .authenticate)
            }
            guard Self.matches(landed, redirectURL: redirectURL) else { throw AccessEnablerError.invalidRedirectURL }
            // Polling starts once the browser reached the redirect URL (checklist: Polling
            // Mechanism Starting) and stops when the session's code expires, or sooner: the MVPD
            // login has ended, so a profile that has not come within the configured wait will not.
            pollUntil = PollDeadline.afterRedirect(
                uptime: clock.uptime, wait: max(configuration.profileWaitAfterRedirect, .zero),
                codeLeft: codeExpires.map { .seconds($0.timeIntervalSince(clock.now)) } ?? Self.defaultCodeLifetime)
            log.info(
                "the login reached the redirect URL; waiting up to \(pollUntil.uptime - clock.uptime) for the profile of \(mvpd.id)"
            )
        case .complete:
            // Nothing interactive: the service provider has the authentication already.
            pollUntil = PollDeadline(uptime: clock.uptime, endsWithLogin: false)
        }
        try Task.checkCancellation()
        // The viewer's part is over: what the login stores has a deadline of its own.
        context.storageDeadline = storageDeadline()
        let session = try await awaitAuthentication(
            mvpd: mvpd, configuration: loaded, data: data, context: context, until: pollUntil)
        return try await keepAuthentication(session, for: requestorID, ifLogoutEpoch: logoutEpoch)
    }

    /// Stores the authentication a login led to (a browser login, a second-screen sign-in, or
    /// the partner's with `partnerName`) unless a logout began since `logoutEpoch` was read,
    /// remembers its MVPD, and reports it. The viewer's part is over: its storage deadline starts
    /// now.
    func keepAuthentication(
        _ session: AuthenticationRecord, for requestorID: String, ifLogoutEpoch logoutEpoch: UInt64,
        throughPartner partnerName: String? = nil
    ) async throws -> Authentication {
        let deadline = storageDeadline()
        guard session.expires > clock.now else {
            log.error("the service provider issued an authentication that had already expired; not stored")
            throw AccessEnablerError.authenticationSessionExpired.with(
                details:
                    "The service provider issued an authentication that had already expired; check the device clock.")
        }
        guard
            try await cache.storeAuthentication(
                session, for: requestorID, ifLogoutEpoch: logoutEpoch, before: deadline)
        else {
            // A logout began while the viewer was signing in: nothing is written back.
            log.info("authentication finished after a logout started; discarded")
            throw CancellationError()
        }
        // The choice is remembered once it led to a session: a failed or cancelled attempt
        // leaves the store as it was.
        try await cache.storeSelectedMVPD(session.mvpd, for: requestorID, before: deadline)
        if let partnerName {
            log.info("signed in with \(session.mvpd.id) through the partner \(partnerName)")
            hub.emit(.partnerSingleSignOn(.signedIn(mvpdID: session.mvpd.id)))
        }
        hub.emit(
            .authenticationChecked(
                .init(
                    isAuthenticated: true, mvpdID: session.mvpd.id, userID: session.userID, fromCache: false)))
        return Authentication(record: session, requestorID: requestorID)
    }

    /// How long the SDK polls for a login's result when the service provider gave no code
    /// expiry (Adobe's authentication codes last 30 minutes).
    static let defaultCodeLifetime: Duration = .seconds(1800)

    /// When polling for a browser login's profile stops: an ``AccessEnablerClock/uptime``, so
    /// that a wall clock set back meanwhile does not make the wait longer.
    struct PollDeadline {
        var uptime: Duration
        /// Whether `uptime` is the end of the wait after the redirect (the MVPD login ended
        /// without a profile) rather than the code's expiry.
        var endsWithLogin: Bool

        /// `wait` after `uptime`, or the code's expiry (`codeLeft` from now, as the server's
        /// expiry read on the wall clock when the redirect came) when that comes first.
        static func afterRedirect(uptime: Duration, wait: Duration, codeLeft: Duration) -> PollDeadline {
            wait < codeLeft
                ? PollDeadline(uptime: uptime + wait, endsWithLogin: true)
                : PollDeadline(uptime: uptime + max(codeLeft, .zero), endsWithLogin: false)
        }
    }

    /// The authentication the service provider holds once the login is done, polled every
    /// ``Configuration/profilePollingInterval`` until it appears or `deadline` would pass: an
    /// MVPD may confirm a login some seconds after the browser reached the redirect URL.
    /// Cancelling the task stops the polling at once.
    private func awaitAuthentication(
        mvpd: MVPD, configuration loaded: RequestorConfiguration, data: [String: String], context: RequestContext,
        until deadline: PollDeadline
    ) async throws -> AuthenticationRecord {
        let found = try await pollForSignIn(
            "authentication for \(mvpd.id)", until: deadline.uptime, endsAtLastPoll: true, waitsFirst: false
        ) {
            try await backend.completeAuthentication(mvpd: mvpd, configuration: loaded, data: data, context: context)
        }
        if let found { return found }
        if deadline.endsWithLogin {
            log.error("the login with \(mvpd.id) reached the redirect URL, but no profile came")
            throw AccessEnablerError.authenticationSessionMissing.with(
                details:
                    "The MVPD login ended without a profile: the service provider had no authentication for \(mvpd.id) within \(configuration.profileWaitAfterRedirect) of the redirect."
            )
        }
        throw AccessEnablerError.authenticationSessionMissing.with(
            details: "The service provider had no authentication for \(mvpd.id) before the login expired.")
    }

    /// Runs a presenter call; its errors become ``AccessEnablerError/presentationFailed`` (so
    /// callers catch one error type), except cancellation and the SDK's own errors.
    func presenting<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as AccessEnablerError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw AccessEnablerError.presentationFailed.with(underlying: "\(type(of: error))")
        }
    }

    /// Whether `url` is where a flow that was told to end at `redirectURL` ended: the same scheme,
    /// host, port and path. Query and fragment may differ; a look-alike such as
    /// `adobepass://ios.app.evil.com` or another path does not match. Presenters use it to know
    /// when to stop.
    public static func isRedirect(_ url: URL, to redirectURL: URL) -> Bool {
        matches(url, redirectURL: redirectURL)
    }

    static func matches(_ url: URL, redirectURL: URL) -> Bool {
        guard let landed = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let expected = URLComponents(url: redirectURL, resolvingAgainstBaseURL: true)
        else { return false }
        func normalizedPath(_ path: String) -> String { path.isEmpty ? "/" : path }
        return landed.scheme?.lowercased() == expected.scheme?.lowercased()
            && landed.host?.lowercased() == expected.host?.lowercased()
            && landed.port == expected.port
            && normalizedPath(landed.percentEncodedPath) == normalizedPath(expected.percentEncodedPath)
    }

    /// The MVPD the viewer last picked for the current requestor (kept until logout).
    public func selectedProvider() async -> MVPD? {
        guard let requestorID = requestor.requestorID else { return nil }
        guard let stored = try? await cache.selectedMVPD(for: requestorID, before: storageDeadline()) else {
            return nil
        }
        return requestor.configuration?.mvpd(withID: stored.id) ?? stored
    }
}
