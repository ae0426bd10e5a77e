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
///
/// Storage is asynchronous (a store may wait for another process's lock, suspended, until the
/// call's deadline), so an operation that reads or writes the store could be interleaved with
/// another at its suspension points. Operations that touch the store therefore run one at a
/// time, in order (``exclusively(_:)``), as they did when storage was synchronous; those that
/// read memory only wait for the one running, if any, and otherwise cost nothing more.
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
    /// Server logouts still owed, by requestor.
    var owedLogouts: [String: OwedLogoutRecord] = [:]
    /// Records whose last write failed, retried with the next write.
    var pendingWrites: PendingWrites = []
    /// Whether an operation that touches the store is running (possibly suspended in it).
    var storageBusy = false
    /// The operations waiting for their turn, in order.
    var storageQueue: [CheckedContinuation<Void, Never>] = []
    /// The store's change marker when memory last matched it (nil: none, or the store has none).
    var storeMarker: TokenStorageChangeMarker?
    /// The authentication record last decoded from the store, with its bytes: the conditional
    /// writes and the store-change check read the same record again, and a decode costs more
    /// than the rest of a cached call (``storedAuthentication(_:)``).
    var decodedAuthentication: (data: Data, record: AuthenticationRecord)?

    /// Bumped whenever the viewer's session changes (logout, new or removed authentication):
    /// results obtained for an older session (authorizations, decisions, metadata) are dropped.
    var generation: UInt64 = 0
    /// Bumped by logout only: a login still in flight when a logout began is dropped, while two
    /// logins racing each other both land (the later one wins).
    var logoutEpoch: UInt64 = 0

    /// Everything held for one requestor.
    ///
    /// A class, held only in ``sessions`` and changed in place there: every call reads the
    /// authentication or the decisions out of it, and as a struct each read copied the whole
    /// record (its MVPD, authorizations and decisions, a retain and a release each) to read one
    /// field. Nothing keeps a second reference, so no change is seen where it was not made.
    final class RequestorSession {
        var authentication: AuthenticationRecord?
        var selectedMVPD: MVPD?
        var authorizations: [String: AuthorizationRecord] = [:]
        var userMetadata: UserMetadataRecord?
        /// Memory only: decisions are cheap to fetch again and change often.
        var decisions: [String: CachedDecision] = [:]

        // Only ``TokenCache/requestorSession(_:)`` creates one: `sessions[requestor, default:
        // RequestorSession()].field = value` would compile and change an object the dictionary
        // never receives (a class's field is set through the subscript's getter).
        fileprivate init() {}
    }

    /// The session of `requestor` to change in place, added to ``sessions`` if there is none.
    func requestorSession(_ requestor: String) -> RequestorSession {
        if let session = sessions[requestor] { return session }
        let session = RequestorSession()
        sessions[requestor] = session
        return session
    }

    init(storage: any TokenStorage, integrityCheck: StorageIntegrityCheck, events: EventHub, log: Log) {
        self.storage = storage
        self.integrityCheck = integrityCheck
        self.events = events
        self.log = log
    }

    /// Runs `body`, which may suspend in the store, after every operation that touches the store
    /// that began before it, and before any that begins after it: the actor may run other work
    /// at `body`'s suspensions, but none that touches the store or reads what `body` changes.
    // Always inlined: left to the optimizer at -Osize, it was a function specialized per result
    // type that each operation called with its closure (4.5 KB more of an app's code,
    // docs/performance.md).
    @inline(__always)
    func exclusively<T, E: Error>(_ body: () async throws(E) -> T) async throws(E) -> T {
        await takeTurn()
        defer { endTurn() }
        return try await body()
    }

    /// Waits until no operation touches the store (none runs, or the ones queued have run).
    func waitForStorage() async {
        guard storageBusy else { return }
        await takeTurn()
        endTurn()
    }

    private func takeTurn() async {
        guard storageBusy else {
            storageBusy = true
            return
        }
        // The turn passes directly from the operation that ends to the first one waiting.
        await withCheckedContinuation { storageQueue.append($0) }
    }

    private func endTurn() {
        if storageQueue.isEmpty {
            storageBusy = false
        } else {
            storageQueue.removeFirst().resume()
        }
    }

    static func summary(of error: any Error) -> String {
        let nsError = error as NSError
        return "\(nsError.domain) \(nsError.code)"
    }
}
