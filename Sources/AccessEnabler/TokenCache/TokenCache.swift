import Foundation

/// The single owner of every token and decision: authentication, authorizations per resource,
/// preauthorization decisions, user metadata, the selected MVPD, DCR credentials and access
/// tokens. Persists through a ``TokenStorage``.
///
/// A separate actor from ``AccessEnabler`` so that reading the cache never waits behind the
/// entitlement flows. Writes made on behalf of network results carry the ``generation`` they
/// started in: logout and re-authentication bump it, so a late result never writes back.
///
/// Memory is loaded once, but other processes may share the store (a command-line tool run
/// several times at once, an app and its extensions). So every removal, and every write that
/// depends on a session read earlier, is also conditional on the *stored* record: it goes
/// through ``TokenStorage/applyChanges(_:ifRecord:satisfies:)``, which compares the stored
/// authentication (user, MVPD, issuer, issue time) with the expected one and writes nothing
/// when another process changed it; memory then takes what the store holds.
actor TokenCache {
    let storage: any TokenStorage
    let integrityCheck: StorageIntegrityCheck
    let events: EventHub
    let log: Log

    var isLoaded = false
    var device: DeviceRecord?
    var clients: [String: ClientCredentialsRecord] = [:]
    var accessTokens: [String: AccessTokenRecord] = [:]
    var sessions: [String: RequestorSession] = [:]
    var configurations: [String: ConfigurationRecord] = [:]
    /// Records whose last write failed, retried with the next write.
    var pendingWrites: Set<StorageKey> = []

    /// Bumped whenever the viewer's session changes (logout, new or removed authentication):
    /// results obtained for an older session (authorizations, decisions, metadata) are dropped.
    var generation: UInt64 = 0
    /// Bumped by logout only: a login still in flight when a logout began is dropped, while two
    /// logins racing each other both land (the later one wins).
    var logoutEpoch: UInt64 = 0

    /// Everything held for one requestor.
    struct RequestorSession {
        var authentication: AuthenticationRecord?
        var selectedMVPD: MVPD?
        var authorizations: [String: AuthorizationRecord] = [:]
        var userMetadata: UserMetadataRecord?
        /// Memory only: decisions are cheap to fetch again and change often.
        var decisions: [String: CachedDecision] = [:]
    }

    init(storage: any TokenStorage, integrityCheck: StorageIntegrityCheck, events: EventHub, log: Log) {
        self.storage = storage
        self.integrityCheck = integrityCheck
        self.events = events
        self.log = log
    }

    static func summary(of error: any Error) -> String {
        let nsError = error as NSError
        return "\(nsError.domain) \(nsError.code)"
    }
}
