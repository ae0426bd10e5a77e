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
    private let storage: any TokenStorage
    private let integrityCheck: StorageIntegrityCheck
    private let events: EventHub
    private let log: Log

    private var isLoaded = false
    private var device: DeviceRecord?
    private var clients: [String: ClientCredentialsRecord] = [:]
    private var accessTokens: [String: AccessTokenRecord] = [:]
    private var sessions: [String: RequestorSession] = [:]
    private var configurations: [String: ConfigurationRecord] = [:]
    /// Records whose last write failed, retried with the next write.
    private var pendingWrites: Set<String> = []

    /// Bumped whenever the viewer's session changes (logout, new or removed authentication):
    /// results obtained for an older session (authorizations, decisions, metadata) are dropped.
    private(set) var generation: UInt64 = 0
    /// Bumped by logout only: a login still in flight when a logout began is dropped, while two
    /// logins racing each other both land (the later one wins).
    private(set) var logoutEpoch: UInt64 = 0

    /// Everything held for one requestor.
    private struct RequestorSession {
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

    // MARK: Loading

    /// Loads the store on first use. A read failure throws (and is retried next time); unreadable
    /// data that storage moved aside is reported and the cache starts empty.
    private func ensureLoaded() throws(AccessEnablerError) {
        if isLoaded { return }
        do {
            var records: [String: Data]
            if integrityCheck == .clear {
                // What the wipe leaves is what there is: no second read.
                records = try wipeKeepingDeviceSeed(from: try? storage.loadRecords())
                log.info("token storage cleared at start (integrity check: clear)")
            } else {
                do {
                    records = try storage.loadRecords()
                } catch let corruption as TokenStorageCorruption {
                    log.error("token storage unreadable: \(corruption.reason)")
                    events.emit(.storageRecovered(.init(movedTo: corruption.movedTo, reason: corruption.reason)))
                    records = [:]
                }
            }
            if integrityCheck == .all, let failure = verify(records) {
                records = try wipeKeepingDeviceSeed(from: records)
                log.error("token storage failed its integrity check (\(failure)); cleared")
                events.emit(.storageRecovered(.init(movedTo: nil, reason: "integrity check failed: \(failure)")))
            }
            decode(records)
            isLoaded = true
        } catch {
            log.error("token storage could not be read: \(Self.summary(of: error))")
            throw AccessEnablerError.storageFailure.with(underlying: Self.summary(of: error))
        }
    }

    /// Clears the store for an integrity check but keeps the device seed: the device ID must stay
    /// the same across updates, reboots, logouts and wipes (Adobe's Stable Device Identifier);
    /// only deleting the app (or its Keychain items) makes a new one. Returns what is left.
    @discardableResult
    private func wipeKeepingDeviceSeed(from records: [String: Data]?) throws -> [String: Data] {
        let seed = records?[StorageKey.device].flatMap { data in
            (try? JSONDecoder().decode(DeviceRecord.self, from: data)) != nil ? data : nil
        }
        try storage.removeAllRecords()
        guard let seed else { return [:] }
        do {
            try storage.writeRecord(seed, forKey: StorageKey.device)
        } catch {
            // Memory keeps it (decoded from the returned records) and the next write retries.
            pendingWrites.insert(StorageKey.device)
            log.error("token storage write failed (device): \(Self.summary(of: error))")
        }
        return [StorageKey.device: seed]
    }

    /// The legacy "all" check: storage must round-trip a record and every record must decode.
    private func verify(_ records: [String: Data]) -> String? {
        let probeKey = "integrity-probe"
        let probe = Data(UUID().uuidString.utf8)
        do {
            try storage.writeRecord(probe, forKey: probeKey)
            let readBack = try storage.loadRecords()[probeKey]
            try storage.removeRecord(forKey: probeKey)
            if readBack != probe { return "storage did not return what was written" }
        } catch {
            return "storage is not operable"
        }
        for (key, data) in records where !Self.decodes(key: key, data: data) {
            return "record \(Self.kind(of: key)) does not decode"
        }
        return nil
    }

    private static func decodes(key: String, data: Data) -> Bool {
        let decoder = JSONDecoder()
        switch kind(of: key) {
        case "device": return (try? decoder.decode(DeviceRecord.self, from: data)) != nil
        case "client": return (try? decoder.decode(ClientCredentialsRecord.self, from: data)) != nil
        case "access-token": return (try? decoder.decode(AccessTokenRecord.self, from: data)) != nil
        case "authentication": return (try? decoder.decode(AuthenticationRecord.self, from: data)) != nil
        case "selected-mvpd": return (try? decoder.decode(MVPD.self, from: data)) != nil
        case "authorization": return (try? decoder.decode(AuthorizationRecord.self, from: data)) != nil
        case "user-metadata": return (try? decoder.decode(UserMetadataRecord.self, from: data)) != nil
        case "configuration": return (try? decoder.decode(ConfigurationRecord.self, from: data)) != nil
        default: return true
        }
    }

    private static func kind(of key: String) -> String {
        if key == StorageKey.device { return "device" }
        if key.hasPrefix(StorageKey.clientPrefix) { return "client" }
        if key.hasPrefix(StorageKey.accessTokenPrefix) { return "access-token" }
        if key.hasPrefix(StorageKey.authenticationPrefix) { return "authentication" }
        if key.hasPrefix(StorageKey.selectedMVPDPrefix) { return "selected-mvpd" }
        if key.hasPrefix(StorageKey.authorizationPrefix) { return "authorization" }
        if key.hasPrefix(StorageKey.userMetadataPrefix) { return "user-metadata" }
        if key.hasPrefix(StorageKey.configurationPrefix) { return "configuration" }
        return "unknown"
    }

    private func decode(_ records: [String: Data]) {
        let decoder = JSONDecoder()
        for (key, data) in records {
            do {
                switch Self.kind(of: key) {
                case "device":
                    device = try decoder.decode(DeviceRecord.self, from: data)
                case "client":
                    clients[String(key.dropFirst(StorageKey.clientPrefix.count))] =
                        try decoder.decode(ClientCredentialsRecord.self, from: data)
                case "access-token":
                    accessTokens[String(key.dropFirst(StorageKey.accessTokenPrefix.count))] =
                        try decoder.decode(AccessTokenRecord.self, from: data)
                case "authentication":
                    sessions[String(key.dropFirst(StorageKey.authenticationPrefix.count)), default: .init()]
                        .authentication = try decoder.decode(AuthenticationRecord.self, from: data)
                case "selected-mvpd":
                    sessions[String(key.dropFirst(StorageKey.selectedMVPDPrefix.count)), default: .init()]
                        .selectedMVPD = try decoder.decode(MVPD.self, from: data)
                case "authorization":
                    let record = try decoder.decode(AuthorizationRecord.self, from: data)
                    let rest = key.dropFirst(StorageKey.authorizationPrefix.count)
                    let requestor = String(rest.dropLast(record.resource.count + 1))
                    sessions[requestor, default: .init()].authorizations[record.resource] = record
                case "user-metadata":
                    sessions[String(key.dropFirst(StorageKey.userMetadataPrefix.count)), default: .init()]
                        .userMetadata = try decoder.decode(UserMetadataRecord.self, from: data)
                case "configuration":
                    configurations[String(key.dropFirst(StorageKey.configurationPrefix.count))] =
                        try decoder.decode(ConfigurationRecord.self, from: data)
                default:
                    log.debug("ignoring unknown token storage record")
                }
            } catch {
                log.error("ignoring an undecodable \(Self.kind(of: key)) record")
            }
        }
    }

    // MARK: Writing

    /// Writes `record` (nil removes it); after a write that worked, writes again what failed before.
    /// Returns whether `record` itself was written.
    @discardableResult
    private func persist<Record: Encodable>(_ record: Record?, forKey key: String) -> Bool {
        guard write(record, forKey: key) else { return false }
        writePending()
        return true
    }

    /// Writes again what failed before, until the storage fails again.
    private func writePending() {
        for pending in pendingWrites {
            // The storage failed again: leave the rest for the next write.
            guard rewrite(pending) else { break }
        }
    }

    /// Writes a record that later launches rely on; a failure is the caller's to know: memory
    /// keeps the record for this process (and retries the write with the next one), but the next
    /// launch would not find it.
    private func persistOrThrow<Record: Encodable>(_ record: Record, forKey key: String, _ what: String)
        throws(AccessEnablerError)
    {
        guard persist(record, forKey: key) else {
            throw AccessEnablerError.storageFailure.with(
                details: "The \(what) could not be stored; it is kept in memory until the app quits.")
        }
    }

    /// One storage operation. A failure leaves `key` pending: memory stays the source of truth
    /// for this process.
    private func write<Record: Encodable>(_ record: Record?, forKey key: String) -> Bool {
        do {
            if let record {
                try storage.writeRecord(try JSONEncoder().encode(record), forKey: key)
            } else {
                try storage.removeRecord(forKey: key)
            }
            pendingWrites.remove(key)
            return true
        } catch {
            pendingWrites.insert(key)
            log.error("token storage write failed (\(Self.kind(of: key))): \(Self.summary(of: error))")
            return false
        }
    }

    /// Writes the current memory value of `key` again.
    private func rewrite(_ key: String) -> Bool {
        switch Self.kind(of: key) {
        case "device": return write(device, forKey: key)
        case "client": return write(clients[String(key.dropFirst(StorageKey.clientPrefix.count))], forKey: key)
        case "access-token":
            return write(accessTokens[String(key.dropFirst(StorageKey.accessTokenPrefix.count))], forKey: key)
        case "authentication":
            return write(sessions[String(key.dropFirst(StorageKey.authenticationPrefix.count))]?.authentication, forKey: key)
        case "selected-mvpd":
            return write(sessions[String(key.dropFirst(StorageKey.selectedMVPDPrefix.count))]?.selectedMVPD, forKey: key)
        case "user-metadata":
            let requestor = String(key.dropFirst(StorageKey.userMetadataPrefix.count))
            return rewriteForSession(sessions[requestor]?.userMetadata, forKey: key, requestor: requestor)
        case "configuration":
            return write(configurations[String(key.dropFirst(StorageKey.configurationPrefix.count))], forKey: key)
        case "authorization":
            let found = sessions.lazy.flatMap { requestor, session in
                session.authorizations.values.lazy.filter { StorageKey.authorization(requestor, $0.resource) == key }
                    .map { (requestor, $0) }
            }.first
            guard let (requestor, record) = found else { return write(AuthorizationRecord?.none, forKey: key) }
            return rewriteForSession(record, forKey: key, requestor: requestor)
        default:
            pendingWrites.remove(key)
            return true
        }
    }

    /// Writes again a record of the session memory holds for `requestor`, only if the store
    /// still holds that session: another process may have logged out or in since the write
    /// failed. Nothing to write (memory removed it, or the store changed) clears it from pending.
    private func rewriteForSession<Record: Encodable>(_ record: Record?, forKey key: String, requestor: String) -> Bool {
        guard let record, let session = sessions[requestor]?.authentication else { return write(record, forKey: key) }
        do {
            let data = try JSONEncoder().encode(record)
            switch try applyIfStored(session, requestor: requestor, [.write(data, forKey: key)]) {
            case .applied: break
            case .storeChanged(let stored): adopt(stored, for: requestor)
            }
            pendingWrites.remove(key)
            return true
        } catch {
            log.error("token storage write failed (\(Self.kind(of: key))): \(Self.summary(of: error))")
            return false
        }
    }

    // MARK: Conditional on the stored session

    /// What a write conditional on the stored session found.
    private enum StoredSessionOutcome {
        /// The store held the expected session: the changes are written.
        case applied
        /// The store holds another session (or none), written by another process or instance:
        /// nothing was written. Its authentication, if it decodes.
        case storeChanged(AuthenticationRecord?)
    }

    /// Applies `changes` only if the authentication stored for `requestor` — read again, with
    /// what other processes wrote — is the session `expected` (nil: no authentication). Storage
    /// failures throw.
    private func applyIfStored(_ expected: AuthenticationRecord?, requestor: String, _ changes: [TokenStorageChange])
        throws -> StoredSessionOutcome
    {
        // A login whose write failed is not in the store because of this instance, not because
        // another process changed it: it is written first (as a login, unconditionally).
        let key = StorageKey.authentication(requestor)
        if pendingWrites.contains(key), let record = sessions[requestor]?.authentication {
            try storage.writeRecord(try JSONEncoder().encode(record), forKey: key)
            pendingWrites.remove(key)
        }
        var stored: AuthenticationRecord?
        let applied = try storage.applyChanges(changes, ifRecord: StorageKey.authentication(requestor)) { data in
            stored = data.flatMap { try? JSONDecoder().decode(AuthenticationRecord.self, from: $0) }
            guard let expected else { return data == nil }
            return stored?.isSameSession(as: expected) == true
        }
        return applied ? .applied : .storeChanged(stored)
    }

    /// Takes the authentication another process stored for `requestor` as this one's: what
    /// memory held for the previous session is dropped (the store has its own records).
    private func adopt(_ stored: AuthenticationRecord?, for requestor: String) {
        if let current = sessions[requestor]?.authentication, let stored, current == stored { return }
        if sessions[requestor]?.authentication == nil, stored == nil { return }
        log.info("another process changed the stored authentication; this instance now uses the stored one")
        generation &+= 1
        let dropped = dropSessionDataInMemory(for: requestor)
        pendingWrites.subtract(dropped + [StorageKey.authentication(requestor)])
        sessions[requestor, default: .init()].authentication = stored
    }

    static func summary(of error: any Error) -> String {
        let nsError = error as NSError
        return "\(nsError.domain) \(nsError.code)"
    }

    // MARK: Device

    /// The seed of the device ID: the app's, or a random one created once and persisted.
    func deviceSeed(configured: String?) throws(AccessEnablerError) -> String {
        if let configured, !configured.isEmpty { return configured }
        try ensureLoaded()
        if let device { return device.seed }
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let record = DeviceRecord(seed: bytes.map { String(format: "%02x", $0) }.joined())
        device = record
        persist(record, forKey: StorageKey.device)
        return record.seed
    }

    // MARK: DCR

    func clientCredentials(for origin: String) throws(AccessEnablerError) -> ClientCredentialsRecord? {
        try ensureLoaded()
        return clients[origin]
    }

    func storeClientCredentials(_ record: ClientCredentialsRecord?, for origin: String) throws(AccessEnablerError) {
        try ensureLoaded()
        clients[origin] = record
        persist(record, forKey: StorageKey.client(origin))
    }

    /// The access token of `origin` if it can be sent now: issued to the stored client of the
    /// same software statement, and not expired at `now`. One call, so the check is atomic.
    func usableAccessToken(for origin: String, softwareStatementDigest: String, now: Date)
        throws(AccessEnablerError) -> AccessTokenRecord?
    {
        try ensureLoaded()
        guard let token = accessTokens[origin], let credentials = clients[origin],
            credentials.clientID == token.clientID, credentials.softwareStatementDigest == softwareStatementDigest,
            token.expires > now
        else { return nil }
        return token
    }

    /// Removes the access token of `origin` only if it is still `rejected`: a token another caller
    /// renewed meanwhile stays. Returns the token now stored, if any.
    func discardAccessToken(_ rejected: String, for origin: String) throws(AccessEnablerError) -> AccessTokenRecord? {
        try ensureLoaded()
        guard let current = accessTokens[origin], current.token == rejected else { return accessTokens[origin] }
        accessTokens[origin] = nil
        let key = StorageKey.accessToken(origin)
        pendingWrites.remove(key)
        // The store too, unless another process stored a renewed token meanwhile: that one is used.
        var stored: AccessTokenRecord?
        do {
            let removed = try storage.applyChanges([.remove(forKey: key)], ifRecord: key) { data in
                stored = data.flatMap { try? JSONDecoder().decode(AccessTokenRecord.self, from: $0) }
                return data != nil && stored?.token == rejected
            }
            if !removed, let stored, stored.clientID == clients[origin]?.clientID {
                accessTokens[origin] = stored
                return stored
            }
        } catch {
            log.error("token storage write failed (access-token): \(Self.summary(of: error))")
        }
        return nil
    }

    /// Removes the client credentials of `origin` and their access token, only if the credentials
    /// are still those of `rejectedClientID` (in memory, and in the store: another process may
    /// have registered again meanwhile).
    func discardClient(_ rejectedClientID: String, for origin: String) throws(AccessEnablerError) {
        try ensureLoaded()
        guard clients[origin]?.clientID == rejectedClientID else { return }
        clients[origin] = nil
        accessTokens[origin] = nil
        let keys = [StorageKey.client(origin), StorageKey.accessToken(origin)]
        pendingWrites.subtract(keys)
        do {
            _ = try storage.applyChanges(keys.map { .remove(forKey: $0) }, ifRecord: keys[0]) { data in
                let stored = data.flatMap { try? JSONDecoder().decode(ClientCredentialsRecord.self, from: $0) }
                return stored?.clientID == rejectedClientID
            }
        } catch {
            log.error("token storage write failed (client): \(Self.summary(of: error))")
        }
    }

    func storeAccessToken(_ record: AccessTokenRecord?, for origin: String) throws(AccessEnablerError) {
        try ensureLoaded()
        accessTokens[origin] = record
        persist(record, forKey: StorageKey.accessToken(origin))
    }

    // MARK: Authentication

    func authentication(for requestor: String) throws(AccessEnablerError) -> AuthenticationRecord? {
        try ensureLoaded()
        return sessions[requestor]?.authentication
    }

    /// The authentication of `requestor` with the generation it was read at, in one call.
    func session(for requestor: String) throws(AccessEnablerError) -> CachedSession? {
        try sessionState(for: requestor).session
    }

    /// The authentication of `requestor` (if any) and the cache generation, read together: what a
    /// later conditional write compares with.
    func sessionState(for requestor: String) throws(AccessEnablerError) -> (session: CachedSession?, generation: UInt64) {
        try ensureLoaded()
        return (sessions[requestor]?.authentication.map { CachedSession(authentication: $0, generation: generation) },
                generation)
    }

    /// Stores `record` as the authentication of `requestor` in place of `expected` (nil: none),
    /// only if nothing changed since `generation` was read with it — a write-back of what the
    /// server holds must not overwrite a login or logout made meanwhile. Drops what belonged to
    /// the previous session. Returns whether it stored; throws `storage_failure` as
    /// ``storeAuthentication(_:for:ifLogoutEpoch:)`` does.
    func replaceAuthentication(
        _ expected: CachedSession?, with record: AuthenticationRecord, for requestor: String,
        ifGeneration expectedGeneration: UInt64
    ) throws(AccessEnablerError) -> Bool {
        try ensureLoaded()
        guard expectedGeneration == generation, sessions[requestor]?.authentication == expected?.authentication else {
            return false
        }
        let key = StorageKey.authentication(requestor)
        let dropped = sessionDataKeys(for: requestor)
        func replaceInMemory() {
            _ = dropSessionDataInMemory(for: requestor)
            generation &+= 1
            sessions[requestor, default: .init()].authentication = record
        }
        // Memory changes after the store is asked: a pending write of `expected` goes first.
        let outcome: StoredSessionOutcome
        do {
            let data = try JSONEncoder().encode(record)
            let changes = dropped.map { TokenStorageChange.remove(forKey: $0) } + [.write(data, forKey: key)]
            outcome = try applyIfStored(expected?.authentication, requestor: requestor, changes)
        } catch {
            // As a login's: memory keeps it and the next write that works writes it.
            replaceInMemory()
            pendingWrites.formUnion(dropped + [key])
            log.error("token storage write failed (authentication): \(Self.summary(of: error))")
            throw AccessEnablerError.storageFailure.with(
                details: "The authentication could not be stored; it is kept in memory until the app quits.")
        }
        switch outcome {
        case .applied:
            replaceInMemory()
            pendingWrites.subtract(dropped + [key])
            return true
        case .storeChanged(let stored):
            adopt(stored, for: requestor)
            return false
        }
    }

    /// Stores a new authentication and drops what belonged to the previous one (authorizations,
    /// decisions, user metadata). Returns false, writing nothing, when a logout began since
    /// `logoutEpoch`; throws `storage_failure` when storage refused the write (the authentication
    /// is then held in memory only).
    func storeAuthentication(_ record: AuthenticationRecord, for requestor: String, ifLogoutEpoch expected: UInt64)
        throws(AccessEnablerError) -> Bool
    {
        try ensureLoaded()
        guard expected == logoutEpoch else { return false }
        dropSessionData(for: requestor)
        generation &+= 1
        sessions[requestor, default: .init()].authentication = record
        try persistOrThrow(record, forKey: StorageKey.authentication(requestor), "authentication")
        return true
    }

    /// Replaces the authentication of `requestor` with `updated` — the same session as the server
    /// now describes it (a new expiry, changed attributes) — only if it is still `session`.
    /// Authorizations and decisions stay. Returns whether it replaced it; a failed write is
    /// logged (memory holds the update, and the next launch reads it again from the server).
    func updateAuthentication(_ updated: AuthenticationRecord, for requestor: String, ifSession session: CachedSession)
        throws(AccessEnablerError) -> Bool
    {
        try ensureLoaded()
        guard session.generation == generation, let current = sessions[requestor]?.authentication,
            current.isSameSession(as: session.authentication), updated.isSameSession(as: current)
        else { return false }
        sessions[requestor]?.authentication = updated
        let key = StorageKey.authentication(requestor)
        do {
            let data = try JSONEncoder().encode(updated)
            if case .storeChanged(let stored) = try applyIfStored(current, requestor: requestor, [.write(data, forKey: key)]) {
                adopt(stored, for: requestor)
                return false
            }
            pendingWrites.remove(key)
        } catch {
            // Not retried: a later unconditional write could land on another process's login.
            log.error("token storage write failed (authentication): \(Self.summary(of: error))")
        }
        return true
    }

    /// Removes the authentication of `requestor` and everything that depended on it, only if it
    /// is still `session`: the session a rejected request was sent for, or that a configuration
    /// no longer offers. A removal is a write-back, so a login, logout or removal since then
    /// (another generation, another record) leaves the store as it is — in this instance's
    /// memory, and in the store, which other processes may have written since (then memory takes
    /// the stored session). Returns whether it removed it.
    ///
    /// A removal the store refused is not retried (a later unconditional removal could delete a
    /// login made meanwhile): memory forgets the session, and the next launch, reading it again,
    /// hears the same rejection.
    func removeAuthentication(_ session: CachedSession, for requestor: String) throws(AccessEnablerError) -> Bool {
        try ensureLoaded()
        guard session.generation == generation, let current = sessions[requestor]?.authentication,
            current.isSameSession(as: session.authentication)
        else { return false }
        generation &+= 1
        let keys = dropSessionDataInMemory(for: requestor) + [StorageKey.authentication(requestor)]
        sessions[requestor]?.authentication = nil
        pendingWrites.subtract(keys)
        do {
            let changes = keys.map { TokenStorageChange.remove(forKey: $0) }
            if case .storeChanged(let stored) = try applyIfStored(current, requestor: requestor, changes) {
                adopt(stored, for: requestor)
                return false
            }
        } catch {
            log.error("token storage write failed (authentication): \(Self.summary(of: error))")
        }
        return true
    }

    private func dropSessionData(for requestor: String) {
        for key in dropSessionDataInMemory(for: requestor) { persist(AuthorizationRecord?.none, forKey: key) }
    }

    /// The storage keys of what belongs to the session of `requestor` in memory (authorizations,
    /// user metadata).
    private func sessionDataKeys(for requestor: String) -> [String] {
        guard let session = sessions[requestor] else { return [] }
        var keys = session.authorizations.keys.sorted().map { StorageKey.authorization(requestor, $0) }
        if session.userMetadata != nil { keys.append(StorageKey.userMetadata(requestor)) }
        return keys
    }

    /// Forgets in memory what belonged to the session of `requestor` (authorizations, user
    /// metadata, decisions); returns the storage keys that held it.
    private func dropSessionDataInMemory(for requestor: String) -> [String] {
        let keys = sessionDataKeys(for: requestor)
        guard var session = sessions[requestor] else { return [] }
        session.authorizations = [:]
        session.userMetadata = nil
        session.decisions = [:]
        sessions[requestor] = session
        return keys
    }

    func selectedMVPD(for requestor: String) throws(AccessEnablerError) -> MVPD? {
        try ensureLoaded()
        return sessions[requestor]?.selectedMVPD
    }

    func storeSelectedMVPD(_ mvpd: MVPD?, for requestor: String) throws(AccessEnablerError) {
        try ensureLoaded()
        sessions[requestor, default: .init()].selectedMVPD = mvpd
        persist(mvpd, forKey: StorageKey.selectedMVPD(requestor))
    }

    // MARK: Authorization

    func authorization(for resource: String, requestor: String) throws(AccessEnablerError) -> AuthorizationRecord? {
        try ensureLoaded()
        return sessions[requestor]?.authorizations[resource]
    }

    /// Stores an authorization obtained for `session`, replacing the previous one for the
    /// resource. Returns false, writing nothing, when the session changed since it was read, in
    /// memory or in the store (another process logged out or in: the authorization must not land
    /// on the next viewer's session); throws `storage_failure` when storage refused the write
    /// (the authorization is then held in memory, and written with the next write that works if
    /// the store still holds the session).
    func storeAuthorization(_ record: AuthorizationRecord, for requestor: String, ifSession session: CachedSession)
        throws(AccessEnablerError) -> Bool
    {
        try storeForSession(record, forKey: StorageKey.authorization(requestor, record.resource), session, requestor) {
            $0.authorizations[record.resource] = record
        }
    }

    /// Stores `record` under `key` (and in memory with `apply`) only if `session` is still the
    /// session of `requestor` in memory and in the store. Throws `storage_failure` when the
    /// store refused it (memory keeps it; the key is pending).
    private func storeForSession<Record: Encodable>(
        _ record: Record, forKey key: String, _ session: CachedSession, _ requestor: String,
        _ apply: (inout RequestorSession) -> Void
    ) throws(AccessEnablerError) -> Bool {
        try ensureLoaded()
        guard session.generation == generation, let current = sessions[requestor]?.authentication,
            current.isSameSession(as: session.authentication)
        else { return false }
        do {
            let data = try JSONEncoder().encode(record)
            if case .storeChanged(let stored) = try applyIfStored(current, requestor: requestor, [.write(data, forKey: key)]) {
                adopt(stored, for: requestor)
                return false
            }
            apply(&sessions[requestor, default: .init()])
            pendingWrites.remove(key)
            writePending()
            return true
        } catch {
            apply(&sessions[requestor, default: .init()])
            pendingWrites.insert(key)
            log.error("token storage write failed (\(Self.kind(of: key))): \(Self.summary(of: error))")
            throw AccessEnablerError.storageFailure.with(
                details: "The \(Self.kind(of: key)) could not be stored; it is kept in memory until the app quits.")
        }
    }

    func removeAuthorization(for resource: String, requestor: String) throws(AccessEnablerError) {
        try ensureLoaded()
        guard sessions[requestor]?.authorizations.removeValue(forKey: resource) != nil else { return }
        persist(AuthorizationRecord?.none, forKey: StorageKey.authorization(requestor, resource))
    }

    // MARK: Preauthorization decisions (memory only)

    /// The session of `requestor` and its valid cached decisions for `resources` (none when
    /// `useCache` is false), read at one cache generation.
    func preauthorizationState(for requestor: String, resources: [String], now: Date, useCache: Bool)
        throws(AccessEnablerError) -> PreauthorizationState
    {
        try ensureLoaded()
        let session = sessions[requestor]
        let decisions = useCache ? session?.decisions ?? [:] : [:]
        func valid(_ resource: String) -> Decision? {
            guard let entry = decisions[resource], entry.expires > now else { return nil }
            return entry.decision
        }
        // The common case, every decision cached, builds the answer directly; a miss goes to the
        // network anyway, so looking the first resources up twice then costs nothing that counts.
        var all: [Decision] = []
        all.reserveCapacity(resources.count)
        for resource in resources {
            guard let decision = valid(resource) else { break }
            all.append(decision)
        }
        return PreauthorizationState(
            session: session?.authentication.map { CachedSession(authentication: $0, generation: generation) },
            decisions: all.count == resources.count ? .allCached(all) : .partlyCached(resources.map(valid)))
    }

    /// Caches decisions until `expires`. Ignored when the session changed since `generation`.
    func storeDecisions(_ decisions: [Decision], for requestor: String, expires: Date, ifGeneration expected: UInt64) {
        guard expected == generation, isLoaded else { return }
        // One access to the requestor's session for all of them, changed in place.
        Self.store(decisions, expires: expires, in: &sessions[requestor, default: .init()])
    }

    private static func store(_ decisions: [Decision], expires: Date, in session: inout RequestorSession) {
        for decision in decisions {
            session.decisions[decision.id] = CachedDecision(decision: decision, expires: expires)
        }
    }

    // MARK: User metadata

    func userMetadata(for requestor: String) throws(AccessEnablerError) -> UserMetadataRecord? {
        try ensureLoaded()
        return sessions[requestor]?.userMetadata
    }

    /// Stores user metadata fetched for `session`, as ``storeAuthorization(_:for:ifSession:)``
    /// does, but a failed write is only logged (the metadata is fetched again next launch).
    func storeUserMetadata(_ record: UserMetadataRecord, for requestor: String, ifSession session: CachedSession)
        throws(AccessEnablerError) -> Bool
    {
        try ensureLoaded()
        do {
            return try storeForSession(record, forKey: StorageKey.userMetadata(requestor), session, requestor) {
                $0.userMetadata = record
            }
        } catch {
            // Logged by storeForSession; memory holds it and the key is pending.
            return true
        }
    }

    // MARK: Configuration

    /// The configuration of `requestor` as last fetched, if any.
    func storedConfiguration(for requestor: String) throws(AccessEnablerError) -> ConfigurationRecord? {
        try ensureLoaded()
        return configurations[requestor]
    }

    /// Keeps `record` for the next launch; a failed write is logged (the configuration is
    /// fetched again then).
    func storeConfiguration(_ record: ConfigurationRecord) throws(AccessEnablerError) {
        try ensureLoaded()
        configurations[record.requestorID] = record
        persist(record, forKey: StorageKey.configuration(record.requestorID))
    }

    // MARK: Logout

    /// Starts a logout: from now on no in-flight result writes back.
    func invalidateInFlightWork() {
        generation &+= 1
        logoutEpoch &+= 1
    }

    /// Removes every record of the viewer's session, for every requestor (legacy parity). The
    /// device seed and DCR registrations stay. Throws when storage could not be cleared; memory is
    /// cleared either way.
    func clearUserData() throws(AccessEnablerError) {
        try ensureLoaded()
        // Again: work that started while the server logout ran must not write back either.
        invalidateInFlightWork()
        sessions = [:]
        pendingWrites = pendingWrites.filter { !StorageKey.isUserRecord($0) }
        do {
            let keys = try storage.loadRecords().keys.filter(StorageKey.isUserRecord)
            for key in keys { try storage.removeRecord(forKey: key) }
        } catch {
            log.error("token storage could not be cleared: \(Self.summary(of: error))")
            throw AccessEnablerError.storageFailure.with(underlying: Self.summary(of: error))
        }
    }
}
