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
        let attempt = state.machine.configurationStarted()
        // The addresses of Adobe's SDK (`http://sp.auth.adobe.com/`, `…/adobe-services`) name the
        // backend's host.
        let backend = core.configuration.backend
        let urls = serviceProviders.compactMap { ServiceProviderAddress.url($0, backend: backend) }
        let unparsable = urls.count != serviceProviders.count
        requestorSetup = perform { [self] in
            let signedIn: Bool
            do {
                if unparsable { throw AccessEnablerError.invalidServiceProvider }
                try await core.setRequestor(requestorID, serviceProviders: urls)
                // Decided on the session as `setRequestor` found it, before the calls queued
                // behind it (a login, a logout) change it; a local read, no request.
                signedIn = await core.checkAuthentication().authentication != nil
            } catch {
                execute(
                    state.machine.configurationFailed(
                        (error as? AccessEnablerError).flatMap(LegacyStatus.configurationFailed)))
                return
            }
            let (actions, sync) = state.machine.configurationSucceeded(attempt, signedIn: signedIn)
            execute(actions)
            if let sync { await syncProfile(sync) }
        }
    }

    /// The profile sync after `setRequestorComplete`, for a viewer signed in on this device (at
    /// launch and on each re-sync) or signed out (on a re-sync only: one request for the profiles
    /// the server holds). What it reports is ``LegacyBridgeStateMachine/profileSynced(_:refreshed:)``'s.
    private func syncProfile(_ sync: LegacyBridgeStateMachine.ProfileSync) async {
        let refreshed = try? await core.refreshAuthenticationReportingChange()
        execute(
            state.machine.profileSynced(
                sync, refreshed: refreshed.map { ($0.removedSession, $0.adoptedSession, $0.status.authentication) }))
    }
}
