import Foundation

/// A server-side authentication (the v1 authN token, the v2 profile).
struct AuthNSession: Sendable, Hashable {
    var mvpd: String
    var userID: String
    /// The MVPD login name, when a configured user signed in (nil for TempPass).
    var username: String?
    var created: Date
    var expires: Date
    var isTempPass: Bool
    var genericData: String?

    func isValid(at now: Date) -> Bool { now < expires }
}

/// The outcome of looking up a device's authentication.
enum AuthNLookup: Sendable {
    case missing
    case expired(AuthNSession)
    case valid(AuthNSession)

    var session: AuthNSession? {
        if case .valid(let session) = self { return session }
        return nil
    }
}

/// A server-side authorization for one resource.
struct AuthZGrant: Sendable, Hashable {
    var resource: String
    var mvpd: String
    var issued: Date
    var expires: Date
}

/// A cached (pre)authorization decision.
struct CachedDecision: Sendable, Hashable {
    var authorized: Bool
    var details: String?
    var expires: Date
}

/// A TempPass window: once it is over, the device cannot start that TempPass again.
struct TempPassUsage: Sendable, Hashable {
    var started: Date
    var expires: Date
    var userID: String
}

/// A browser login waiting for the viewer to submit the MVPD form.
struct PendingLogin: Sendable, Hashable {
    var key: DeviceKey
    var mvpd: String
    var redirectURL: String
    var genericData: String?
    var expires: Date
}
