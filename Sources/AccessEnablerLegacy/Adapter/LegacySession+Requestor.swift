import AccessEnabler
import Foundation

extension LegacySession {
    /// `setRequestor:serviceProviders:`; ends with `setRequestorComplete`, then runs the calls queued
    /// behind the configuration (after a failure each fails through its own callback).
    ///
    /// A signed-in app calls it again on return to the foreground so the SDK re-syncs with the
    /// server ("delete the local token if a logout happened in the meantime"): after
    /// `setRequestorComplete` the core's profile sync runs, and a session the server no longer
    /// holds ends with `setAuthenticationStatus(0, USER_NOT_AUTHENTICATED_ERROR)`.
    func setRequestor(_ requestorID: String, serviceProviders: [String]) {
        phase = .configuring
        let urls = serviceProviders.compactMap(URL.init(string:))
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
            if signedIn { await syncProfile(logoutsBefore: logoutsBefore) }
        }
    }

    /// The foreground re-sync, for a viewer signed in on this device (a signed-out launch sends
    /// nothing more), after the app got what it waits for. Reports a sign-out only when the sync
    /// itself removed the session the server no longer holds, and no logout overlapped it (the
    /// logout reports its own). A failed sync changes nothing: the core keeps the session on a
    /// transient failure.
    private func syncProfile(logoutsBefore: UInt64) async {
        guard let refreshed = try? await core.refreshAuthenticationReportingRemoval(),
            refreshed.removedSession, refreshed.status.authentication == nil,
            logoutsStarted == logoutsBefore, logoutsRunning == 0
        else { return }
        emit {
            $0.setAuthenticationStatus(ACCESS_ENABLER_STATUS_ERROR, errorCode: USER_NOT_AUTHENTICATED_ERROR)
        }
    }
}
