import Foundation

/// The TV side of the second-screen sign-in (REST API v2): create a code, show it, poll
/// `GET /profiles/code/{code}` until the viewer has signed in on another device.
extension SignInFlow {
    /// The longest a second-screen code is polled, whatever its `notAfter` says (Adobe's codes
    /// last 30 minutes).
    static let maximumCodeLifetime: Duration = .seconds(3600)

    /// Creates the code for `mvpd` (nil: the viewer picks on the other device), or finds the
    /// viewer signed in already.
    static func startSecondScreen(
        _ mvpd: MVPD?, _ loaded: RequestorConfiguration, _ start: Start, data: [String: String],
        on enabler: isolated AccessEnabler
    ) async throws -> (State, Stage) {
        if let mvpd { enabler.hub.emit(.providerSelected(mvpd)) }
        guard
            let serviceProvider = try mvpd.map({ try ServiceProvider.validated($0.serviceProvider) })
                ?? enabler.requestor.serviceProviders.first
        else { throw AccessEnablerError.requestorNotConfigured }
        let requestorID = start.configuration.requestorID
        let logoutEpoch = await enabler.cache.logoutEpoch
        let context = try await enabler.context(for: requestorID, before: enabler.storageDeadline())
        let step = try await enabler.backend.requireSecondScreen().startSecondScreenAuthentication(
            mvpd: mvpd, domain: mvpd.flatMap { loaded.loginDomain(for: $0) }, at: serviceProvider, context: context)
        switch step {
        case .code(let code, let expires):
            let id = start.attemptID ?? 0
            guard enabler.secondScreen.isLatest(id) else { throw AccessEnablerError.authenticationCodeReplaced }
            // Polled until the code expires, but never longer than an hour, whatever the server
            // says (a far-future notAfter would poll forever). Measured on the monotonic clock: a
            // wall clock set back meanwhile does not make it poll longer.
            let (now, uptime) = (enabler.clock.now, enabler.clock.uptime)
            let shown = ActivationCode(
                code: code, activationURL: enabler.configuration.activationURL,
                expires: Swift.min(expires ?? now.adding(defaultCodeLifetime), now.adding(maximumCodeLifetime)),
                mvpd: mvpd)
            let left = Duration.seconds(shown.expires.timeIntervalSince(now))
            let preselected = mvpd.map { " for \($0.id)" } ?? ""
            enabler.log.info(
                "second-screen code created\(preselected); polling every \(pollingInterval(of: enabler.configuration))")
            let attempt = SecondScreenAttempt(
                id: id, code: shown, serviceProvider: serviceProvider, configuration: loaded, context: context,
                logoutEpoch: logoutEpoch, pollsUntil: uptime + left)
            return (.codeShown(shown), .codeShown(attempt))
        case .complete(let mvpdID):
            // The service provider already holds an authentication (TempPass, degraded access,
            // or signed in elsewhere): read it, as after a browser login.
            guard let chosen = mvpd ?? mvpdID.flatMap({ loaded.mvpd(withID: $0) }),
                let session = try await enabler.backend.completeAuthentication(
                    mvpd: chosen, configuration: loaded, data: data, context: context)
            else { throw AccessEnablerError.authenticationSessionMissing }
            let kept = try await keep(session, for: requestorID, ifLogoutEpoch: logoutEpoch, on: enabler)
            return (.signedIn(kept), .finished)
        }
    }

    /// Polls for the code's authentication once per interval from when the code was shown,
    /// until it appears, the code expires, a newer attempt replaces this one, a logout begins,
    /// or the task is cancelled. Failures follow the rule of every sign-in poll
    /// (`pollForSignIn`): a `429` waits its `Retry-After`, no answer or a 5xx is asked again at
    /// the next poll (the code stays valid, so a brief outage does not end the sign-in), and
    /// any other error ends it. Only a profile of an MVPD the requestor offers (the preselected
    /// one, when the TV chose one) is accepted.
    static func awaitSecondScreen(_ attempt: SecondScreenAttempt, on enabler: isolated AccessEnabler) async throws
        -> Authentication
    {
        let found = try await pollForSignIn(
            "authentication for the code", until: attempt.pollsUntil, endsAtLastPoll: false, waitsFirst: true,
            on: enabler,
            beforeEachPoll: {
                guard enabler.secondScreen.isLatest(attempt.id) else {
                    throw AccessEnablerError.authenticationCodeReplaced
                }
                // A logout since the code was shown ends the sign-in: nothing would be kept anyway.
                guard await enabler.cache.logoutEpoch == attempt.logoutEpoch else { throw CancellationError() }
            }
        ) { () -> AuthenticationRecord? in
            try await pollCode(attempt, on: enabler)
        }
        guard let session = found else { throw AccessEnablerError.authenticationCodeExpired }
        guard enabler.secondScreen.isLatest(attempt.id) else { throw AccessEnablerError.authenticationCodeReplaced }
        if attempt.code.mvpd == nil { enabler.hub.emit(.providerSelected(session.mvpd)) }
        return try await keep(
            session, for: attempt.configuration.requestorID, ifLogoutEpoch: attempt.logoutEpoch, on: enabler)
    }

    /// One poll for the code's authentication: the profile to keep, or nil when there is none yet.
    private static func pollCode(_ attempt: SecondScreenAttempt, on enabler: isolated AccessEnabler) async throws
        -> AuthenticationRecord?
    {
        let code = attempt.code.code
        let found: [AuthenticationRecord]
        var activatedMVPD: String?
        // The code is polled for up to an hour: each poll is one call for the storage.
        var context = attempt.context
        context.storageDeadline = enabler.storageDeadline()
        do {
            let secondScreen = try enabler.backend.requireSecondScreen()
            found = try await secondScreen.authentications(
                forCode: code, at: attempt.serviceProvider, configuration: attempt.configuration, context: context)
            guard !found.isEmpty else { return nil }
            if attempt.code.mvpd == nil, offeredProfiles(found, in: attempt.configuration).count > 1 {
                // Several profiles for one code: the one of the MVPD the code was activated with.
                activatedMVPD = try await secondScreen.activationSession(
                    forCode: code, at: attempt.serviceProvider, context: context
                ).mvpdID
            }
        } catch let error as AccessEnablerError
            where error == .invalidAuthenticationSession || error == .invalidAuthenticationCode
        {
            throw AccessEnablerError.authenticationCodeExpired.with(
                details: "The service provider no longer knows the code.")
        }
        return try acceptedProfile(found, for: attempt, activatedMVPD: activatedMVPD, log: enabler.log)
    }

    /// The profile of a poll answer the TV keeps: the preselected MVPD's (or, without one, the
    /// MVPD's the code was activated with when the answer holds several), and only for an MVPD the
    /// requestor offers. A hostile or confused service provider that answers with another MVPD's
    /// profile ends the sign-in with ``AccessEnablerError/providerNotAvailable``: nothing is stored.
    static func acceptedProfile(
        _ found: [AuthenticationRecord], for attempt: SecondScreenAttempt, activatedMVPD: String?, log: Log
    ) throws -> AuthenticationRecord {
        let expected = attempt.code.mvpd?.id ?? activatedMVPD
        let offered = offeredProfiles(found, in: attempt.configuration).filter {
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
}
