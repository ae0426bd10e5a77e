import Foundation

/// The TV side of the second-screen sign-in (REST API v2): create a code, show it, poll
/// `GET /profiles/code/{code}` until the viewer has signed in on another device.
extension AccessEnabler {
    /// Signs the viewer in from a device without a browser (Apple TV): the TV shows a code, the
    /// viewer finishes on a phone or computer (the app's companion site, or an app built on
    /// ``activate(code:mvpdID:presenter:)``), and the TV notices.
    ///
    /// Nothing happens until the sequence is iterated; see ``SecondScreenSignIn`` for the states
    /// and errors. Starting another sign-in on this instance stops the polling of this one.
    /// REST API v1 throws ``AccessEnablerError/secondScreenNotSupported``.
    ///
    /// - Parameters:
    ///   - mvpdID: The MVPD the viewer picked on the TV; nil lets them pick on the other device.
    ///   - forceAuthentication: Show a code even when already signed in.
    public nonisolated func secondScreenSignIn(mvpdID: String? = nil, forceAuthentication: Bool = false)
        -> SecondScreenSignIn
    {
        SecondScreenSignIn(
            enabler: self, choice: ProviderChoice(answersSignedIn: !forceAuthentication, mvpdID: mvpdID))
    }

    /// ``secondScreenSignIn(mvpdID:forceAuthentication:)`` for the legacy adapter's tvOS flow:
    /// the partner framework (Apple's TV Provider) first, then `picker` on the TV, then the code
    /// for the MVPD chosen. `data` goes with the profile call of an MVPD that signs in at once (a
    /// Promotional TempPass identity). `partnerFallback` receives why the partner attempt led to
    /// the picker; `chosen` is told the MVPD before the code is requested (so the caller can tell
    /// a failed choice from a code that could not be created).
    package nonisolated func secondScreenSignIn(
        forceAuthentication: Bool, data: [String: String], providerFilter: PartnerProviderFilter?,
        picker: any AuthenticationPresenter,
        partnerFallback: @escaping @Sendable (PartnerSingleSignOnEvent.FallbackReason) async -> Void,
        chosen: @escaping @Sendable (MVPD?) async -> Void
    ) -> SecondScreenSignIn {
        SecondScreenSignIn(
            enabler: self,
            choice: ProviderChoice(
                answersSignedIn: !forceAuthentication, triesPartner: true, partnerFilter: providerFilter,
                partnerFallback: partnerFallback, picker: picker, chosen: chosen),
            data: data)
    }

    /// Chooses the MVPD, then creates the code (or finds the viewer signed in already). A new
    /// attempt makes every older one stop polling.
    func startSecondScreen(_ choice: ProviderChoice, data: [String: String]) async throws -> SecondScreenStart {
        let current = try await currentConfiguration()
        let requestorID = current.requestorID
        // Counted before the choice: an older attempt stops polling as soon as a new one starts,
        // not only once the viewer has picked an MVPD for it.
        let id = secondScreen.startAttempt()
        let (mvpd, loaded): (MVPD?, RequestorConfiguration)
        switch try await chooseProvider(choice, configuration: current) {
        case .signedIn(let authentication): return .authenticated(authentication)
        case .provider(let chosen, let configuration): (mvpd, loaded) = (chosen, configuration)
        }
        if let mvpd { hub.emit(.providerSelected(mvpd)) }
        guard
            let serviceProvider = try mvpd.map({ try ServiceProvider.validated($0.serviceProvider) })
                ?? requestor.serviceProviders.first
        else { throw AccessEnablerError.requestorNotConfigured }
        let logoutEpoch = await cache.logoutEpoch
        let context = try await context(for: requestorID, before: storageDeadline())
        let step = try await backend.requireSecondScreen().startSecondScreenAuthentication(
            mvpd: mvpd, domain: mvpd.flatMap { loaded.loginDomain(for: $0) }, at: serviceProvider, context: context)
        switch step {
        case .code(let code, let expires):
            guard secondScreen.isLatest(id) else { throw AccessEnablerError.authenticationCodeReplaced }
            // Polled until the code expires, but never longer than an hour, whatever the server
            // says (a far-future notAfter would poll forever). Measured on the monotonic clock: a
            // wall clock set back meanwhile does not make it poll longer.
            let (now, uptime) = (clock.now, clock.uptime)
            let shown = ActivationCode(
                code: code, activationURL: configuration.activationURL,
                expires: min(expires ?? now.adding(Self.defaultCodeLifetime), now.adding(Self.maximumCodeLifetime)),
                mvpd: mvpd)
            let left = Duration.seconds(shown.expires.timeIntervalSince(now))
            let preselected = mvpd.map { " for \($0.id)" } ?? ""
            log.info("second-screen code created\(preselected); polling every \(pollingInterval)")
            return .code(
                SecondScreenAttempt(
                    id: id, code: shown, serviceProvider: serviceProvider, configuration: loaded, context: context,
                    logoutEpoch: logoutEpoch, pollsUntil: uptime + left))
        case .complete(let mvpdID):
            // The service provider already holds an authentication (TempPass, degraded access,
            // or signed in elsewhere): read it, as after a browser login.
            guard let chosen = mvpd ?? mvpdID.flatMap({ loaded.mvpd(withID: $0) }),
                let session = try await backend.completeAuthentication(
                    mvpd: chosen, configuration: loaded, data: data, context: context)
            else { throw AccessEnablerError.authenticationSessionMissing }
            return .authenticated(try await keepAuthentication(session, for: requestorID, ifLogoutEpoch: logoutEpoch))
        }
    }

    /// Polls for the code's authentication once per interval from when the code was shown,
    /// until it appears, the code expires, a newer attempt replaces this one, a logout begins,
    /// or the task is cancelled. Failures follow the rule of every sign-in poll
    /// (`pollForSignIn`): a `429` waits its `Retry-After`, no answer or a 5xx is asked again at
    /// the next poll (the code stays valid, so a brief outage does not end the sign-in), and
    /// any other error ends it. Only a profile of an MVPD the requestor offers (the preselected
    /// one, when the TV chose one) is accepted.
    func awaitSecondScreen(_ attempt: SecondScreenAttempt) async throws -> Authentication {
        let code = attempt.code.code
        let found = try await pollForSignIn(
            "authentication for the code", until: attempt.pollsUntil, endsAtLastPoll: false, waitsFirst: true,
            beforeEachPoll: {
                guard secondScreen.isLatest(attempt.id) else { throw AccessEnablerError.authenticationCodeReplaced }
                // A logout since the code was shown ends the sign-in: nothing would be kept anyway.
                guard await cache.logoutEpoch == attempt.logoutEpoch else { throw CancellationError() }
            }
        ) { () -> AuthenticationRecord? in
            let found: [AuthenticationRecord]
            var activatedMVPD: String?
            // The code is polled for up to an hour: each poll is one call for the storage.
            var context = attempt.context
            context.storageDeadline = storageDeadline()
            do {
                found = try await backend.requireSecondScreen().authentications(
                    forCode: code, at: attempt.serviceProvider, configuration: attempt.configuration,
                    context: context)
                guard !found.isEmpty else { return nil }
                if attempt.code.mvpd == nil, Self.offeredProfiles(found, in: attempt.configuration).count > 1 {
                    // Several profiles for one code: the one of the MVPD the code was activated with.
                    activatedMVPD = try await backend.requireSecondScreen().activationSession(
                        forCode: code, at: attempt.serviceProvider, context: context
                    ).mvpdID
                }
            } catch let error as AccessEnablerError
                where error == .invalidAuthenticationSession || error == .invalidAuthenticationCode
            {
                throw Self.codeExpired.with(details: "The service provider no longer knows the code.")
            }
            return try acceptedProfile(found, for: attempt, activatedMVPD: activatedMVPD)
        }
        guard let session = found else { throw Self.codeExpired }
        guard secondScreen.isLatest(attempt.id) else { throw AccessEnablerError.authenticationCodeReplaced }
        if attempt.code.mvpd == nil { hub.emit(.providerSelected(session.mvpd)) }
        return try await keepAuthentication(
            session, for: attempt.configuration.requestorID, ifLogoutEpoch: attempt.logoutEpoch)
    }

    /// The profile of a poll answer the TV keeps: the preselected MVPD's (or, without one, the
    /// MVPD's the code was activated with when the answer holds several), and only for an MVPD the
    /// requestor offers. A hostile or confused service provider that answers with another MVPD's
    /// profile ends the sign-in with ``AccessEnablerError/providerNotAvailable``: nothing is stored.
    func acceptedProfile(_ found: [AuthenticationRecord], for attempt: SecondScreenAttempt, activatedMVPD: String?)
        throws -> AuthenticationRecord
    {
        let expected = attempt.code.mvpd?.id ?? activatedMVPD
        let offered = Self.offeredProfiles(found, in: attempt.configuration).filter {
            expected == nil || $0.mvpd.id == expected
        }
        guard offered.count == 1, let session = offered.first else {
            let ids = found.map(\.mvpd.id).joined(separator: ", ")
            log.error("the code's poll answer held no acceptable profile (\(ids)); refused")
            let wanted = expected.map { "the MVPD \($0)" } ?? "an MVPD the requestor offers"
            throw AccessEnablerError.providerNotAvailable.with(
                details: "The service provider answered the code with profiles for \(ids), not for \(wanted).")
        }
        return session
    }

    /// The records of `found` whose MVPD the requestor offers, each bound to the configuration's MVPD.
    static func offeredProfiles(_ found: [AuthenticationRecord], in loaded: RequestorConfiguration)
        -> [AuthenticationRecord]
    {
        found.compactMap { record in
            guard let mvpd = loaded.mvpd(withID: record.mvpd.id) else { return nil }
            var bound = record
            bound.mvpd = mvpd
            return bound
        }
    }

    /// The longest a second-screen code is polled, whatever its `notAfter` says (Adobe's codes
    /// last 30 minutes).
    static let maximumCodeLifetime: Duration = .seconds(3600)

    static let codeExpired = AccessEnablerError.authenticationCodeExpired
}
