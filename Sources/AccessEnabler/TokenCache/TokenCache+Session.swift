import Foundation

// The viewer's records: authentication, selected MVPD, authorizations, decisions, user
// metadata, the configuration, and logout.
extension TokenCache {
    // MARK: Authentication

    func authentication(for requestor: String, before deadline: TokenStorageDeadline) async throws(AccessEnablerError)
        -> AuthenticationRecord?
    {
        try await ensureLoaded(before: deadline)
        return sessions[requestor]?.authentication
    }

    /// The authentication of `requestor` with the generation it was read at, in one call. With
    /// `takingStoreChanges`, first takes the authentication another instance stored since memory
    /// last matched the store (``takeStoredAuthentication(for:before:)``), in the same call.
    func session(for requestor: String, before deadline: TokenStorageDeadline, takingStoreChanges: Bool = false)
        async throws(AccessEnablerError) -> CachedSession?
    {
        if takingStoreChanges { await takeStoredAuthentication(for: requestor, before: deadline) }
        return try await sessionState(for: requestor, before: deadline).session
    }

    /// The authentication of `requestor` (if any) and the cache generation, read together: what a
    /// later conditional write compares with.
    func sessionState(for requestor: String, before deadline: TokenStorageDeadline) async throws(AccessEnablerError)
        -> (
            session: CachedSession?, generation: UInt64
        )
    {
        try await ensureLoaded(before: deadline)
        return (loadedSession(for: requestor), generation)
    }

    /// The session memory holds for `requestor`. Synchronous and out of line: in the async caller,
    /// the copies of the requestor's whole record this lookup makes took about 3 KB of its async
    /// frame, which a new task's allocator takes from malloc on every cached read.
    @inline(never)
    private func loadedSession(for requestor: String) -> CachedSession? {
        sessions[requestor]?.authentication.map { CachedSession(authentication: $0, generation: generation) }
    }

    /// Stores `record` as the authentication of `requestor` in place of `expected` (nil: none),
    /// only if nothing changed since `generation` was read with it — a write-back of what the
    /// server holds must not overwrite a login or logout made meanwhile. Drops what belonged to
    /// the previous session. Returns whether it stored; throws `storage_failure` as
    /// ``storeAuthentication(_:for:ifLogoutEpoch:)`` does.
    func replaceAuthentication(
        _ expected: CachedSession?, with record: AuthenticationRecord, for requestor: String,
        ifGeneration expectedGeneration: UInt64, before deadline: TokenStorageDeadline
    ) async throws(AccessEnablerError) -> Bool {
        try await exclusively { () async throws(AccessEnablerError) -> Bool in
            try await load(before: deadline)
            return try await replaceLoadedAuthentication(
                expected, with: record, for: requestor, ifGeneration: expectedGeneration, before: deadline)
        }
    }

    @inline(__always)  // Its one caller's body: no async function of its own (docs/performance.md)
    private func replaceLoadedAuthentication(
        _ expected: CachedSession?, with record: AuthenticationRecord, for requestor: String,
        ifGeneration expectedGeneration: UInt64, before deadline: TokenStorageDeadline
    ) async throws(AccessEnablerError) -> Bool {
        guard expectedGeneration == generation, sessions[requestor]?.authentication == expected?.authentication else {
            return false
        }
        let key = StorageKey.authentication(requestor: requestor)
        let dropped = sessionDataKeys(for: requestor)
        func replaceInMemory() {
            _ = dropSessionDataInMemory(for: requestor)
            generation &+= 1
            requestorSession(requestor).authentication = record
        }
        // Memory changes after the store is asked: a pending write of `expected` goes first.
        let outcome: StoredSessionOutcome
        do {
            let data = try JSONEncoder().encode(record)
            let changes =
                dropped.map { TokenStorageChange.remove(forKey: $0.rawValue) }
                + [.write(data, forKey: key.rawValue)]
            outcome = try await applyIfStored(expected?.authentication, requestor: requestor, changes, before: deadline)
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
    func storeAuthentication(
        _ record: AuthenticationRecord, for requestor: String, ifLogoutEpoch expected: UInt64,
        before deadline: TokenStorageDeadline
    ) async throws(AccessEnablerError) -> Bool {
        try await exclusively { () async throws(AccessEnablerError) -> Bool in
            try await load(before: deadline)
            guard expected == logoutEpoch else { return false }
            let dropped = dropSessionDataInMemory(for: requestor)
            generation &+= 1
            requestorSession(requestor).authentication = record
            for key in dropped { await persist(AuthorizationRecord?.none, forKey: key, before: deadline) }
            // A new login replaces the session a failed logout was to remove on the server: sending
            // that logout now would end the new one.
            if owedLogouts.removeValue(forKey: requestor) != nil {
                await persist(
                    OwedLogoutRecord?.none, forKey: StorageKey.owedLogout(requestor: requestor), before: deadline)
            }
            try await persistOrThrow(
                record, forKey: StorageKey.authentication(requestor: requestor), "authentication", before: deadline)
            return true
        }
    }

    /// Replaces the authentication of `requestor` with `updated` — the same session as the server
    /// now describes it (a new expiry, changed attributes) — only if it is still `session`.
    /// Authorizations and decisions stay. Returns whether it replaced it; a failed write is
    /// logged (memory holds the update, and the next launch reads it again from the server).
    func updateAuthentication(
        _ updated: AuthenticationRecord, for requestor: String, ifSession session: CachedSession,
        before deadline: TokenStorageDeadline
    ) async throws(AccessEnablerError) -> Bool {
        try await exclusively { () async throws(AccessEnablerError) -> Bool in
            try await load(before: deadline)
            return await updateLoadedAuthentication(updated, for: requestor, ifSession: session, before: deadline)
        }
    }

    @inline(__always)  // Its one caller's body: no async function of its own (docs/performance.md)
    private func updateLoadedAuthentication(
        _ updated: AuthenticationRecord, for requestor: String, ifSession session: CachedSession,
        before deadline: TokenStorageDeadline
    ) async -> Bool {
        guard let current = currentAuthentication(ifStill: session, requestor: requestor),
            updated.isSameSession(as: current)
        else { return false }
        sessions[requestor]?.authentication = updated
        let key = StorageKey.authentication(requestor: requestor)
        do {
            let data = try JSONEncoder().encode(updated)
            guard
                try await applyOrAdopt(
                    current, requestor: requestor, [.write(data, forKey: key.rawValue)], before: deadline)
            else {
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
    func removeAuthentication(_ session: CachedSession, for requestor: String, before deadline: TokenStorageDeadline)
        async throws(AccessEnablerError) -> Bool
    {
        try await exclusively { () async throws(AccessEnablerError) -> Bool in
            try await load(before: deadline)
            return await removeLoadedAuthentication(session, for: requestor, before: deadline)
        }
    }

    @inline(__always)  // Its one caller's body: no async function of its own (docs/performance.md)
    private func removeLoadedAuthentication(
        _ session: CachedSession, for requestor: String, before deadline: TokenStorageDeadline
    ) async -> Bool {
        guard let current = currentAuthentication(ifStill: session, requestor: requestor) else { return false }
        generation &+= 1
        let keys = dropSessionDataInMemory(for: requestor) + [StorageKey.authentication(requestor: requestor)]
        sessions[requestor]?.authentication = nil
        pendingWrites.subtract(keys)
        do {
            let changes = keys.map { TokenStorageChange.remove(forKey: $0.rawValue) }
            if try await !applyOrAdopt(current, requestor: requestor, changes, before: deadline) { return false }
        } catch {
            log.error("token storage write failed (authentication): \(Self.summary(of: error))")
        }
        return true
    }

    /// The storage keys of what belongs to the session of `requestor` in memory (authorizations,
    /// user metadata).
    func sessionDataKeys(for requestor: String) -> [StorageKey] {
        guard let session = sessions[requestor] else { return [] }
        var keys = session.authorizations.keys.sorted().map {
            StorageKey.authorization(requestor: requestor, resource: $0)
        }
        if session.userMetadata != nil { keys.append(StorageKey.userMetadata(requestor: requestor)) }
        return keys
    }

    /// Forgets in memory what belonged to the session of `requestor` (authorizations, user
    /// metadata, decisions); returns the storage keys that held it.
    func dropSessionDataInMemory(for requestor: String) -> [StorageKey] {
        // The record decoded last is the session's too: nothing of it stays in memory.
        decodedAuthentication = nil
        let keys = sessionDataKeys(for: requestor)
        guard let session = sessions[requestor] else { return [] }
        session.authorizations = [:]
        session.userMetadata = nil
        session.decisions = [:]
        return keys
    }

    func selectedMVPD(for requestor: String, before deadline: TokenStorageDeadline) async throws(AccessEnablerError)
        -> MVPD?
    {
        try await ensureLoaded(before: deadline)
        return sessions[requestor]?.selectedMVPD
    }

    func storeSelectedMVPD(_ mvpd: MVPD?, for requestor: String, before deadline: TokenStorageDeadline)
        async throws(AccessEnablerError)
    {
        try await exclusively { () async throws(AccessEnablerError) in
            try await load(before: deadline)
            requestorSession(requestor).selectedMVPD = mvpd
            await persist(mvpd, forKey: StorageKey.selectedMVPD(requestor: requestor), before: deadline)
        }
    }

    // MARK: Authorization

    func authorization(for resource: String, requestor: String, before deadline: TokenStorageDeadline)
        async throws(AccessEnablerError)
        -> AuthorizationRecord?
    {
        try await ensureLoaded(before: deadline)
        return sessions[requestor]?.authorizations[resource]
    }

    /// Stores an authorization obtained for `session`, replacing the previous one for the
    /// resource. Returns false, writing nothing, when the session changed since it was read, in
    /// memory or in the store (another process logged out or in: the authorization must not land
    /// on the next viewer's session); throws `storage_failure` when storage refused the write
    /// (the authorization is then held in memory, and written with the next write that works if
    /// the store still holds the session).
    func storeAuthorization(
        _ record: AuthorizationRecord, for requestor: String, ifSession session: CachedSession,
        before deadline: TokenStorageDeadline
    ) async throws(AccessEnablerError) -> Bool {
        let key = StorageKey.authorization(requestor: requestor, resource: record.resource)
        return try await exclusively { () async throws(AccessEnablerError) -> Bool in
            try await storeForSession(record, forKey: key, session, requestor, before: deadline) {
                $0.authorizations[record.resource] = record
            }
        }
    }

    func removeAuthorization(for resource: String, requestor: String, before deadline: TokenStorageDeadline)
        async throws(AccessEnablerError)
    {
        try await exclusively { () async throws(AccessEnablerError) in
            try await load(before: deadline)
            guard sessions[requestor]?.authorizations.removeValue(forKey: resource) != nil else { return }
            let key = StorageKey.authorization(requestor: requestor, resource: resource)
            await persist(AuthorizationRecord?.none, forKey: key, before: deadline)
        }
    }

    // MARK: Preauthorization decisions (memory only)

    /// The valid cached decisions for all of `resources`, in their order, or nil when one is not
    /// cached or `requestor` has no session usable at `now`: the whole answer of a
    /// preauthorization the cache can give. The caller learns why there is no session from
    /// ``preauthorizationState(for:resources:now:useCache:takingStoreChanges:before:)``. Throws
    /// what loading the store throws.
    ///
    /// Out of line, and with nothing but the answer to return, for the calls the cache answers:
    /// a new task's allocator takes each async frame that does not fit its slab from malloc, and
    /// this frame and its caller's fit one slab. The error is thrown untyped for the same reason:
    /// the caller keeps a reference in its frame, not the error's value.
    @inline(never)
    func cachedDecisions(for requestor: String, resources: [String], now: Date, before deadline: TokenStorageDeadline)
        async throws -> [Decision]?
    {
        // A login or logout another instance stored counts here as in every other read of the session.
        await takeStoredAuthentication(for: requestor, before: deadline)
        try await ensureLoaded(before: deadline)
        return loadedCachedDecisions(for: requestor, resources: resources, now: now)
    }

    @inline(never)
    private func loadedCachedDecisions(for requestor: String, resources: [String], now: Date) -> [Decision]? {
        let session = sessions[requestor]
        guard let expires = session?.authentication?.expires, expires > now,
            let decisions = session?.decisions, !decisions.isEmpty
        else { return nil }
        var all: [Decision] = []
        all.reserveCapacity(resources.count)
        for resource in resources {
            guard let decision = decisions[resource]?.decision(at: now) else { return nil }
            all.append(decision)
        }
        return all
    }

    /// The session of `requestor` and its valid cached decisions for `resources` (none when
    /// `useCache` is false), read at one cache generation: what a preauthorization that goes to
    /// the server starts from. With `takingStoreChanges`, a login or logout another instance
    /// stored is taken first; a call that has just read
    /// ``cachedDecisions(for:resources:now:before:)`` took them there.
    func preauthorizationState(
        for requestor: String, resources: [String], now: Date, useCache: Bool, takingStoreChanges: Bool,
        before deadline: TokenStorageDeadline
    ) async throws(AccessEnablerError) -> PreauthorizationState {
        if takingStoreChanges { await takeStoredAuthentication(for: requestor, before: deadline) }
        try await ensureLoaded(before: deadline)
        return loadedPreauthorizationState(for: requestor, resources: resources, now: now, useCache: useCache)
    }

    /// The rest of
    /// ``preauthorizationState(for:resources:now:useCache:takingStoreChanges:before:)``,
    /// synchronous and out of line for the reason ``loadedSession(for:)`` is: the copy of the
    /// requestor's record took kilobytes of the caller's async frame.
    @inline(never)
    private func loadedPreauthorizationState(for requestor: String, resources: [String], now: Date, useCache: Bool)
        -> PreauthorizationState
    {
        let session = sessions[requestor]
        let decisions = useCache ? session?.decisions ?? [:] : [:]
        return PreauthorizationState(
            session: session?.authentication.map { CachedSession(authentication: $0, generation: generation) },
            decisions: resources.map { decisions[$0]?.decision(at: now) })
    }

    /// Caches decisions until `expires`. Ignored when the session changed since `generation`.
    func storeDecisions(_ decisions: [Decision], for requestor: String, expires: Date, ifGeneration expected: UInt64) {
        guard expected == generation, isLoaded else { return }
        // One access to the requestor's session for all of them, changed in place.
        Self.store(decisions, expires: expires, in: requestorSession(requestor))
    }

    static func store(_ decisions: [Decision], expires: Date, in session: RequestorSession) {
        for decision in decisions {
            session.decisions[decision.id] = CachedDecision(decision: decision, expires: expires)
        }
    }

    // MARK: User metadata

    func userMetadata(for requestor: String, before deadline: TokenStorageDeadline) async throws(AccessEnablerError)
        -> UserMetadataRecord?
    {
        try await ensureLoaded(before: deadline)
        return sessions[requestor]?.userMetadata
    }

    /// Stores user metadata fetched for `session`, as ``storeAuthorization(_:for:ifSession:)``
    /// does, but a failed write is only logged (the metadata is fetched again next launch).
    func storeUserMetadata(
        _ record: UserMetadataRecord, for requestor: String, ifSession session: CachedSession,
        before deadline: TokenStorageDeadline
    ) async throws(AccessEnablerError) -> Bool {
        try await ensureLoaded(before: deadline)
        do {
            return try await exclusively { () async throws(AccessEnablerError) -> Bool in
                try await storeForSession(
                    record, forKey: StorageKey.userMetadata(requestor: requestor), session, requestor,
                    before: deadline
                ) {
                    $0.userMetadata = record
                }
            }
        } catch {
            // Logged by storeForSession; memory holds it and the key is pending.
            return true
        }
    }

    // MARK: Configuration

    /// The configuration of `requestor` as last fetched, if any.
    func storedConfiguration(for requestor: String, before deadline: TokenStorageDeadline)
        async throws(AccessEnablerError)
        -> ConfigurationRecord?
    {
        try await ensureLoaded(before: deadline)
        return configurations[requestor]
    }

    /// Keeps `record` for the next launch; a failed write is logged (the configuration is
    /// fetched again then).
    func storeConfiguration(_ record: ConfigurationRecord, before deadline: TokenStorageDeadline)
        async throws(AccessEnablerError)
    {
        try await exclusively { () async throws(AccessEnablerError) in
            try await load(before: deadline)
            configurations[record.requestorID] = record
            await persist(record, forKey: StorageKey.configuration(requestor: record.requestorID), before: deadline)
        }
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
    func clearUserData(before deadline: TokenStorageDeadline) async throws(AccessEnablerError) {
        try await exclusively { () async throws(AccessEnablerError) in
            try await load(before: deadline)
            // Again: work that started while the server logout ran must not write back either.
            invalidateInFlightWork()
            sessions = [:]
            decodedAuthentication = nil
            pendingWrites.keep { !$0.isUserRecord }
            do {
                let keys = try await storage.loadRecords(before: deadline).keys.filter {
                    StorageKey(rawValue: $0)?.isUserRecord == true
                }
                for key in keys { try await storage.removeRecord(forKey: key, before: deadline) }
            } catch {
                log.error("token storage could not be cleared: \(Self.summary(of: error))")
                throw AccessEnablerError.storageFailure.with(underlying: Self.summary(of: error))
            }
        }
    }
}
