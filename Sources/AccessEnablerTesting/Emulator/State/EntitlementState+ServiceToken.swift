import Foundation

/// Identifies the viewer of a service token: the requestor and the token's `sub`.
struct ServiceTokenSubject: Hashable, Sendable {
    var requestor: String
    var subject: String
}

// Single sign-on with a service token: the profiles a device sees besides its own.
extension EntitlementState {
    /// The profile type a device sees a service-token profile it did not create with.
    static let serviceTokenProfileType = "serviceTokenSSO"

    /// Every REST v2 profile of `key` visible at `now`, then those created with a service token
    /// for `subject` at MVPDs the device has no profile of (type `serviceTokenSSO`).
    func profiles(for key: DeviceKey, subject: ServiceTokenSubject?, at now: Date) -> [AuthNSession] {
        let own = profiles(for: key, at: now)
        guard let subject, let shared = serviceTokenProfiles[subject] else { return own }
        let others = shared.values.filter { profile in
            profile.isVisible(at: now) && !own.contains { $0.mvpd == profile.mvpd }
        }.sorted { $0.mvpd < $1.mvpd }.map { profile in
            var seen = profile
            seen.profileType = Self.serviceTokenProfileType
            return seen
        }
        return own + others
    }

    /// The REST v2 profile of `key` (or of `subject`) for `mvpd`, if visible at `now`.
    func profile(for key: DeviceKey, mvpd: String, subject: ServiceTokenSubject?, at now: Date) -> AuthNSession? {
        profiles(for: key, subject: subject, at: now).first { $0.mvpd == mvpd }
    }

    /// The profile created with a token for `subject` at `mvpd`, expired or not.
    func serviceTokenProfile(of subject: ServiceTokenSubject?, mvpd: String) -> AuthNSession? {
        subject.flatMap { serviceTokenProfiles[$0]?[mvpd] }
    }

    /// Logs `subject` out of `mvpd` on every device (the single logout of Adobe's service-token
    /// flows); the devices' own profiles stay.
    mutating func removeServiceTokenProfile(of mvpd: String, subject: ServiceTokenSubject?) {
        guard let subject else { return }
        serviceTokenProfiles[subject]?[mvpd] = nil
        if serviceTokenProfiles[subject]?.isEmpty == true { serviceTokenProfiles[subject] = nil }
    }
}
