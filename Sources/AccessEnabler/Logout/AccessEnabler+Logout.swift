import Foundation

extension AccessEnabler {
    /// Logs the viewer out: on the server, then at the MVPD in the browser when a presenter is
    /// given, then clears the viewer's tokens from storage (every requestor, as the legacy SDK did;
    /// the app's DCR registration, the device ID and the requestor configuration stay).
    ///
    /// On REST API v2 the SDK follows the action of each profile the server removed: a logout
    /// page goes to the presenter; a profile that came from Apple's TV Provider (`appleSSO`) emits
    /// ``EntitlementEvent/partnerLogoutRequired(mvpdID:)``: guide the viewer to the system's TV
    /// Provider settings to sign out there too. Each step runs on its own: a page that cannot be
    /// shown (its URL refused, the presenter failed) is reported and the others still run. The
    /// logout page of an MVPD that opens in Safari is not shown when Safari could not come back
    /// to the app (it registers no `adbe.` scheme; logged): the server logout is done all the same.
    ///
    /// Requests in flight when logout begins never write their results back. The local logout
    /// always happens: when the server or the browser step fails, the failure is logged and
    /// reported as an event and in the outcome, not thrown, because the viewer is signed out on this
    /// device either way.
    ///
    /// The server call is retried as the ``RetryPolicy`` allows (removing a profile twice removes
    /// nothing more). A server logout that still failed is remembered in storage and sent again
    /// by the next ``refreshAuthentication(preferring:)``, ``availableProfiles()`` or logout, of
    /// this instance or another on the same store; until it goes through, no refresh takes the
    /// profile it was to remove back. A new login forgets it.
    ///
    /// - Returns: The TV Provider sign-outs the viewer still has to do and the server or browser
    ///   step's failure, if any.
    /// - Throws: ``AccessEnablerError/storageFailure`` when storage could not be cleared.
    @discardableResult
    public func logout(presenter: (any AuthenticationPresenter)? = nil) async throws -> LogoutOutcome {
        await cache.invalidateInFlightWork()
        sharedRequests.removeAll()
        var outcome = LogoutOutcome()
        if let requestorID = requestor.configuration?.requestorID ?? requestor.requestorID {
            let deadline = storageDeadline()
            // The session another instance stored is the one the viewer logs out of.
            await cache.takeStoredAuthentication(for: requestorID, before: deadline)
            if let session = try? await cache.authentication(for: requestorID, before: deadline) {
                // Owed until the server confirms it, in case the call fails or the app stops first.
                await cache.oweLogout(of: session, for: requestorID, before: deadline)
                serverLogoutsRunning += 1
                outcome = await logOutRemotely(session: session, requestorID: requestorID, presenter: presenter)
            } else {
                // Signed out locally already: a server logout still owed is sent now.
                _ = await sendOwedLogout(for: requestorID, before: deadline)
            }
        }
        // After the server (and the viewer's logout pages): the clearing has a deadline of its own.
        try await cache.clearUserData(before: storageDeadline())
        hub.emit(.authenticationRemoved(reason: nil))
        hub.emit(.loggedOut)
        log.info("logged out")
        return outcome
    }

    private func logOutRemotely(
        session: AuthenticationRecord, requestorID: String, presenter: (any AuthenticationPresenter)?
    ) async -> LogoutOutcome {
        var outcome = LogoutOutcome()
        // Counted by the caller in `serverLogoutsRunning` until the server answered (or failed).
        var answered = false
        func serverAnswered() {
            if !answered { serverLogoutsRunning -= 1 }
            answered = true
        }
        defer { serverAnswered() }
        let steps: [LogoutStep]
        // nil: the MVPD's pages open in Safari, which cannot come back to the app (no adbe. scheme).
        let pageRedirectURL: URL?
        do {
            var context = try await context(for: requestorID, before: storageDeadline())
            pageRedirectURL = try? await redirectURL(
                for: session.mvpd, requiresRegisteredScheme: presenter?.requiresRegisteredURLScheme ?? true)
            // The server logout happens even when the MVPD's Safari page cannot come back.
            context.redirectURL = pageRedirectURL ?? configuration.redirectURL
            steps = try await backend.logout(session: session, context: context)
            serverAnswered()
            await cache.settleLogout(of: session, for: requestorID, before: storageDeadline())
        } catch {
            if error is CancellationError {
                log.info("the server logout was cancelled; logging out locally")
                return outcome
            }
            let code = (error as? AccessEnablerError)?.code ?? "unknown"
            log.error("server logout failed (\(code)); logging out locally")
            let incomplete = error as? AccessEnablerError ?? .networkError
            outcome.incompleteError = incomplete
            hub.emit(.logoutIncomplete(incomplete))
            return outcome
        }
        let pages = LogoutSteps(
            mvpd: session.mvpd, presenter: presenter, pageRedirectURL: pageRedirectURL, log: log, hub: hub)
        await pages.run(steps, into: &outcome)
        return outcome
    }

    /// Sends the server logout still owed for `requestorID` (an earlier logout's that failed, in
    /// this instance or another on the same store), if any; forgets it once it went through.
    /// Returns the session whose logout is still owed (nil: none). The viewer was signed out
    /// locally when it was owed: its logout pages are not shown again.
    func sendOwedLogout(for requestorID: String, before deadline: TokenStorageDeadline) async
        -> AuthenticationRecord?
    {
        guard let owed = await cache.owedLogout(for: requestorID, before: deadline) else { return nil }
        // This instance's logout in progress sends it (and shows its pages).
        guard serverLogoutsRunning == 0 else { return owed }
        do {
            var context = try await context(for: requestorID, before: deadline)
            context.redirectURL = (try? await redirectURL(for: owed.mvpd)) ?? configuration.redirectURL
            _ = try await backend.logout(session: owed, context: context)
        } catch {
            if error is CancellationError { return owed }
            let code = (error as? AccessEnablerError)?.code ?? "unknown"
            log.error("the server logout owed since an earlier logout failed again (\(code)); kept for the next call")
            return owed
        }
        await cache.settleLogout(of: owed, for: requestorID, before: deadline)
        log.info("sent the server logout owed since an earlier logout")
        return nil
    }
}
