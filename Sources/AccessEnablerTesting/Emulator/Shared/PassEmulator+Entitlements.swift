import AccessEnabler
import Foundation

/// Protocol-neutral entitlement operations: sessions, TempPass, degraded access, decisions and
/// the remote cache. The REST v1 and v2 handlers are thin wire formats over these.
extension PassEmulator {
    /// Signs `user` in at `mvpd` on `key`, replacing any earlier authentication.
    @discardableResult
    func createSession(
        for key: DeviceKey, mvpd: EmulatorScenario.MVPD, user: EmulatorScenario.User,
        genericData: String?
    ) -> AuthNSession {
        let now = clock.now
        let session = AuthNSession(
            mvpd: mvpd.id, userID: user.userID, username: user.username, created: now,
            expires: now.addingTimeInterval(mvpd.authnTTL), isTempPass: false, genericData: genericData,
            visibleFrom: now.addingTimeInterval(mvpd.profileDelay))
        entitlementState.startSession(session, for: key)
        counters.sessionsCreated += 1
        return session
    }

    /// Starts (or resumes) the TempPass `mvpd` on `key`. The window runs from the first start; once
    /// it is over the device cannot start that TempPass again (nil).
    @discardableResult
    func startTempPass(for key: DeviceKey, mvpd: EmulatorScenario.MVPD, genericData: String?) -> AuthNSession? {
        let now = clock.now
        let passKey = TempPassKey(requestor: key.requestor, deviceID: key.deviceID, mvpd: mvpd.id)
        let usage: TempPassUsage
        if let existing = entitlementState.tempPasses[passKey] {
            guard now < existing.expires else { return nil }
            usage = existing
        } else {
            usage = TempPassUsage(
                started: now, expires: now.addingTimeInterval(scenario.tempPassTTL),
                userID: Self.tempPassUserID(deviceID: key.deviceID))
            entitlementState.tempPasses[passKey] = usage
        }
        let session = AuthNSession(
            mvpd: mvpd.id, userID: usage.userID, username: nil, created: now, expires: usage.expires,
            isTempPass: true, genericData: genericData)
        entitlementState.startSession(session, for: key)
        counters.sessionsCreated += 1
        return session
    }

    /// Whether the TempPass window of `mvpd` on `key` has been used up.
    func tempPassIsOver(for key: DeviceKey, mvpd: String, at now: Date) -> Bool {
        let passKey = TempPassKey(requestor: key.requestor, deviceID: key.deviceID, mvpd: mvpd)
        guard let usage = entitlementState.tempPasses[passKey] else { return false }
        return now >= usage.expires
    }

    /// Signs `key` in at `mvpd` without a login, as an authenticate-all degradation rule does.
    @discardableResult
    func createDegradedSession(
        for key: DeviceKey, mvpd: EmulatorScenario.MVPD,
        genericData: String?
    ) -> AuthNSession {
        let session = degradedSession(for: key, mvpd: mvpd, at: clock.now, genericData: genericData)
        entitlementState.startSession(session, for: key)
        counters.sessionsCreated += 1
        return session
    }

    /// The degraded profile `key` has at `mvpd` under an authenticate-all rule (not stored).
    func degradedSession(
        for key: DeviceKey, mvpd: EmulatorScenario.MVPD, at now: Date,
        genericData: String? = nil
    ) -> AuthNSession {
        AuthNSession(
            mvpd: mvpd.id, userID: Self.degradedUserID(deviceID: key.deviceID), username: nil,
            created: now, expires: now.addingTimeInterval(mvpd.authnTTL), isTempPass: false,
            isDegraded: true, genericData: genericData)
    }

    /// The degradation rule in force for `mvpdID`, if any.
    func degradation(of mvpdID: String) -> EmulatorScenario.Degradation? {
        index.mvpds[mvpdID]?.degradation
    }

    /// A TempPass user ID as Adobe's samples show it: `temppass_` and a SHA-1 in hex, here of the
    /// device ID (stable per device, the same for every TempPass MVPD).
    static func tempPassUserID(deviceID: String) -> String {
        "temppass_" + SHA1.hex(deviceID)
    }

    /// A degraded-access user ID as Adobe's sample shows it: the degradation prefix
    /// `95cf93bcd183214a` and the same device hash as TempPass.
    static func degradedUserID(deviceID: String) -> String {
        "95cf93bcd183214a" + SHA1.hex(deviceID)
    }

    /// The MVPD's decision on `resource` for the signed-in viewer (TempPass allows everything).
    func decide(resource: String, session: AuthNSession) -> EmulatorScenario.Decision {
        if session.isTempPass { return EmulatorScenario.Decision(authorized: true) }
        counters.mvpdDecisions += 1
        return scenario.entitlements.decision(
            resource: Self.entitlementKey(for: resource), mvpd: session.mvpd, userID: session.userID)
    }

    /// When an authorization (or a cached decision) made now for `session` expires: the MVPD's
    /// authZ TTL, never beyond the authentication.
    func authorizationExpiry(for session: AuthNSession, at now: Date) -> Date {
        let ttl = index.mvpds[session.mvpd]?.authzTTL ?? 1800
        return min(now.addingTimeInterval(ttl), session.expires)
    }

    /// Authorizes `resource`: stores the authorization when granted, drops it when denied.
    func authorize(resource: String, session: AuthNSession, key: DeviceKey, at now: Date)
        -> (EmulatorScenario.Decision, AuthZGrant?)
    {
        let decision = decide(resource: resource, session: session)
        guard decision.authorized else {
            entitlementState.removeAuthorization(for: key, resource: resource)
            return (decision, nil)
        }
        let grant = AuthZGrant(
            resource: resource, mvpd: session.mvpd, issued: now,
            expires: authorizationExpiry(for: session, at: now))
        entitlementState.storeAuthorization(grant, for: key)
        return (decision, grant)
    }

    /// A preauthorization decision, from the remote cache unless `bypassCache` (which refreshes it).
    func preauthorize(
        resource: String, session: AuthNSession, key: DeviceKey, at now: Date,
        bypassCache: Bool
    ) -> EmulatorScenario.Decision {
        if session.isTempPass { return EmulatorScenario.Decision(authorized: true) }
        if !bypassCache, let cached = entitlementState.cachedDecision(for: key, resource: resource, at: now) {
            counters.preauthorizeCacheHits += 1
            return EmulatorScenario.Decision(authorized: cached.authorized, details: cached.details)
        }
        let decision = decide(resource: resource, session: session)
        entitlementState.cacheDecision(
            CachedDecision(
                authorized: decision.authorized, details: decision.details,
                expires: authorizationExpiry(for: session, at: now)),
            for: key, resource: resource)
        return decision
    }

    /// The user metadata the MVPD shares for `session`, or nil when there is none.
    func userMetadata(for session: AuthNSession) -> (updated: Date, data: [String: JSONValue], encrypted: [String])? {
        guard let username = session.username, let user = index.mvpds[session.mvpd]?.user(named: username),
            !user.metadata.isEmpty
        else { return nil }
        let encrypted = user.encryptedMetadata.filter { user.metadata[$0] != nil }
        return (session.created, user.metadata, encrypted)
    }

    /// The ID entitlement rules match: the channel title of a media-RSS resource, else the resource.
    static func entitlementKey(for resource: String) -> String {
        guard resource.hasPrefix("<rss"),
            let open = resource.range(of: "<title>"),
            let close = resource.range(of: "</title>", range: open.upperBound..<resource.endIndex)
        else { return resource }
        return String(resource[open.upperBound..<close.lowerBound])
    }
}
