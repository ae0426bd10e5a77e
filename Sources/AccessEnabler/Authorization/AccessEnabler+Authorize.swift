import Foundation

extension AccessEnabler {
    /// Authorizes `resource` for playback and returns a fresh media token.
    ///
    /// Media tokens are never cached: every call returns a fresh one. On REST API v1 the
    /// authorization for the resource is reused until it expires and concurrent calls for the
    /// same resource share one authorization request; on REST API v2 every call is one
    /// authorization decision, which carries the media token. Waits for a configuration load in
    /// progress.
    ///
    /// - Parameters:
    ///   - resource: The resource ID (or media RSS fragment) agreed with the MVPD.
    ///   - data: Key/value pairs forwarded to the server (for example a Promotional TempPass identity).
    /// - Throws: ``AccessEnablerError/authenticationSessionMissing`` /
    ///   ``AccessEnablerError/authenticationSessionExpired`` (status 0) without a local session;
    ///   ``AccessEnablerError/authorizationDeniedByMVPD`` with the MVPD's `details` when denied.
    ///   When the server no longer knows the session (412), the local authentication is removed.
    ///   On REST API v1, ``AccessEnablerError/storageFailure`` when the authorization (which later
    ///   calls reuse) could not be stored; it is kept in memory, so calling again succeeds.
    ///   ``AccessEnablerError/serverResponseFormatUnknown`` when the server issued a media token
    ///   that had already expired by this device's clock: a player would be handed a token it
    ///   cannot use, so the server's answer is treated as unusable data (check the device clock).
    public func authorize(resource: String, data: [String: String] = [:]) async throws -> MediaToken {
        return try await checkedAuthorization(resource: resource, data: data, before: storageDeadline()).token
    }

    /// ``authorize(resource:data:)`` with the check record its event carried.
    package func authorizeWithCheck(resource: String, data: [String: String] = [:]) async throws
        -> (token: MediaToken, check: EntitlementEvent.AuthorizationCheck)
    {
        return try await checkedAuthorization(resource: resource, data: data, before: storageDeadline())
    }

    private func checkedAuthorization(resource: String, data: [String: String], before deadline: TokenStorageDeadline)
        async throws -> (token: MediaToken, check: EntitlementEvent.AuthorizationCheck)
    {
        guard !resource.isEmpty else {
            throw AccessEnablerError.invalidArgument.with(details: "The resource ID is empty.")
        }
        let loaded = try await currentConfiguration()
        let session = try await requireAuthentication(for: loaded.requestorID, before: deadline)
        return try await authorize(
            resource: resource, data: data, session: session, requestorID: loaded.requestorID, before: deadline)
    }

    /// ``authorize(resource:data:)`` for the legacy adapter, in one call: first the check
    /// ``checkAuthentication()`` makes (the same event included), so a viewer who is not signed
    /// in is an answer, not an error (and an empty resource is checked only after it, as the
    /// legacy SDK did); then the authorization with its check record, whose `fromCache` says
    /// whether a stored authorization was reused. An authorization that fails once the check
    /// found an authentication is returned with it (``AuthorizationAttempt/failed(_:authentication:)``),
    /// so the caller can report both.
    package func authorizeIfAuthenticated(resource: String, data: [String: String] = [:]) async
        -> AuthorizationAttempt
    {
        let deadline = storageDeadline()
        let current: CurrentSession
        switch await currentSession(before: deadline) {
        case .failure(let reason):
            emitCachedCheck(.notAuthenticated(reason))
            return .notAuthenticated(reason)
        case .success(let found):
            current = found
        }
        emitCachedCheck(.authenticated(current.authentication))
        guard !resource.isEmpty else {
            let error = AccessEnablerError.invalidArgument.with(details: "The resource ID is empty.")
            return .failed(error, authentication: current.authentication)
        }
        do {
            let (token, check) = try await authorize(
                resource: resource, data: data, session: current.session,
                requestorID: current.configuration.requestorID, before: deadline)
            return .authorized(token, check: check, mvpd: current.mvpd, authentication: current.authentication)
        } catch {
            return .failed(error, authentication: current.authentication)
        }
    }

    private func authorize(
        resource: String, data: [String: String], session: CachedSession, requestorID: String,
        before deadline: TokenStorageDeadline
    ) async throws -> (token: MediaToken, check: EntitlementEvent.AuthorizationCheck) {
        do {
            let (token, fromCache) = try await mediaToken(
                for: resource, data: data, session: session, requestorID: requestorID, before: deadline)
            guard token.expires > clock.now else {
                log.error("the service provider issued a media token that had already expired")
                throw AccessEnablerError.serverResponseFormatUnknown.with(
                    details:
                        "The service provider issued a media token that had already expired; check the device clock.")
            }
            let check = EntitlementEvent.AuthorizationCheck(
                resource: resource, isAuthorized: true, mvpdID: token.mvpdID, userID: token.userID, fromCache: fromCache
            )
            hub.emit(.authorizationChecked(check))
            return (token, check)
        } catch {
            await handleSessionRejection(error, session: session, requestorID: requestorID, before: deadline)
            if let error = error as? AccessEnablerError {
                hub.emit(
                    .authorizationChecked(
                        .init(
                            resource: resource, isAuthorized: false, mvpdID: session.authentication.mvpd.id,
                            userID: session.authentication.userID,
                            fromCache: false, error: error.status)))
            }
            throw error
        }
    }

    private func mediaToken(
        for resource: String, data: [String: String], session cached: CachedSession, requestorID: String,
        before deadline: TokenStorageDeadline
    ) async throws -> (MediaToken, fromCache: Bool) {
        let context = try await context(for: requestorID, before: deadline)
        let session = cached.authentication
        if backend.issuesMediaTokenWithAuthorization {
            // Each decision carries its own media token, so every call is its own request; the
            // decision's expiry is kept for getMetadata(.authorizationExpiry).
            let grant = try await backend.authorize(resource, data: data, session: session, context: context)
            guard let token = grant.mediaToken else { throw AccessEnablerError.serverResponseFormatUnknown }
            do {
                _ = try await cache.storeAuthorization(
                    grant.authorization, for: requestorID, ifSession: cached, before: deadline)
            } catch {
                // No later call relies on this record (each decision is its own request): the
                // media token is still good, and only the stored expiry is missing.
                log.error("the authorization expiry could not be stored (\(error.code)); returning the media token")
            }
            if configuration.refreshesProfileAfterAuthorization, let loaded = requestor.configuration {
                // The MVPD may have updated the profile's attributes (user metadata) with it.
                refreshProfile(of: cached, requestorID: requestorID, configuration: loaded)
            }
            return (token, false)
        }
        if let cached = try await cache.authorization(for: resource, requestor: requestorID, before: deadline),
            cached.expires > clock.now
        {
            do {
                return (try await backend.mediaToken(for: cached, session: session, context: context), true)
            } catch let error as AccessEnablerError where Self.meansAuthorizationGone(error) {
                // The server dropped the authorization before its local expiry: obtain a new one.
                log.info("the server no longer has the cached authorization (\(error.code)); authorizing again")
                try await cache.removeAuthorization(for: resource, requestor: requestorID, before: deadline)
            }
        }
        let authorization = try await sharedAuthorization(
            for: resource, data: data, session: cached, requestorID: requestorID, context: context, before: deadline)
        return (try await backend.mediaToken(for: authorization, session: session, context: context), false)
    }

    /// One authorization request per resource (and data) for all concurrent callers.
    private func sharedAuthorization(
        for resource: String, data: [String: String], session cached: CachedSession, requestorID: String,
        context: RequestContext, before deadline: TokenStorageDeadline
    ) async throws -> AuthorizationRecord {
        let session = cached.authentication
        func key(_ generation: UInt64) -> AuthorizationKey {
            AuthorizationKey(requestorID: requestorID, resource: resource, data: data, generation: generation)
        }
        let backend = self.backend
        let cache = self.cache
        let log = self.log
        return try await sharedRequest(
            generation: cached.generation,
            inFlight: { sharedRequests.authorizations[key($0)] },
            setInFlight: { sharedRequests.authorizations[key($0)] = $1 },
            cached: {
                guard
                    let cached = try await cache.authorization(for: resource, requestor: requestorID, before: deadline),
                    cached.expires > clock.now
                else { return nil }
                return cached
            },
            fetch: {
                let grant = try await backend.authorize(resource, data: data, session: session, context: context)
                if try await !cache.storeAuthorization(
                    grant.authorization, for: requestorID, ifSession: cached, before: deadline)
                {
                    log.info("authorization finished after the session changed; not stored")
                }
                return grant.authorization
            })
    }

    static func meansAuthorizationGone(_ error: AccessEnablerError) -> Bool {
        !error.isFromSDK && error.meaning.contains(.authorizationGone)
    }
}

/// What ``AccessEnabler/authorizeIfAuthenticated(resource:data:)`` found. Indirect: its
/// payloads are large and it is only handed back once.
package indirect enum AuthorizationAttempt: Sendable {
    /// No usable authentication (why, as ``AccessEnabler/checkAuthentication()`` would say);
    /// nothing was sent.
    case notAuthenticated(AccessEnablerError)
    /// A media token, the check record the event carried, the signed-in MVPD and the
    /// authentication the check found.
    case authorized(
        MediaToken, check: EntitlementEvent.AuthorizationCheck, mvpd: MVPD, authentication: Authentication)
    /// Signed in with `authentication`, but the authorization failed with `error` (what
    /// ``AccessEnabler/authorize(resource:data:)`` throws, cancellation included).
    case failed(any Error, authentication: Authentication)
}
