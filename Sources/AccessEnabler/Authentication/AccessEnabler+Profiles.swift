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
        return try await serverAuthentications(loaded, local: local, preferring: nil, before: deadline).filter {
            !Self.isLoggedOut($0, owed: owed)
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
        try await refreshAuthentication(preferring: mvpdID, before: storageDeadline()).status
    }

    /// ``refreshAuthentication(preferring:)`` that also says whether it removed the local session
    /// because the service provider no longer holds one, or adopted one the service provider holds
    /// where there was none: the legacy adapter reports a sign-out or a sign-in only then, not when
    /// a logout or login made meanwhile changed the session.
    package func refreshAuthenticationReportingChange() async throws -> (
        status: AuthenticationStatus, removedSession: Bool, adoptedSession: Bool
    ) {
        try await refreshAuthentication(preferring: nil, before: storageDeadline())
    }

    private func refreshAuthentication(preferring mvpdID: String?, before deadline: TokenStorageDeadline) async throws
        -> (status: AuthenticationStatus, removedSession: Bool, adoptedSession: Bool)
    {
        let loaded = try await currentConfiguration()
        let requestorID = loaded.requestorID
        // A logout of this instance waits for the server: it decides what becomes of the session.
        if serverLogoutsRunning > 0 {
            return (await authenticationStatus(before: deadline), false, false)
        }
        // A server logout still owed is sent first; while it fails, its profile is not the viewer's.
        let owed = await sendOwedLogout(for: requestorID, before: deadline)
        await cache.takeStoredAuthentication(for: requestorID, before: deadline)
        let (local, generation) = try await cache.sessionState(for: requestorID, before: deadline)
        let serviceTokenUse = ServiceTokenUse()
        let found = try await serverAuthentications(
            loaded, local: local?.authentication, preferring: mvpdID, before: deadline, serviceTokenUse: serviceTokenUse
        ).filter { !Self.isLoggedOut($0, owed: owed) }
        if found.count > 1 {
            hub.emit(.profilesAvailable(found.map { Authentication(record: $0, requestorID: requestorID) }))
        }
        let localOnServer = local.flatMap { local in found.first { $0.mvpd.id == local.authentication.mvpd.id } }
        if let local, let current = localOnServer, mvpdID == nil || mvpdID == current.mvpd.id {
            // The same session as the server describes it now; it keeps its binding and issue time.
            var updated = current
            updated.mvpd = local.authentication.mvpd
            updated.serviceProvider = local.authentication.serviceProvider
            updated.issued = local.authentication.issued
            if updated != local.authentication,
                try await cache.updateAuthentication(updated, for: requestorID, ifSession: local, before: deadline)
            {
                log.info("the service provider changed the authentication (expiry or attributes); updated it")
            }
            return (await checkAuthentication(), false, false)
        }
        if let local, localOnServer == nil, mvpdID == nil || mvpdID == local.authentication.mvpd.id,
            local.authentication.profileType == Self.serviceTokenProfileType, serviceTokenUse.anyWentWithout
        {
            log.info(
                "the profiles request carried no service token: it cannot tell whether the service-token sign-in with \(local.authentication.mvpd.id) stays; kept"
            )
            return (await checkAuthentication(), false, false)
        }
        guard let best = found.first else {
            let removed = try await removeSessionTheServerNoLongerHolds(local, for: requestorID, before: deadline)
            return (await checkAuthentication(), removed, false)
        }
        var adopted = false
        if try await cache.replaceAuthentication(
            local, with: best, for: requestorID, ifGeneration: generation, before: deadline)
        {
            adopted = local == nil
            log.info("adopted the service provider's authentication with \(best.mvpd.id)")
            if local != nil, localOnServer == nil {
                hub.emit(
                    .authenticationRemoved(
                        reason: AccessEnablerError.authenticationSessionMissing.with(
                            details: "The service provider no longer holds the authentication.")))
            }
            try? await cache.storeSelectedMVPD(best.mvpd, for: requestorID, before: deadline)
        }
        return (await checkAuthentication(), false, adopted)
    }

    /// Removes `local` (when it is still the session) because the service provider holds no
    /// authentication any more, and reports it; returns whether it did.
    private func removeSessionTheServerNoLongerHolds(
        _ local: CachedSession?, for requestorID: String, before deadline: TokenStorageDeadline
    ) async throws -> Bool {
        guard let local, try await cache.removeAuthentication(local, for: requestorID, before: deadline) else {
            return false
        }
        log.info("the service provider holds no authentication any more; removed it locally")
        hub.emit(
            .authenticationRemoved(
                reason: AccessEnablerError.authenticationSessionMissing.with(
                    details: "The service provider no longer holds the authentication.")))
        return true
    }

    /// Whether `record` is the profile a server logout still owed was to remove: the viewer logged
    /// out of it (the same MVPD at the same service provider).
    static func isLoggedOut(_ record: AuthenticationRecord, owed: AuthenticationRecord?) -> Bool {
        guard let owed else { return false }
        return record.mvpd.id == owed.mvpd.id && record.serviceProvider == owed.serviceProvider
    }

    /// The valid authentications the service providers hold, best first: the `preferred` MVPD's,
    /// the local session's, the selected MVPD's, then by validity. Asks the configuration's service
    /// providers and the one that issued the local session; a failure of that one (whose answer
    /// decides about the local session) or of all of them throws, another's is logged and skipped.
    func serverAuthentications(
        _ loaded: RequestorConfiguration, local: AuthenticationRecord?, preferring preferred: String?,
        before deadline: TokenStorageDeadline, serviceTokenUse: ServiceTokenUse? = nil
    ) async throws -> [AuthenticationRecord] {
        var context = try await context(for: loaded.requestorID, before: deadline)
        context.serviceTokenUse = serviceTokenUse
        let issuer = local.flatMap { try? ServiceProvider.validated($0.serviceProvider) }
        var serviceProviders = requestor.serviceProviders
        if let issuer, !serviceProviders.contains(issuer) { serviceProviders.append(issuer) }
        var found: [AuthenticationRecord] = []
        var firstFailure: (any Error)?
        var answered = 0
        for serviceProvider in serviceProviders {
            do {
                let records = try await backend.authentications(
                    at: serviceProvider, configuration: loaded, context: context)
                answered += 1
                for record in records
                where record.expires > clock.now && !found.contains(where: { $0.mvpd.id == record.mvpd.id }) {
                    found.append(record)
                }
            } catch {
                if error is CancellationError || serviceProvider == issuer { throw error }
                log.error(
                    "\(serviceProvider.origin) could not list its profiles (\((error as? AccessEnablerError)?.code ?? "unknown")); skipped"
                )
                firstFailure = firstFailure ?? error
            }
        }
        if answered == 0, let firstFailure { throw firstFailure }
        let selected = try? await cache.selectedMVPD(for: loaded.requestorID, before: deadline)?.id
        func rank(_ record: AuthenticationRecord) -> Int {
            switch record.mvpd.id {
            case preferred: 0
            case local?.mvpd.id: 1
            case selected: 2
            default: 3
            }
        }
        return found.sorted { first, second in
            if rank(first) != rank(second) { return rank(first) < rank(second) }
            if first.expires != second.expires { return first.expires > second.expires }
            return first.mvpd.id < second.mvpd.id
        }
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

extension Authentication {
    init(record: AuthenticationRecord, requestorID: String) {
        self.init(
            requestorID: requestorID, mvpd: record.mvpd, userID: record.userID, expires: record.expires,
            profileType: record.profileType)
    }
}
