import Foundation

extension AccessEnabler {
    /// Every authentication the service providers hold for this device, the one the SDK would
    /// use first: the local session's MVPD, then the MVPD the viewer last selected, then the
    /// longest validity (checklist: Multiple Profiles Support).
    ///
    /// REST API v2 reads `GET /profiles`, which may hold several (other MVPDs, single sign-on,
    /// TempPass; ``Authentication/profileType`` says which); REST API v1 has at most one authN
    /// token. Nothing is stored: show them in a picker and pass the viewer's choice to
    /// ``refreshAuthentication(preferring:)``.
    ///
    /// - Throws: ``AccessEnablerError/requestorNotConfigured`` without a configuration, or the
    ///   service provider's error (a service provider other than the session's that fails is
    ///   left out).
    public func availableProfiles() async throws -> [Authentication] {
        let deadline = storageDeadline()
        let loaded = try await currentConfiguration()
        let local = try await cache.session(for: loaded.requestorID, before: deadline, takingStoreChanges: true)?
            .authentication
        let owed = await sendOwedLogout(for: loaded.requestorID, before: deadline)
        return try await ProfileSync.serverAuthentications(
            loaded, local: local, preferring: nil, before: deadline, on: self
        ).filter {
            !ProfileSync.isLoggedOut($0, owed: owed)
        }.map {
            Authentication(record: $0, requestorID: loaded.requestorID)
        }
    }

    /// Brings the local authentication in line with the service provider's (REST API v2: the
    /// profiles endpoint; REST API v1: the authN token) — what the legacy SDK did by calling
    /// `setRequestor` when the app returned to the foreground. Call it at launch and on
    /// foreground.
    ///
    /// - A session the server no longer holds (a logout made elsewhere, an early expiry) is
    ///   removed locally, as any "session gone" answer is — except a single sign-on by service
    ///   token (`serviceTokenSSO`) when the request went without one (the app gave none): that
    ///   answer cannot speak for it, and it stays.
    /// - A changed expiry or changed attributes (user metadata) update the local one.
    /// - Without a local session, a profile the server holds (single sign-on, a login in another
    ///   app) is adopted; with `mvpdID`, that MVPD's profile is adopted in place of the local one
    ///   (the viewer's choice among ``availableProfiles()``).
    ///
    /// Every change is conditional on the local session read at the start: a login or logout
    /// made meanwhile is left as it is. While a logout of this instance waits for the server,
    /// nothing is asked or changed: the logout decides. When the server holds several profiles,
    /// ``EntitlementEvent/profilesAvailable(_:)`` lists them, best first.
    ///
    /// - Parameter mvpdID: The MVPD whose profile to use when the server holds it.
    /// - Returns: The status after the refresh.
    /// - Throws: ``AccessEnablerError/requestorNotConfigured`` without a configuration; the
    ///   service provider's error, and nothing changes locally; ``AccessEnablerError/storageFailure``
    ///   when an adopted authentication could not be stored (it is kept in memory).
    @discardableResult
    public func refreshAuthentication(preferring mvpdID: String? = nil) async throws -> AuthenticationStatus {
        try await ProfileSync.refresh(preferring: mvpdID, before: storageDeadline(), on: self).status
    }

    /// ``refreshAuthentication(preferring:)`` that also says whether it removed the local session
    /// because the service provider no longer holds one, or adopted one the service provider holds
    /// where there was none: the legacy adapter reports a sign-out or a sign-in only then, not when
    /// a logout or login made meanwhile changed the session.
    package func refreshAuthenticationReportingChange() async throws -> (
        status: AuthenticationStatus, removedSession: Bool, adoptedSession: Bool
    ) {
        try await ProfileSync.refresh(preferring: nil, before: storageDeadline(), on: self)
    }

    /// Reads the session's profile again after an authorization (REST API v2, when
    /// ``Configuration/refreshesProfileAfterAuthorization`` is on) and keeps its new attributes,
    /// in the background: the media token does not wait for it, and a failure is only logged.
    nonisolated func refreshProfile(
        of cached: CachedSession, requestorID: String, configuration loaded: RequestorConfiguration
    ) {
        Task { [weak self] in
            guard let self else { return }
            do {
                let deadline = self.storageDeadline()
                let context = try await self.context(for: requestorID, before: deadline)
                let session = cached.authentication
                guard
                    var fresh = try await self.backend.completeAuthentication(
                        mvpd: session.mvpd, configuration: loaded, data: [:], context: context)
                else { return }
                fresh.issued = session.issued
                fresh.mvpd = session.mvpd
                fresh.serviceProvider = session.serviceProvider
                if fresh != session,
                    try await self.cache.updateAuthentication(
                        fresh, for: requestorID, ifSession: cached, before: deadline)
                {
                    self.log.info("the profile changed after the authorization; updated it")
                }
            } catch {
                self.log.error(
                    "the profile could not be read again after the authorization (\((error as? AccessEnablerError)?.code ?? "cancelled"))"
                )
            }
        }
    }
}

extension AccessEnabler {
    /// The REST API v2 profile type of a single sign-on by service token: the service provider
    /// keeps it under the viewer's token, not the device.
    static let serviceTokenProfileType = "serviceTokenSSO"
}
