import Foundation

// The records the token cache persists, one storage record each. They hold secrets (client
// secrets, access tokens): they are internal, never printed, and only ever written to storage.

/// DCR client credentials for one service provider; kept for ever.
struct ClientCredentialsRecord: Codable, Sendable, Equatable {
    var clientID: String
    var clientSecret: String
    var issuedAt: Date?
    /// SHA-256 of the software statement the credentials were registered with, so a new
    /// statement leads to a new registration.
    var softwareStatementDigest: String
}

/// A DCR access token for one service provider.
struct AccessTokenRecord: Codable, Sendable, Equatable {
    var token: String
    var expires: Date
    var clientID: String
}

/// An authentication (the v1 authN token, or the v2 profile).
struct AuthenticationRecord: Codable, Sendable, Equatable {
    var mvpd: MVPD
    var userID: String
    var expires: Date
    var issued: Date
    /// The service provider that issued it; every call for this session goes there.
    var serviceProvider: URL
    /// Profile attributes (REST API v2), used as user metadata.
    var attributes: [String: ProfileAttribute]?
    /// The REST API v2 profile `type` (`regular`, `temporary`, `degraded`, `appleSSO`, …).
    var profileType: String?

    struct ProfileAttribute: Codable, Sendable, Equatable {
        var value: JSONValue
        var isEncrypted: Bool
    }

    /// Whether `other` is the same session, perhaps as the server describes it later (another
    /// expiry, other attributes): the same MVPD, user, issuer and local issue time.
    func isSameSession(as other: AuthenticationRecord) -> Bool {
        mvpd.id == other.mvpd.id && userID == other.userID && serviceProvider == other.serviceProvider
            && issued == other.issued
    }
}

/// An authorization (authZ token) for one resource.
struct AuthorizationRecord: Codable, Sendable, Equatable {
    var resource: String
    var expires: Date
    var mvpdID: String
}

/// User metadata fetched for the current authentication.
struct UserMetadataRecord: Codable, Sendable, Equatable {
    var values: [String: JSONValue]
    var encryptedKeys: Set<String>
    var expires: Date
}

/// The requestor configuration as last fetched, with when and from which service providers, so
/// that a launch can skip the configuration call (REST API v2 checklist: Configuration Retrieval
/// and Caching). Not the viewer's: it survives logout.
struct ConfigurationRecord: Codable, Sendable, Equatable {
    var requestorID: String
    var name: String?
    var domains: [String]
    var mvpds: [MVPD]
    /// Each service provider's domains, by origin.
    var domainsByServiceProvider: [String: [String]]
    /// The origins of the service providers it was fetched from, in order.
    var serviceProviders: [String]
    var fetched: Date

    init(_ configuration: RequestorConfiguration, serviceProviders: [ServiceProvider], fetched: Date) {
        requestorID = configuration.requestorID
        name = configuration.name
        domains = configuration.domains
        mvpds = configuration.mvpds
        domainsByServiceProvider = Dictionary(
            configuration.domainsByServiceProvider.map { ($0.key.absoluteString, $0.value) }, uniquingKeysWith: { a, _ in a })
        self.serviceProviders = serviceProviders.map(\.origin)
        self.fetched = fetched
    }

    /// The configuration as the SDK uses it (no failures: those were of the call that fetched it).
    var configuration: RequestorConfiguration {
        var configuration = RequestorConfiguration(requestorID: requestorID, name: name, domains: domains, mvpds: mvpds)
        for (origin, domains) in domainsByServiceProvider {
            if let url = URL(string: origin) { configuration.domainsByServiceProvider[url] = domains }
        }
        return configuration
    }
}

/// The per-install random seed of the device ID, when the app gives none.
struct DeviceRecord: Codable, Sendable, Equatable {
    var seed: String
}

/// An authentication as the token cache held it, with the cache generation it was read at.
///
/// Requests are sent for one session: a result or a rejection that comes back is applied only if
/// the cache still holds that session (same generation, same record), so a late answer for a
/// viewer who logged out never touches the next viewer's session.
struct CachedSession: Sendable {
    var authentication: AuthenticationRecord
    var generation: UInt64
}

/// What the token cache holds for one preauthorize call.
struct PreauthorizationState: Sendable {
    /// The cached decisions, in request order.
    enum Decisions: Sendable {
        /// Every resource has a valid cached decision: the answer as it is.
        case allCached([Decision])
        /// Per resource, its valid cached decision or `nil`.
        case partlyCached([Decision?])
    }

    /// The requestor's authentication, if any, read at the same generation as the decisions:
    /// fetched decisions are stored only if it holds.
    var session: CachedSession?
    var decisions: Decisions
}

/// A preauthorization decision in the (memory-only) local cache.
struct CachedDecision: Sendable, Equatable {
    var decision: Decision
    var expires: Date
}

/// Storage keys, one per record.
enum StorageKey {
    static let device = "device"
    static let clientPrefix = "dcr.client|"
    static let accessTokenPrefix = "dcr.token|"
    static let authenticationPrefix = "authn|"
    static let selectedMVPDPrefix = "selected-mvpd|"
    static let authorizationPrefix = "authz|"
    static let userMetadataPrefix = "user-metadata|"
    static let configurationPrefix = "configuration|"

    static func client(_ origin: String) -> String { clientPrefix + origin }
    static func accessToken(_ origin: String) -> String { accessTokenPrefix + origin }
    static func authentication(_ requestor: String) -> String { authenticationPrefix + requestor }
    static func selectedMVPD(_ requestor: String) -> String { selectedMVPDPrefix + requestor }
    static func authorization(_ requestor: String, _ resource: String) -> String {
        authorizationPrefix + requestor + "|" + resource
    }
    static func userMetadata(_ requestor: String) -> String { userMetadataPrefix + requestor }
    static func configuration(_ requestor: String) -> String { configurationPrefix + requestor }

    /// Keys that hold the viewer's session (removed on logout); the device seed and the app's
    /// DCR registration are not the viewer's and stay.
    static func isUserRecord(_ key: String) -> Bool {
        key.hasPrefix(authenticationPrefix) || key.hasPrefix(selectedMVPDPrefix) || key.hasPrefix(authorizationPrefix)
            || key.hasPrefix(userMetadataPrefix)
    }
}
