import Foundation

/// A valid authentication: who is signed in, with which MVPD, until when.
public struct Authentication: Sendable, Hashable {
    /// The requestor the session belongs to.
    public var requestorID: String
    /// The MVPD the viewer signed in with.
    public var mvpd: MVPD
    /// The (scrambled) user ID the MVPD reported.
    public var userID: String
    /// When the authentication expires.
    public var expires: Date
    /// The REST API v2 profile type, when the service provider sent one: `regular` (an MVPD
    /// login), `temporary` (TempPass), `degraded`, `appleSSO` (Apple's TV Provider), … — what a
    /// profile picker shows beside the MVPD.
    public var profileType: String?

    /// Creates an authentication.
    public init(requestorID: String, mvpd: MVPD, userID: String, expires: Date, profileType: String? = nil) {
        self.requestorID = requestorID
        self.mvpd = mvpd
        self.userID = userID
        self.expires = expires
        self.profileType = profileType
    }
}

/// The result of ``AccessEnabler/checkAuthentication()``.
public enum AuthenticationStatus: Sendable, Equatable {
    /// A valid authentication exists.
    case authenticated(Authentication)
    /// No valid authentication; the error says why (missing, expired, not configured, storage).
    case notAuthenticated(AccessEnablerError)

    /// Whether the viewer is authenticated.
    public var isAuthenticated: Bool {
        if case .authenticated = self { return true }
        return false
    }

    /// The authentication, when there is one.
    public var authentication: Authentication? {
        if case .authenticated(let authentication) = self { return authentication }
        return nil
    }
}

extension Authentication {
    /// The authentication `record` holds, for `requestorID`; with `mvpd`, the record's MVPD as
    /// the current configuration describes it.
    init(record: AuthenticationRecord, requestorID: String, mvpd: MVPD? = nil) {
        self.init(
            requestorID: requestorID, mvpd: mvpd ?? record.mvpd, userID: record.userID, expires: record.expires,
            profileType: record.profileType)
    }
}
