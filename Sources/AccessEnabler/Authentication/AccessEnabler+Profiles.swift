import Foundation

extension AccessEnabler {
    /// Every authentication the service providers hold for this device, the one the SDK would
    /// use first: the local session's MVPD, then the MVPD the viewer last selected, then the
    /// longest validity (checklist: Multiple Profiles Support).
    ///
    /// REST API v2 reads `GET /profiles`, which may hold several (other MVPDs, single sign-on,
    /// TempPass); REST API v1 has at most one authN token. Nothing is stored: show them in a
    /// picker, or call ``refreshAuthentication()`` to adopt the first.
    ///
    /// - Throws: ``AccessEnablerError/requestorNotConfigured`` without a configuration, or the
    ///   service provider's error.
    public func availableProfiles() async throws -> [Authentication] {
        let loaded = try await currentConfiguration()
        let local = try await cache.session(for: loaded.requestorID)?.authentication
        return try await serverAuthentications(loaded, preferring: local).map {
            Authentication(record: $0, requestorID: loaded.requestorID)
        }
    }

    /// Brings the local authentication in line with the service provider's (REST API v2: the
    /// profiles endpoint; REST API v1: the authN token) — what the legacy SDK did by calling
    /// `setRequestor` when the app returned to the foreground. Call it at launch and on
    /// foreground.
    ///
    /// A session the server no longer holds (a logout made elsewhere, an early expiry) is removed
    /// locally, as any "session gone" answer is — only if it is still the session that was read,
    /// so a login made meanwhile stays. A changed expiry or changed attributes (user metadata)
    /// update the local one. With no local session, a profile the server holds (single sign-on,
    /// a login in another app) is adopted. When the server holds several, the first of
    /// ``availableProfiles()`` is used and ``EntitlementEvent/profilesAvailable(_:)`` lists them.
    ///
    /// - Returns: The status after the refresh.
    /// - Throws: ``AccessEnablerError/requestorNotConfigured`` without a configuration, or the
    ///   service provider's error: a failure changes nothing locally.
    @discardableResult
    public func refreshAuthentication() async throws -> AuthenticationStatus {
        let loaded = try await currentConfiguration()
        let requestorID = loaded.requestorID
        let local = try await cache.session(for: requestorID)
        let logoutEpoch = await cache.logoutEpoch
        let found = try await serverAuthentications(loaded, preferring: local?.authentication)
        if found.count > 1 {
            hub.emit(.profilesAvailable(found.map { Authentication(record: $0, requestorID: requestorID) }))
        }
        guard let best = found.first else {
            if let local, try await cache.removeAuthentication(local, for: requestorID) {
                log.info("the service provider holds no authentication any more; removed it locally")
                hub.emit(.authenticationRemoved(reason: AccessEnablerError.authenticationSessionMissing.with(
                    details: "The service provider no longer holds the authentication.")))
            }
            return await checkAuthentication()
        }
        if let local, local.authentication.mvpd.id == best.mvpd.id {
            var updated = best
            updated.issued = local.authentication.issued
            if updated != local.authentication, try await cache.updateAuthentication(updated, for: requestorID, ifSession: local) {
                log.info("the service provider changed the authentication (expiry or attributes); updated it")
            }
        } else if best.expires > clock.now,
            try await cache.storeAuthentication(best, for: requestorID, ifLogoutEpoch: logoutEpoch)
        {
            log.info("adopted the service provider's authentication with \(best.mvpd.id)")
            try? await cache.storeSelectedMVPD(best.mvpd, for: requestorID)
        }
        return await checkAuthentication()
    }

    /// The authentications the service providers hold, best first: those of the configuration,
    /// and the one that issued the local session (so that its answer, not its absence, decides).
    func serverAuthentications(_ loaded: RequestorConfiguration, preferring local: AuthenticationRecord?) async throws
        -> [AuthenticationRecord]
    {
        let context = try await context(for: loaded.requestorID)
        var serviceProviders = requestor.serviceProviders
        if let local, let issuer = try? ServiceProvider.validated(local.serviceProvider),
            !serviceProviders.contains(issuer)
        {
            serviceProviders.append(issuer)
        }
        let localMVPD = local?.mvpd.id
        var found: [AuthenticationRecord] = []
        for serviceProvider in serviceProviders {
            for record in try await backend.authentications(at: serviceProvider, configuration: loaded, context: context)
            where record.expires > clock.now && !found.contains(where: { $0.mvpd.id == record.mvpd.id }) {
                found.append(record)
            }
        }
        let selected = try? await cache.selectedMVPD(for: loaded.requestorID)?.id
        func rank(_ record: AuthenticationRecord) -> Int {
            record.mvpd.id == localMVPD ? 0 : record.mvpd.id == selected ? 1 : 2
        }
        return found.sorted { first, second in
            if rank(first) != rank(second) { return rank(first) < rank(second) }
            if first.expires != second.expires { return first.expires > second.expires }
            return first.mvpd.id < second.mvpd.id
        }
    }

    /// Reads the session's profile again after an authorization (REST API v2, when
    /// ``Configuration/refreshesProfileAfterAuthorization`` is on) and keeps its new attributes.
    /// A failure is logged: the authorization already succeeded.
    func refreshProfile(of cached: CachedSession, requestorID: String) async {
        do {
            let loaded = try await currentConfiguration()
            let context = try await context(for: requestorID)
            let session = cached.authentication
            guard var fresh = try await backend.completeAuthentication(
                mvpd: session.mvpd, configuration: loaded, data: [:], context: context)
            else { return }
            fresh.issued = session.issued
            fresh.mvpd = session.mvpd
            if fresh != session, try await cache.updateAuthentication(fresh, for: requestorID, ifSession: cached) {
                log.info("the profile changed after the authorization; updated it")
            }
        } catch {
            log.error("the profile could not be read again after the authorization (\((error as? AccessEnablerError)?.code ?? "cancelled"))")
        }
    }
}

extension Authentication {
    init(record: AuthenticationRecord, requestorID: String) {
        self.init(requestorID: requestorID, mvpd: record.mvpd, userID: record.userID, expires: record.expires)
    }
}
