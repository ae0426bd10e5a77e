import Foundation

/// The last step of every sign-in: keeping the authentication it led to.
extension SignInFlow {
    /// Stores the authentication a login led to (a browser login, a second-screen sign-in, or
    /// the partner's with `partnerName`) unless a logout began since `logoutEpoch` was read,
    /// remembers its MVPD, and reports it. The viewer's part is over: its storage deadline starts
    /// now.
    // Never inlined: inlined into the second-screen sign-in (`awaitSecondScreen`), Swift 6.3.1
    // crashes while splitting that async function at -O on Linux since the error is one
    // reference (LLVM's coroutine splitting; docs/performance.md). One body serves every sign-in.
    @inline(never) static func keep(
        _ session: AuthenticationRecord, for requestorID: String, ifLogoutEpoch logoutEpoch: UInt64,
        throughPartner partnerName: String? = nil, on enabler: isolated AccessEnabler
    ) async throws -> Authentication {
        let deadline = enabler.storageDeadline()
        guard session.expires > enabler.clock.now else {
            enabler.log.error("the service provider issued an authentication that had already expired; not stored")
            throw AccessEnablerError.authenticationSessionExpired.with(
                details:
                    "The service provider issued an authentication that had already expired; check the device clock.")
        }
        guard
            try await enabler.cache.storeAuthentication(
                session, for: requestorID, ifLogoutEpoch: logoutEpoch, before: deadline)
        else {
            // A logout began while the viewer was signing in: nothing is written back.
            enabler.log.info("authentication finished after a logout started; discarded")
            throw CancellationError()
        }
        // The choice is remembered once it led to a session: a failed or cancelled attempt
        // leaves the store as it was.
        try await enabler.cache.storeSelectedMVPD(session.mvpd, for: requestorID, before: deadline)
        if let partnerName {
            enabler.log.info("signed in with \(session.mvpd.id) through the partner \(partnerName)")
            enabler.hub.emit(.partnerSingleSignOn(.signedIn(mvpdID: session.mvpd.id)))
        }
        enabler.hub.emit(
            .authenticationChecked(
                .init(
                    isAuthenticated: true, mvpdID: session.mvpd.id, userID: session.userID, fromCache: false)))
        return Authentication(record: session, requestorID: requestorID)
    }
}
