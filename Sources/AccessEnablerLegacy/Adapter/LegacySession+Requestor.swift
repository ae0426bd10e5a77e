import AccessEnabler
import Foundation

extension LegacySession {
    /// `setRequestor:serviceProviders:`; ends with `setRequestorComplete`, then runs the calls queued
    /// behind the configuration (after a failure each fails through its own callback).
    ///
    /// An app calls it again on return to the foreground so the SDK re-syncs with the server
    /// ("fetch a remote token if SSO is enabled, or delete the local token if a logout happened in
    /// the meantime"): after `setRequestorComplete` the core's profile sync runs. A session the
    /// server no longer holds ends with `setAuthenticationStatus(0, USER_NOT_AUTHENTICATED_ERROR)`;
    /// without a local session, a profile the server holds for this device (a sign-in in another
    /// of the programmer's apps sharing the device identifier) is adopted and reported with
    /// `setAuthenticationStatus(1, USER_AUTHENTICATED)`. A signed-out launch (the first
    /// `setRequestor` that completes) asks nothing more.
    func setRequestor(_ requestorID: String, serviceProviders: [String]) {
        // A re-sync follows a configuration that completed; the launch's, or a retry after a
        // failure, is not one.
        let isResync = phase == .configured
        phase = .configuring
        // The addresses of Adobe's SDK (`http://sp.auth.adobe.com/`, `…/adobe-services`) name the
        // backend's host.
        let backend = core.configuration.backend
        let urls = serviceProviders.compactMap { ServiceProviderAddress.url($0, backend: backend) }
        let unparsable = urls.count != serviceProviders.count
        let logoutsBefore = logoutsStarted
        requestorSetup = perform { [self] in
            var signedIn = false
            do {
                if unparsable { throw AccessEnablerError.invalidServiceProvider }
                try await core.setRequestor(requestorID, serviceProviders: urls)
                // Decided on the session as `setRequestor` found it, before the calls queued
                // behind it (a login, a logout) change it; a local read, no request.
                signedIn = await core.checkAuthentication().authentication != nil
                phase = .configured
                emit { $0.setRequestorComplete(ACCESS_ENABLER_STATUS_SUCCESS) }
            } catch {
                phase = .failed
                if let status = (error as? AccessEnablerError).flatMap(LegacyStatus.configurationFailed) {
                    emit(status)
                }
                emit { $0.setRequestorComplete(ACCESS_ENABLER_STATUS_ERROR) }
                runQueuedCalls()
                return
            }
            runQueuedCalls()
            if signedIn || isResync { await syncProfile(logoutsBefore: logoutsBefore, signedIn: signedIn) }
        }
    }

    /// The profile sync after `setRequestorComplete`, for a viewer signed in on this device (at
    /// launch and on each re-sync) or signed out (on a re-sync only: one request for the profiles
    /// the server holds). Reports a change only when the sync itself made it, and no logout
    /// overlapped it (the logout reports its own): a sign-out when it removed the session the
    /// server no longer holds, a sign-in when it adopted a profile where there was no session
    /// (`signedIn` is false; a login made meanwhile leaves the sync nothing to adopt, and a flow
    /// still waiting for the viewer reports the sign-in itself when it ends). A failed
    /// sync changes nothing: the core keeps the session on a transient failure.
    private func syncProfile(logoutsBefore: UInt64, signedIn: Bool) async {
        guard let refreshed = try? await core.refreshAuthenticationReportingChange(),
            logoutsStarted == logoutsBefore, logoutsRunning == 0
        else { return }
        if refreshed.removedSession, refreshed.status.authentication == nil {
            emit {
                $0.setAuthenticationStatus(ACCESS_ENABLER_STATUS_ERROR, errorCode: USER_NOT_AUTHENTICATED_ERROR)
            }
        } else if !signedIn, refreshed.adoptedSession, authenticationFlowsRunning == 0,
            let adopted = refreshed.status.authentication
        {
            // A running flow reports its own end (the adopted profile is often that very login,
            // its redirect not back yet).
            reportAuthentication(.success((adopted, false)))
        }
    }
}
