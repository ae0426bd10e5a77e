import AccessEnabler
import Foundation

/// Test controls: faults, scenario switches, and server-side events.
extension PassEmulator {
    /// Queues `fault` for the next `times` requests to `route` (nil: every request until
    /// ``clearFaults()``). Faults on a route apply first in, first out.
    ///
    /// Where both REST API versions have the operation (``EmulatorRoute/counterpart``), the fault
    /// fires on either version's route: `.authorize` and `.authorizeDecisions` both mean the next
    /// authorization. A fault on a route only one version has, while the clients so far speak
    /// the other, is reported in ``warnings`` (and on standard error): it would never fire.
    public func inject(_ fault: EmulatorFault, on route: EmulatorRoute, times: Int? = 1) {
        faults.add(fault, on: route, times: times)
        warnAboutFaultsThatCannotFire()
    }

    /// Gives the device `deviceID` of `requestor` a REST v2 profile for `mvpd` besides its
    /// authentication — as single sign-on or a login in another app would — valid for `ttl`
    /// seconds on the emulator's clock. `type` is the profile's `type` (`regular`, `appleSSO`, …);
    /// logout answers `partner_logout` for an `appleSSO` one.
    public func grantProfile(
        mvpd: String, userID: String, type: String = "regular", ttl: TimeInterval, requestor: String, deviceID: String
    ) {
        let now = clock.now
        entitlementState.addOtherProfile(
            AuthNSession(
                mvpd: mvpd, userID: userID, username: nil, created: now, expires: now.addingTimeInterval(ttl),
                isTempPass: false, profileType: type),
            for: DeviceKey(requestor: requestor, deviceID: deviceID))
    }

    /// Whether a fault is still queued for `route` or its counterpart (not yet consumed by a
    /// request).
    public func hasQueuedFault(on route: EmulatorRoute) -> Bool {
        faults.hasFaults(for: route)
    }

    /// Removes every queued fault.
    public func clearFaults() {
        faults.removeAll()
    }

    /// Replaces the scenario; server-side state (clients, sessions) is kept.
    public func setScenario(_ scenario: EmulatorScenario) {
        self.scenario = scenario
    }

    /// Turns enhanced error reporting on (error bodies with `code`, `action`, …) or off (plain v1).
    public func setEnhancedErrorReporting(_ enabled: Bool) {
        scenario.enhancedErrorReporting = enabled
    }

    /// Holds REST v2 calls to Adobe's API pages (on by default) or accepts what they do not
    /// list: see ``EmulatorScenario/strictV2Requests``.
    public func setStrictV2Requests(_ enabled: Bool) {
        scenario.strictV2Requests = enabled
    }

    /// Sets the most resource IDs one preauthorize call may carry.
    public func setMaxPreauthorizeResources(_ limit: Int) {
        scenario.maxPreauthorizeResources = limit
    }

    /// Authorizes or denies `resource`, for one MVPD and user or (nil) for all, ahead of every
    /// existing rule. Decisions already in the remote preauthorization cache stay until they expire,
    /// a REST v1 `Cache-Control: no-cache` request refreshes them (v2 has no such switch), or
    /// ``clearPreauthorizationCache()``.
    public func setEntitlement(
        resource: String, mvpd: String? = nil, userID: String? = nil, authorized: Bool,
        details: String? = nil
    ) {
        scenario.entitlements.rules.insert(
            EmulatorScenario.Rule(
                resources: [resource], mvpd: mvpd, userID: userID, authorized: authorized,
                details: details),
            at: 0)
    }

    /// Puts `rule` in force for `mvpd` (nil lifts it), for REST v2 calls: see
    /// ``EmulatorScenario/Degradation``. Profiles already created stay until they expire.
    public func setDegradation(_ rule: EmulatorScenario.Degradation?, for mvpd: String) {
        for position in scenario.mvpds.indices where scenario.mvpds[position].id == mvpd {
            scenario.mvpds[position].degradation = rule
        }
    }

    /// Makes the next `count` REST v2 session creations (`POST /api/v2/{sp}/sessions`) ignore the
    /// parameters they carry and answer `resume` with all of them missing, so that a client's
    /// resume handling can be tested. Replaces any earlier count; 0 turns it off.
    public func forceSessionResume(count: Int = 1) {
        forcedSessionResumes = max(0, count)
    }

    /// Makes the next `count` REST v2 answers that send the browser to a page — a session's
    /// `authenticate` action, a logout's `logout` action — carry `url` as it is instead of the
    /// emulator's own page (`javascript:…`, `file:///…`, `https://user@host/…`), so that a
    /// client's check of the page URLs a server sends can be tested. The server-side state
    /// changes as it would have. Replaces any earlier setting; 0 turns it off.
    public func forcePageURL(_ url: String, count: Int = 1) {
        forcedPageURL = count > 0 ? (url, count) : nil
    }

    /// The page URL ``forcePageURL(_:count:)`` asked for, if it still applies (counted down).
    func takeForcedPageURL() -> String? {
        guard let (url, count) = forcedPageURL else { return nil }
        forcedPageURL = count > 1 ? (url, count - 1) : nil
        return url
    }

    /// Makes every access token issued so far expired (protected calls answer 401).
    public func expireAccessTokens() {
        clientRegistry.expireTokens(at: clock.now)
    }

    /// Revokes every registered client: its tokens get 403 `invalid_client`, and `/o/client/token`
    /// answers `invalid_client` for its credentials.
    public func revokeClients() {
        clientRegistry.revokeAll()
    }

    /// Forgets every authentication, authorization, cached decision and v2 authentication code,
    /// as if the server lost its sessions (`/tokens/authn` 404, protected calls 412, v2 profiles
    /// empty). TempPass windows remain used.
    public func invalidateSessions() {
        entitlementState.invalidateAllSessions()
    }

    /// Drops every cached preauthorization decision.
    public func clearPreauthorizationCache() {
        entitlementState.clearPreauthorizationCaches()
    }

    /// Forgets all state: clients, tokens, sessions, TempPass windows, the request log, faults,
    /// forced session resumes and page URLs, counters, warnings and the REST API versions seen. The scenario
    /// and the warning handler stay.
    public func reset() {
        entitlementState.reset()
        clientRegistry.reset()
        log.clear()
        faults.removeAll()
        counters = EmulatorCounters()
        lastValidDeviceInfo = nil
        lastDocumentedDeviceInfo = nil
        forcedSessionResumes = 0
        forcedPageURL = nil
        seenBackends = []
        warningLog = []
    }

    /// The server-side authentication of `deviceID` for `requestor`, expired or not.
    public func session(requestor: String, deviceID: String) -> EmulatorSession? {
        let lookup = entitlementState.authentication(
            for: DeviceKey(requestor: requestor, deviceID: deviceID), at: clock.now)
        switch lookup {
        case .missing: return nil
        case .expired(let session), .valid(let session): return EmulatorSession(session)
        }
    }

    /// When the server-side authorization of `resource` for the device expires, if there is one.
    public func authorizationExpiry(requestor: String, deviceID: String, resource: String) -> Date? {
        entitlementState.authorization(
            for: DeviceKey(requestor: requestor, deviceID: deviceID),
            resource: resource)?.expires
    }

    /// The number of registered clients that are not revoked.
    public var activeClientCount: Int {
        clientRegistry.clients.values.filter { !$0.revoked }.count
    }
}
