import AccessEnabler
import Foundation

/// All per-device entitlement state of the emulated service provider, independent of the wire
/// protocol that reads or writes it.
struct EntitlementState: Sendable {
    /// What one device knows.
    struct Device: Sendable {
        var authN: AuthNSession?
        var authZ: [String: AuthZGrant] = [:]
        var preauthorizations: [String: CachedDecision] = [:]
        /// REST v2 profiles the device holds besides its authentication (single sign-on, another
        /// MVPD), by MVPD.
        var otherProfiles: [String: AuthNSession] = [:]
        /// Profile attributes the MVPD changed after the login (REST v2), by name.
        var attributeUpdates: [String: JSONValue] = [:]
    }

    private(set) var devices: [DeviceKey: Device] = [:]
    var tempPasses: [TempPassKey: TempPassUsage] = [:]
    var pendingLogins: [String: PendingLogin] = [:]
    /// The ``PendingLogin/serial`` the next pending login gets.
    var nextPendingLoginSerial: UInt64 = 0
    /// REST v2 authentication sessions by code.
    var codeSessions: [String: AuthCodeSession] = [:]
    /// Profiles created with a service token, by its subject and MVPD: every device that sends a
    /// valid token for the subject finds them (single sign-on, service token method).
    var serviceTokenProfiles: [ServiceTokenSubject: [String: AuthNSession]] = [:]
    /// The subject of the service token the device's last authentication session was created
    /// with: the login that session leads to is kept under it too.
    var loginSubjects: [DeviceKey: ServiceTokenSubject] = [:]

    /// The authentication of `key` as seen at `now`.
    func authentication(for key: DeviceKey, at now: Date) -> AuthNLookup {
        guard let session = devices[key]?.authN else { return .missing }
        return session.isValid(at: now) ? .valid(session) : .expired(session)
    }

    /// Stores a new authentication; authorizations, cached decisions and attribute changes of
    /// the old one go (other profiles stay).
    mutating func startSession(_ session: AuthNSession, for key: DeviceKey) {
        devices[key] = Device(authN: session, otherProfiles: devices[key]?.otherProfiles ?? [:])
        if let subject = loginSubjects.removeValue(forKey: key), !session.isTempPass, !session.isDegraded {
            serviceTokenProfiles[subject, default: [:]][session.mvpd] = session
        }
    }

    /// Every REST v2 profile of `key` visible at `now`: its authentication, then the others.
    func profiles(for key: DeviceKey, at now: Date) -> [AuthNSession] {
        guard let device = devices[key] else { return [] }
        let main = device.authN.map { [$0] } ?? []
        let others = device.otherProfiles.values.sorted { $0.mvpd < $1.mvpd }
        return (main + others).filter { $0.isVisible(at: now) }
    }

    /// The REST v2 profile of `key` for `mvpd`, if visible at `now`.
    func profile(for key: DeviceKey, mvpd: String, at now: Date) -> AuthNSession? {
        profiles(for: key, at: now).first { $0.mvpd == mvpd }
    }

    /// Logs `key` out of `mvpd`: its authentication when it is for `mvpd` (with its
    /// authorizations and cached decisions), and any other profile for `mvpd`.
    mutating func removeProfile(of mvpd: String, for key: DeviceKey) {
        guard var device = devices[key] else { return }
        device.otherProfiles[mvpd] = nil
        if device.authN?.mvpd == mvpd {
            device = Device(otherProfiles: device.otherProfiles)
        }
        devices[key] = device.authN == nil && device.otherProfiles.isEmpty ? nil : device
    }

    /// Adds a profile beside the device's authentication (replacing one for the same MVPD).
    mutating func addOtherProfile(_ session: AuthNSession, for key: DeviceKey) {
        devices[key, default: Device()].otherProfiles[session.mvpd] = session
    }

    /// The attribute changes of `key` since its login.
    func attributeUpdates(for key: DeviceKey) -> [String: JSONValue] {
        devices[key]?.attributeUpdates ?? [:]
    }

    mutating func updateAttribute(_ name: String, to value: JSONValue, for key: DeviceKey) {
        devices[key, default: Device()].attributeUpdates[name] = value
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
        serviceTokenProfiles.removeAll()
        loginSubjects.removeAll()
    }

    /// Forgets everything.
    mutating func reset() {
        self = EntitlementState()
    }
}
