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
    /// Created by an authenticate-all degradation rule (REST v2), without an MVPD login.
    var isDegraded = false
    var genericData: String?
    /// The REST v2 profile `type` when it is not derived from the flags (e.g. `appleSSO`).
    var profileType: String?
    /// When the REST v2 profile becomes visible (an MVPD that is slow to confirm the login).
    var visibleFrom: Date?

    func isValid(at now: Date) -> Bool { now < expires }

    /// Whether the REST v2 profiles endpoints show it at `now`.
    func isVisible(at now: Date) -> Bool { isValid(at: now) && now >= (visibleFrom ?? created) }
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

/// A REST v2 authentication session, named by its code: the parameters given so far and the
/// device that created it (resume, session information and profile-by-code calls may come from
/// another device, so the code carries the device).
struct AuthCodeSession: Sendable, Hashable {
    /// The parameters `missingParameters` may name, in the order Adobe's samples list them.
    static let parameterNames = ["mvpd", "domain", "redirectUrl"]

    var code: String
    var sessionID: String
    var key: DeviceKey
    var mvpd: String?
    var domainName: String?
    var redirectURL: String?
    /// The decoded `AP-TempPass-Identity` (JSON text), kept like v1's `generic_data`.
    var genericData: String?
    /// The `X-Device-Info` and `User-Agent` of the creating request, for the session information.
    var deviceInfo: String?
    var userAgent: String?
    var notBefore: Date
    var notAfter: Date
    /// The viewer of the service token the session was created with.
    var serviceTokenSubject: ServiceTokenSubject?
    /// Whether a browser finished the MVPD login of this code (on the activation site or the
    /// browser route): the activation site takes a code once, and its "done" page speaks only for
    /// such a code.
    var signedIn = false

    func isValid(at now: Date) -> Bool { notBefore <= now && now < notAfter }

    /// The parameters still missing, as `missingParameters` spells them.
    var missingParameters: [String] {
        var missing: [String] = []
        if mvpd == nil { missing.append("mvpd") }
        if domainName == nil { missing.append("domain") }
        if redirectURL == nil { missing.append("redirectUrl") }
        return missing
    }
}

/// A browser login waiting for the viewer to submit the MVPD form.
struct PendingLogin: Sendable, Hashable {
    var key: DeviceKey
    var mvpd: String
    var redirectURL: String
    var genericData: String?
    var expires: Date
    /// The REST v2 authentication code the login finishes, if any.
    var code: String?
    /// The order the logins started in (the oldest has the lowest), which tells apart logins that
    /// expire at the same instant.
    var serial: UInt64 = 0
}
