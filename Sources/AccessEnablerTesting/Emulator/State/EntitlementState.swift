import Foundation

/// All per-device entitlement state of the emulated service provider, independent of the wire
/// protocol that reads or writes it.
struct EntitlementState: Sendable {
    /// What one device knows.
    struct Device: Sendable {
        var authN: AuthNSession?
        var authZ: [String: AuthZGrant] = [:]
        var preauthorizations: [String: CachedDecision] = [:]
    }

    private(set) var devices: [DeviceKey: Device] = [:]
    var tempPasses: [TempPassKey: TempPassUsage] = [:]
    var pendingLogins: [String: PendingLogin] = [:]
    /// REST v2 authentication sessions by code.
    var codeSessions: [String: AuthCodeSession] = [:]

    /// The authentication of `key` as seen at `now`.
    func authentication(for key: DeviceKey, at now: Date) -> AuthNLookup {
        guard let session = devices[key]?.authN else { return .missing }
        return session.isValid(at: now) ? .valid(session) : .expired(session)
    }

    /// Stores a new authentication; authorizations and cached decisions of the old one go.
    mutating func startSession(_ session: AuthNSession, for key: DeviceKey) {
        devices[key] = Device(authN: session)
    }

    /// Gives the device's TempPass session at `mvpd` the Promotional TempPass `identity`, unless
    /// it already has one.
    mutating func recordTempPassIdentity(_ identity: String, for key: DeviceKey, mvpd: String) {
        guard let session = devices[key]?.authN, session.isTempPass, session.mvpd == mvpd, session.genericData == nil
        else { return }
        devices[key]?.authN?.genericData = identity
    }

    /// The authorization of `resource` on `key`, if any.
    func authorization(for key: DeviceKey, resource: String) -> AuthZGrant? {
        devices[key]?.authZ[resource]
    }

    mutating func storeAuthorization(_ grant: AuthZGrant, for key: DeviceKey) {
        devices[key, default: Device()].authZ[grant.resource] = grant
    }

    mutating func removeAuthorization(for key: DeviceKey, resource: String) {
        devices[key]?.authZ[resource] = nil
    }

    /// The cached preauthorization decision for `resource`, if still valid at `now`.
    func cachedDecision(for key: DeviceKey, resource: String, at now: Date) -> CachedDecision? {
        guard let decision = devices[key]?.preauthorizations[resource], now < decision.expires else { return nil }
        return decision
    }

    mutating func cacheDecision(_ decision: CachedDecision, for key: DeviceKey, resource: String) {
        devices[key, default: Device()].preauthorizations[resource] = decision
    }

    mutating func clearPreauthorizationCaches() {
        devices = devices.mapValues { device in
            var device = device
            device.preauthorizations.removeAll()
            return device
        }
    }

    /// Forgets the authentication, authorizations and cached decisions of `key` (logout).
    mutating func logout(_ key: DeviceKey) {
        devices[key] = nil
    }

    /// Forgets every authentication (the server lost its sessions). TempPass windows remain.
    mutating func invalidateAllSessions() {
        devices.removeAll()
        pendingLogins.removeAll()
        codeSessions.removeAll()
    }

    /// Forgets everything.
    mutating func reset() {
        self = EntitlementState()
    }
}
