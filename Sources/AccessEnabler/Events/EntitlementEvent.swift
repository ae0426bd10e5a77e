import Foundation

/// Something the SDK reports outside the result of a call: what the legacy SDK sent through
/// `sendTrackingData` and its status callbacks.
public indirect enum EntitlementEvent: Sendable, Equatable {
    /// The requestor configuration was loaded (or reloaded).
    case configurationLoaded(RequestorConfiguration)
    /// An authentication check happened (`checkAuthentication` or `authenticate`).
    case authenticationChecked(AuthenticationCheck)
    /// The viewer picked an MVPD.
    case providerSelected(MVPD)
    /// An authorization request returned.
    case authorizationChecked(AuthorizationCheck)
    /// Local authentication was removed (logout, server rejection, or MVPD no longer offered).
    case authenticationRemoved(reason: AccessEnablerError?)
    /// The viewer logged out.
    case loggedOut
    /// The server or browser step of a logout failed; the local logout still happened.
    case logoutIncomplete(AccessEnablerError)
    /// The viewer's profile with `mvpdID` came from the platform's single sign-on (Apple's TV
    /// Provider): the logout is complete for the app, and the viewer must also sign out in the
    /// system settings (Settings › TV Provider) to leave the provider entirely.
    case partnerLogoutRequired(mvpdID: String)
    /// The service provider holds several profiles for this device (other MVPDs, single sign-on,
    /// TempPass), best first (the order ``AccessEnabler/availableProfiles()`` gives). Reported by
    /// ``AccessEnabler/refreshAuthentication(preferring:)`` when there is more than one.
    case profilesAvailable([Authentication])
    /// The token storage was unreadable and was moved aside; the store starts empty.
    case storageRecovered(StorageRecovery)
    /// How an attempt at partner single sign-on (Apple's TV Provider) ended: signed in, cancelled,
    /// or why the MVPD picker follows.
    case partnerSingleSignOn(PartnerSingleSignOnEvent)

    /// The details of an authentication check.
    public struct AuthenticationCheck: Sendable, Equatable {
        /// Whether the viewer is authenticated.
        public var isAuthenticated: Bool
        /// The MVPD, when authenticated.
        public var mvpdID: String?
        /// The user ID, when authenticated.
        public var userID: String?
        /// Whether the answer came from the local cache without a login.
        public var fromCache: Bool
        /// Creates a check record.
        public init(isAuthenticated: Bool, mvpdID: String? = nil, userID: String? = nil, fromCache: Bool) {
            self.isAuthenticated = isAuthenticated
            self.mvpdID = mvpdID
            self.userID = userID
            self.fromCache = fromCache
        }
    }

    /// The details of an authorization request.
    public struct AuthorizationCheck: Sendable, Equatable {
        /// The resource.
        public var resource: String
        /// Whether a media token was issued.
        public var isAuthorized: Bool
        /// The MVPD, when known.
        public var mvpdID: String?
        /// The user ID, when known.
        public var userID: String?
        /// Whether a cached authorization was reused.
        public var fromCache: Bool
        /// The failure, when not authorized.
        public var error: Status?
        /// Creates a check record.
        public init(
            resource: String, isAuthorized: Bool, mvpdID: String? = nil, userID: String? = nil,
            fromCache: Bool, error: Status? = nil
        ) {
            self.resource = resource
            self.isAuthorized = isAuthorized
            self.mvpdID = mvpdID
            self.userID = userID
            self.fromCache = fromCache
            self.error = error
        }
    }

    /// How unreadable storage was recovered.
    public struct StorageRecovery: Sendable, Equatable {
        /// Where the unreadable data was moved, when it was a file.
        public var movedTo: URL?
        /// Why it could not be read (no secret content).
        public var reason: String
        /// Creates a recovery record.
        public init(movedTo: URL?, reason: String) {
            self.movedTo = movedTo
            self.reason = reason
        }
    }
}
