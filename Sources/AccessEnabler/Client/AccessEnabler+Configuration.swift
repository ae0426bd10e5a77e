import Foundation

extension AccessEnabler {
    /// How an ``AccessEnabler`` is set up: where it connects, how it stores tokens, its limits.
    ///
    /// Every property has a sensible default; set only what you need:
    ///
    /// ```swift
    /// var configuration = AccessEnabler.Configuration()
    /// configuration.environment = .staging
    /// configuration.redirectURL = URL(string: "adbe.u-XFXJeTSDuJiIQs0HVRAg://adobe.com")!
    /// let enabler = AccessEnabler(softwareStatement: statement, configuration: configuration)
    /// ```
    public struct Configuration: Sendable {
        /// The Adobe Pass environment used when `setRequestor` is given no service providers.
        public var environment: Environment = .production
        /// The wire protocol. REST API v2 is the default: Adobe ends REST API v1 and the legacy
        /// SDKs at the end of 2026. Choose ``Backend/restV1`` only for an integration still on v1.
        public var backend: Backend = .restV2
        /// How requests are sent.
        public var transport: any HTTPTransport = URLSessionTransport()
        /// Where tokens are kept: the Keychain on Apple platforms, memory elsewhere.
        public var storage: any TokenStorage = Configuration.defaultStorage
        /// What to check when the storage is opened (the legacy integrity check).
        public var storageIntegrityCheck: StorageIntegrityCheck = .none
        /// Where the MVPD login and logout flows end. Defaults to `adobepass://ios.app`; apps that
        /// log in with `ASWebAuthenticationSession` or Safari use their custom scheme
        /// (`adbe.<id>://adobe.com`).
        public var redirectURL: URL = AccessEnabler.defaultRedirectURL
        /// The seed of the device ID (on Apple platforms typically `identifierForVendor`). When nil,
        /// a random seed is created on first use and stored with the tokens (or, with
        /// ``deviceIdentifierAccessGroup``, in that access group).
        public var deviceIDSeed: String?
        /// A Keychain access group (`TEAMID.com.example.shared`) that keeps the device ID's seed,
        /// so that the app, its extensions and the team's other apps that name the same group
        /// send the same `AP-Device-Identifier` and so share the viewer's sign-in (REST API v2).
        ///
        /// Add the group to the app's `keychain-access-groups` entitlement. An app without it
        /// keeps a device ID of its own (logged once); ``deviceIDSeed``, when set, wins. Nil (the
        /// default) keeps the seed with the tokens. The article "Single sign-on across apps and
        /// devices" has the details.
        public var deviceIdentifierAccessGroup: String?
        /// How many resources one preauthorization request carries (Adobe's default limit is 5).
        public var preauthorizeChunkSize: Int = 5
        /// How many preauthorization requests of one call are in flight at once. With your own
        /// `URLSession` over HTTP/1.1, keep it at or below the session's
        /// `httpMaximumConnectionsPerHost` (the default transport's session allows 8), so that
        /// every request the SDK starts is sent at once: its ``requestTimeout`` runs from then.
        public var preauthorizeConcurrency: Int = 8
        /// How long a preauthorization decision stays in the local cache (never beyond the
        /// authentication).
        public var preauthorizeCacheTTL: Duration = .seconds(600)
        /// How long `setRequestor` waits for slow service providers before it answers with those
        /// that did.
        public var configurationTimeout: Duration = .seconds(30)
        /// How long a fetched configuration is used without asking again (REST API v2; Adobe's
        /// checklist recommends 3–5 minutes). While the viewer is authenticated the stored
        /// configuration is used whatever its age; it is fetched again before the MVPD picker
        /// is shown once it is older than this.
        public var configurationTTL: Duration = .seconds(300)
        /// How often the SDK asks for the result of a login the MVPD has not confirmed yet
        /// (REST API v2; at least 1 s; Adobe's checklist asks for 3–5 s). Polling starts when the
        /// browser reaches ``redirectURL`` (a second-screen sign-in: when the code is shown) and
        /// stops at the profile, the login's code expiry, or cancellation.
        public var profilePollingInterval: Duration = .seconds(3)
        /// How long the SDK keeps asking for the profile once the browser reached
        /// ``redirectURL`` (REST API v2; default 30 s, never beyond the login's code expiry). An
        /// MVPD may confirm a login a few seconds late, but a login that reached the redirect URL
        /// without leaving a profile (a failed SAML assertion, a misconfigured MVPD) has ended:
        /// `authenticate` then fails with ``AccessEnablerError/authenticationSessionMissing``
        /// instead of waiting for the code to expire. A second-screen sign-in is not bounded by it
        /// (the viewer is still signing in on the other device).
        public var profileWaitAfterRedirect: Duration = .seconds(30)
        /// The page of the app's companion (activation) site where the viewer types a
        /// second-screen code, for example `https://example.com/activate`. A TV shows it with
        /// the code; ``ActivationCode/qrCodeURL`` adds the code to it for a QR image.
        public var activationURL: URL?
        /// Whether a granted authorization is followed by a read of the profile (REST API v2),
        /// for MVPDs that update the profile's attributes (user metadata) when they authorize.
        /// Off by default: it costs a request per `authorize`.
        public var refreshesProfileAfterAuthorization = false
        /// How long one HTTP request may take as a whole, the body included (also bounded by
        /// what is left of the ``RetryPolicy/deadline`` of the call it belongs to).
        public var requestTimeout: Duration = .seconds(30)
        /// The largest response body accepted, in bytes (after decompression); a larger one is
        /// stopped and reported as `server_response_format_unknown`.
        public var maximumResponseBytes: Int = HTTPTransportRequest.defaultMaximumResponseBytes
        /// Which failed requests are retried, how often, and for how long.
        public var retryPolicy: RetryPolicy = .default
        /// The source of time for expiries and waits.
        public var clock: any AccessEnablerClock = SystemClock()
        /// Receives the SDK's log lines (which never contain secrets). When nil, the SDK logs to
        /// `os.Logger` on Apple platforms and nowhere elsewhere.
        public var logHandler: (@Sendable (LogMessage) -> Void)?
        /// The platform's single sign-on framework (Apple's TV Provider), tried before the MVPD
        /// picker on REST API v2. Nil (the default) means the picker and browser login only.
        public var partnerFramework: (any PartnerFramework)?
        /// Gives the viewer's service token: their user identifier in your identity service, as
        /// a JWS signed for Adobe (REST API v2's `AD-Service-Token`), so that a sign-in on one
        /// device is found on every device where the viewer uses the same identity.
        ///
        /// The SDK sends it on the calls whose page lists the header (sessions, profiles,
        /// decisions, logout), asks again when its `exp` has passed on ``clock`` or the service
        /// provider refuses it, and never logs it. Return nil when the viewer has no identity
        /// now: nothing is sent. Throw when your identity service cannot say (unreachable): the
        /// call fails with ``AccessEnablerError/serviceTokenUnavailable``, nothing is sent and the
        /// sign-in stays. Nil (the default) sends nothing. REST API v1 ignores it. The article
        /// "Single sign-on across apps and devices" has the details.
        public var serviceTokenProvider: (@Sendable (ServiceTokenReason) async throws -> String?)?
        /// The app's `Info.plist` as the SDK reads it (the running process's; tests describe one).
        package var appBundle: AppBundle = .main

        /// Creates the default configuration.
        public init() {}

        /// The default storage of this platform.
        public static var defaultStorage: any TokenStorage {
            #if canImport(Security)
            return KeychainTokenStorage()
            #else
            return InMemoryTokenStorage()
            #endif
        }
    }

    /// The wire protocol an ``AccessEnabler`` speaks.
    public enum Backend: String, Sendable, Hashable, CaseIterable {
        /// Adobe Pass REST API v2 (`/api/v2/`).
        case restV2
        /// Adobe Pass REST API v1 (`/api/v1/`), ending at the end of 2026.
        case restV1
    }

    /// An Adobe Pass environment: the service providers used by default.
    public struct Environment: Sendable, Hashable {
        /// The service provider URLs, in order.
        public var serviceProviders: [URL]

        /// An environment with the given service providers.
        public init(serviceProviders: [URL]) { self.serviceProviders = serviceProviders }

        /// Adobe production (`https://api.auth.adobe.com`).
        public static let production = Environment(serviceProviders: [URL(string: "https://api.auth.adobe.com")!])
        /// Adobe staging (`https://api.auth-staging.adobe.com`).
        public static let staging = Environment(serviceProviders: [URL(string: "https://api.auth-staging.adobe.com")!])
    }

    /// `adobepass://ios.app`, where web-view logins end by default (`ADOBEPASS_REDIRECT_URL`).
    public static let defaultRedirectURL = URL(string: "adobepass://ios.app")!
}
