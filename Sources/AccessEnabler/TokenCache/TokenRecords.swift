import Foundation

// The records the token cache persists, one storage record each. They hold secrets (client
// secrets, access tokens): they are internal, never printed, and only ever written to storage.

/// DCR client credentials for one service provider; kept for ever.
struct ClientCredentialsRecord: Codable, Sendable {
    var clientID: String
    var clientSecret: String
    var issuedAt: Date?
    /// SHA-256 of the software statement the credentials were registered with, so a new
    /// statement leads to a new registration.
    var softwareStatementDigest: String
    /// The `redirect_uris` the registration returned (those issued with the software statement,
    /// the app's custom scheme among them); nil for credentials stored before they were kept.
    var redirectURIs: [String]? = nil
}

/// A DCR access token for one service provider.
struct AccessTokenRecord: Codable, Sendable {
    var token: String
    var expires: Date
    var clientID: String
}

/// An authentication (the v1 authN token, or the v2 profile).
///
/// Its fields live behind one immutable reference, replaced when a field is set: a record (with
/// its MVPD's twelve fields) is part of most session values, results and async frames of the
/// SDK, and copying its fields inline cost an app's code a copy, assign and destroy of all of them
/// in each (docs/performance.md), and every read of a session a retain per field. Stored as the
/// fields alone: the JSON on disk is the same as before the reference.
struct AuthenticationRecord: Codable, Sendable, Equatable {
    /// What is stored and compared.
    struct Fields: Codable, Sendable, Equatable {
        var mvpd: MVPD
        var userID: String
        var expires: Date
        var issued: Date
        var serviceProvider: URL
        var attributes: [String: ProfileAttribute]?
        var profileType: String?
    }

    private final class Storage: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    init(
        mvpd: MVPD, userID: String, expires: Date, issued: Date, serviceProvider: URL,
        attributes: [String: ProfileAttribute]? = nil, profileType: String? = nil
    ) {
        storage = Storage(
            Fields(
                mvpd: mvpd, userID: userID, expires: expires, issued: issued, serviceProvider: serviceProvider,
                attributes: attributes, profileType: profileType))
    }

    init(from decoder: any Decoder) throws {
        storage = Storage(try Fields(from: decoder))
    }

    func encode(to encoder: any Encoder) throws {
        try storage.fields.encode(to: encoder)
    }

    static func == (lhs: AuthenticationRecord, rhs: AuthenticationRecord) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = storage.fields
        change(&fields)
        storage = Storage(fields)
    }

    var mvpd: MVPD {
        get { storage.fields.mvpd }
        set { update { $0.mvpd = newValue } }
    }
    var userID: String {
        get { storage.fields.userID }
        set { update { $0.userID = newValue } }
    }
    var expires: Date {
        get { storage.fields.expires }
        set { update { $0.expires = newValue } }
    }
    var issued: Date {
        get { storage.fields.issued }
        set { update { $0.issued = newValue } }
    }
    /// The service provider that issued it; every call for this session goes there.
    var serviceProvider: URL {
        get { storage.fields.serviceProvider }
        set { update { $0.serviceProvider = newValue } }
    }
    /// Profile attributes (REST API v2), used as user metadata.
    var attributes: [String: ProfileAttribute]? {
        get { storage.fields.attributes }
        set { update { $0.attributes = newValue } }
    }
    /// The REST API v2 profile `type` (`regular`, `temporary`, `degraded`, `appleSSO`, …).
    var profileType: String? {
        get { storage.fields.profileType }
        set { update { $0.profileType = newValue } }
    }

    struct ProfileAttribute: Codable, Sendable, Equatable {
        var value: JSONValue
        var isEncrypted: Bool
    }

    /// Whether `other` is the same session, perhaps as the server describes it later (another
    /// expiry, other attributes): the same MVPD, user, issuer and local issue time.
    func isSameSession(as other: AuthenticationRecord) -> Bool {
        let (one, two) = (storage.fields, other.storage.fields)
        return one.mvpd.id == two.mvpd.id && one.userID == two.userID && one.serviceProvider == two.serviceProvider
            && one.issued == two.issued
    }
}

/// An authorization (authZ token) for one resource.
struct AuthorizationRecord: Codable, Sendable {
    var resource: String
    var expires: Date
    var mvpdID: String
}

/// User metadata fetched for the current authentication.
struct UserMetadataRecord: Codable, Sendable {
    var values: [String: JSONValue]
    var encryptedKeys: Set<String>
    var expires: Date
}

/// The requestor configuration as last fetched, with when and from which service providers, so
/// that a launch can skip the configuration call (REST API v2 checklist: Configuration Retrieval
/// and Caching). Not the viewer's: it survives logout.
struct ConfigurationRecord: Codable, Sendable {
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
            configuration.domainsByServiceProvider.map { ($0.key.absoluteString, $0.value) },
            uniquingKeysWith: { a, _ in a })
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

/// The per-install random seed of the device ID, when the app gives none; or the app's copy of
/// the seed a Keychain access group shares.
struct DeviceRecord: Codable, Sendable, Equatable {
    var seed: String
    /// The access group whose seed this is (``AccessEnabler/Configuration/deviceIdentifierAccessGroup``);
    /// nil for the app's own seed.
    var accessGroup: String?
}

/// An authentication as the token cache held it, with the cache generation it was read at.
///
/// Requests are sent for one session: a result or a rejection that comes back is applied only if
/// the cache still holds that session (same generation, same record), so a late answer for a
/// viewer who logged out never touches the next viewer's session.
struct CachedSession: Sendable {
    var authentication: AuthenticationRecord
    var generation: UInt64

    /// `session` if it is usable at `now`, or the status-0 error every call gives without one:
    /// ``AccessEnablerError/authenticationSessionMissing`` or
    /// ``AccessEnablerError/authenticationSessionExpired``.
    static func valid(_ session: CachedSession?, at now: Date) throws(AccessEnablerError) -> CachedSession {
        guard let session else { throw .authenticationSessionMissing }
        guard session.authentication.expires > now else { throw .authenticationSessionExpired }
        return session
    }
}

/// What the token cache holds for one preauthorize call that goes to the server.
struct PreauthorizationState: Sendable {
    /// The requestor's authentication, if any, read at the same generation as the decisions:
    /// fetched decisions are stored only if it holds.
    var session: CachedSession?
    /// Per resource, in request order, its valid cached decision or `nil`.
    var decisions: [Decision?]
}

/// A preauthorization decision in the (memory-only) local cache.
struct CachedDecision: Sendable {
    var decision: Decision
    var expires: Date

    /// The decision, if it is still valid at `now`.
    func decision(at now: Date) -> Decision? {
        expires > now ? decision : nil
    }
}

/// Where a record lives in a ``TokenStorage``. The raw value is the key on disk; it must stay
/// byte-identical across releases so that existing stores keep loading.
indirect enum StorageKey: Hashable, Sendable, RawRepresentable {
    case device
    case client(origin: String)
    case accessToken(origin: String)
    case authentication(requestor: String)
    case selectedMVPD(requestor: String)
    /// Adobe's requestor IDs contain no `|`, so the first `|` after the prefix ends the requestor.
    case authorization(requestor: String, resource: String)
    case userMetadata(requestor: String)
    case configuration(requestor: String)
    /// A server logout the viewer asked for that has not reached the server yet.
    case owedLogout(requestor: String)

    /// What a key holds. The raw value is the key's prefix on disk (the whole key for the device).
    enum Kind: String, CaseIterable, Sendable {
        case device = "device"
        case client = "dcr.client|"
        case accessToken = "dcr.token|"
        case authentication = "authn|"
        case selectedMVPD = "selected-mvpd|"
        case authorization = "authz|"
        case userMetadata = "user-metadata|"
        case configuration = "configuration|"
        case owedLogout = "owed-logout|"

        /// The type of the records stored under keys of this kind.
        var recordType: any Decodable.Type {
            switch self {
            case .device: DeviceRecord.self
            case .client: ClientCredentialsRecord.self
            case .accessToken: AccessTokenRecord.self
            case .authentication: AuthenticationRecord.self
            case .selectedMVPD: MVPD.self
            case .authorization: AuthorizationRecord.self
            case .userMetadata: UserMetadataRecord.self
            case .configuration: ConfigurationRecord.self
            case .owedLogout: OwedLogoutRecord.self
            }
        }

        /// The record's name in logs and error details.
        var name: String {
            switch self {
            case .device: "device"
            case .client: "client"
            case .accessToken: "access-token"
            case .authentication: "authentication"
            case .selectedMVPD: "selected-mvpd"
            case .authorization: "authorization"
            case .userMetadata: "user-metadata"
            case .configuration: "configuration"
            case .owedLogout: "owed-logout"
            }
        }

        /// Whether the kind holds the viewer's session (removed on logout); the device seed and
        /// the app's DCR registration are not the viewer's and stay, and so does a server logout
        /// still owed (the logout itself writes it).
        var isUserRecord: Bool {
            switch self {
            case .authentication, .selectedMVPD, .authorization, .userMetadata: true
            case .device, .client, .accessToken, .configuration, .owedLogout: false
            }
        }
    }

    var kind: Kind {
        switch self {
        case .device: .device
        case .client: .client
        case .accessToken: .accessToken
        case .authentication: .authentication
        case .selectedMVPD: .selectedMVPD
        case .authorization: .authorization
        case .userMetadata: .userMetadata
        case .configuration: .configuration
        case .owedLogout: .owedLogout
        }
    }

    var rawValue: String {
        switch self {
        case .device: Kind.device.rawValue
        case .client(let origin), .accessToken(let origin): kind.rawValue + origin
        case .authentication(let requestor), .selectedMVPD(let requestor), .userMetadata(let requestor),
            .configuration(let requestor), .owedLogout(let requestor):
            kind.rawValue + requestor
        case .authorization(let requestor, let resource): kind.rawValue + requestor + "|" + resource
        }
    }

    /// The key a stored raw key names; nil for a key the SDK does not write.
    init?(rawValue: String) {
        if rawValue == Kind.device.rawValue {
            self = .device
            return
        }
        guard let kind = Kind.allCases.first(where: { $0 != .device && rawValue.hasPrefix($0.rawValue) }) else {
            return nil
        }
        let rest = String(rawValue.dropFirst(kind.rawValue.count))
        switch kind {
        case .device: return nil
        case .client: self = .client(origin: rest)
        case .accessToken: self = .accessToken(origin: rest)
        case .authentication: self = .authentication(requestor: rest)
        case .selectedMVPD: self = .selectedMVPD(requestor: rest)
        case .authorization:
            guard let separator = rest.firstIndex(of: "|") else { return nil }
            self = .authorization(
                requestor: String(rest[..<separator]), resource: String(rest[rest.index(after: separator)...]))
        case .userMetadata: self = .userMetadata(requestor: rest)
        case .configuration: self = .configuration(requestor: rest)
        case .owedLogout: self = .owedLogout(requestor: rest)
        }
    }

    /// Whether the key holds the viewer's session (removed on logout).
    var isUserRecord: Bool { kind.isUserRecord }
}

/// A server logout that failed (or was cut short): the session it was to remove on the server.
/// Kept until the server logout succeeds, or a new login replaces the session.
struct OwedLogoutRecord: Codable, Sendable {
    var session: AuthenticationRecord
}

// MARK: Coding

// Each record's fields under the keys the synthesized code used (their property names), coded
// with the shared key (`JSONKey`) rather than a `CodingKeys` enum per record; in extensions, so
// that the records keep their memberwise initializers. The stored format tests hold every key.

extension ClientCredentialsRecord {
    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        clientID = try body.decode(String.self, forKey: "clientID")
        clientSecret = try body.decode(String.self, forKey: "clientSecret")
        issuedAt = try body.decodeIfPresent(Date.self, forKey: "issuedAt")
        softwareStatementDigest = try body.decode(String.self, forKey: "softwareStatementDigest")
        redirectURIs = try body.decodeIfPresent([String].self, forKey: "redirectURIs")
    }

    func encode(to encoder: any Encoder) throws {
        var body = encoder.container(keyedBy: JSONKey.self)
        try body.encode(clientID, forKey: "clientID")
        try body.encode(clientSecret, forKey: "clientSecret")
        try body.encodeIfPresent(issuedAt, forKey: "issuedAt")
        try body.encode(softwareStatementDigest, forKey: "softwareStatementDigest")
        try body.encodeIfPresent(redirectURIs, forKey: "redirectURIs")
    }
}

extension AccessTokenRecord {
    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        token = try body.decode(String.self, forKey: "token")
        expires = try body.decode(Date.self, forKey: "expires")
        clientID = try body.decode(String.self, forKey: "clientID")
    }

    func encode(to encoder: any Encoder) throws {
        var body = encoder.container(keyedBy: JSONKey.self)
        try body.encode(token, forKey: "token")
        try body.encode(expires, forKey: "expires")
        try body.encode(clientID, forKey: "clientID")
    }
}

extension AuthenticationRecord.Fields {
    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        mvpd = try body.decode(MVPD.self, forKey: "mvpd")
        userID = try body.decode(String.self, forKey: "userID")
        expires = try body.decode(Date.self, forKey: "expires")
        issued = try body.decode(Date.self, forKey: "issued")
        serviceProvider = try body.decode(URL.self, forKey: "serviceProvider")
        attributes = try body.decodeIfPresent(
            [String: AuthenticationRecord.ProfileAttribute].self, forKey: "attributes")
        profileType = try body.decodeIfPresent(String.self, forKey: "profileType")
    }

    func encode(to encoder: any Encoder) throws {
        var body = encoder.container(keyedBy: JSONKey.self)
        try body.encode(mvpd, forKey: "mvpd")
        try body.encode(userID, forKey: "userID")
        try body.encode(expires, forKey: "expires")
        try body.encode(issued, forKey: "issued")
        try body.encode(serviceProvider, forKey: "serviceProvider")
        try body.encodeIfPresent(attributes, forKey: "attributes")
        try body.encodeIfPresent(profileType, forKey: "profileType")
    }
}

extension AuthenticationRecord.ProfileAttribute {
    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        value = try body.decode(JSONValue.self, forKey: "value")
        isEncrypted = try body.decode(Bool.self, forKey: "isEncrypted")
    }

    func encode(to encoder: any Encoder) throws {
        var body = encoder.container(keyedBy: JSONKey.self)
        try body.encode(value, forKey: "value")
        try body.encode(isEncrypted, forKey: "isEncrypted")
    }
}

extension AuthorizationRecord {
    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        resource = try body.decode(String.self, forKey: "resource")
        expires = try body.decode(Date.self, forKey: "expires")
        mvpdID = try body.decode(String.self, forKey: "mvpdID")
    }

    func encode(to encoder: any Encoder) throws {
        var body = encoder.container(keyedBy: JSONKey.self)
        try body.encode(resource, forKey: "resource")
        try body.encode(expires, forKey: "expires")
        try body.encode(mvpdID, forKey: "mvpdID")
    }
}

extension UserMetadataRecord {
    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        values = try body.decode([String: JSONValue].self, forKey: "values")
        encryptedKeys = try body.decode(Set<String>.self, forKey: "encryptedKeys")
        expires = try body.decode(Date.self, forKey: "expires")
    }

    func encode(to encoder: any Encoder) throws {
        var body = encoder.container(keyedBy: JSONKey.self)
        try body.encode(values, forKey: "values")
        try body.encode(encryptedKeys, forKey: "encryptedKeys")
        try body.encode(expires, forKey: "expires")
    }
}

extension ConfigurationRecord {
    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        requestorID = try body.decode(String.self, forKey: "requestorID")
        name = try body.decodeIfPresent(String.self, forKey: "name")
        domains = try body.decode([String].self, forKey: "domains")
        mvpds = try body.decode([MVPD].self, forKey: "mvpds")
        domainsByServiceProvider = try body.decode([String: [String]].self, forKey: "domainsByServiceProvider")
        serviceProviders = try body.decode([String].self, forKey: "serviceProviders")
        fetched = try body.decode(Date.self, forKey: "fetched")
    }

    func encode(to encoder: any Encoder) throws {
        var body = encoder.container(keyedBy: JSONKey.self)
        try body.encode(requestorID, forKey: "requestorID")
        try body.encodeIfPresent(name, forKey: "name")
        try body.encode(domains, forKey: "domains")
        try body.encode(mvpds, forKey: "mvpds")
        try body.encode(domainsByServiceProvider, forKey: "domainsByServiceProvider")
        try body.encode(serviceProviders, forKey: "serviceProviders")
        try body.encode(fetched, forKey: "fetched")
    }
}

extension DeviceRecord {
    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        seed = try body.decode(String.self, forKey: "seed")
        accessGroup = try body.decodeIfPresent(String.self, forKey: "accessGroup")
    }

    func encode(to encoder: any Encoder) throws {
        var body = encoder.container(keyedBy: JSONKey.self)
        try body.encode(seed, forKey: "seed")
        try body.encodeIfPresent(accessGroup, forKey: "accessGroup")
    }
}

extension OwedLogoutRecord {
    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        session = try body.decode(AuthenticationRecord.self, forKey: "session")
    }

    func encode(to encoder: any Encoder) throws {
        var body = encoder.container(keyedBy: JSONKey.self)
        try body.encode(session, forKey: "session")
    }
}
