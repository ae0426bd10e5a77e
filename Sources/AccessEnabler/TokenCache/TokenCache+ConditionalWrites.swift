import Foundation

// Writes conditional on the stored session: another process may share the store.
extension TokenCache {
    /// What a write conditional on the stored session found.
    indirect enum StoredSessionOutcome {
        /// The store held the expected session: the changes are written.
        case applied
        /// The store holds another session (or none), written by another process or instance:
        /// nothing was written. Its authentication, if it decodes.
        case storeChanged(AuthenticationRecord?)
    }

    /// Applies `changes` only if the authentication stored for `requestor` — read again, with
    /// what other processes wrote — is the session `expected` (nil: no authentication). Storage
    /// failures throw.
    func applyIfStored(
        _ expected: AuthenticationRecord?, requestor: String, _ changes: [TokenStorageChange],
        before deadline: TokenStorageDeadline
    ) async throws -> StoredSessionOutcome {
        // A login whose write failed is not in the store because of this instance, not because
        // another process changed it: it is written first (as a login, unconditionally).
        let key = StorageKey.authentication(requestor: requestor)
        if pendingWrites.contains(key), let record = sessions[requestor]?.authentication {
            try await storage.writeRecord(try JSONEncoder().encode(record), forKey: key.rawValue, before: deadline)
            pendingWrites.remove(key)
        }
        var read: Data?
        let applied = try await storage.applyChanges(
            changes, ifRecord: key.rawValue,
            satisfies: { data in
                read = data
                guard let expected else { return data == nil }
                return storedAuthentication(data)?.isSameSession(as: expected) == true
            }, before: deadline)
        return applied ? .applied : .storeChanged(storedAuthentication(read))
    }

    /// The authentication record `data` holds, decoded once for the same bytes.
    func storedAuthentication(_ data: Data?) -> AuthenticationRecord? {
        guard let data else { return nil }
        if let decoded = decodedAuthentication, decoded.data == data { return decoded.record }
        guard let record = try? JSONDecoder().decode(AuthenticationRecord.self, from: data) else { return nil }
        decodedAuthentication = (data, record)
        return record
    }

    /// The authentication in memory for `requestor`, if it is still `session` (no login, logout
    /// or removal since it was read).
    func currentAuthentication(ifStill session: CachedSession, requestor: String) -> AuthenticationRecord? {
        guard session.generation == generation, let current = sessions[requestor]?.authentication,
            current.isSameSession(as: session.authentication)
        else { return nil }
        return current
    }

    /// ``applyIfStored(_:requestor:_:)`` for the session `current`; when another process changed
    /// the store, this instance takes what the store holds. Returns whether it applied `changes`.
    func applyOrAdopt(
        _ current: AuthenticationRecord, requestor: String, _ changes: [TokenStorageChange],
        before deadline: TokenStorageDeadline
    ) async throws -> Bool {
        guard
            case .storeChanged(let stored) = try await applyIfStored(
                current, requestor: requestor, changes, before: deadline)
        else {
            return true
        }
        adopt(stored, for: requestor)
        return false
    }

    /// Takes the authentication another process stored for `requestor` as this one's: what
    /// memory held for the previous session is dropped (the store has its own records).
    func adopt(_ stored: AuthenticationRecord?, for requestor: String) {
        if let current = sessions[requestor]?.authentication, let stored, current == stored { return }
        if sessions[requestor]?.authentication == nil, stored == nil { return }
        log.info("another process changed the stored authentication; this instance now uses the stored one")
        generation &+= 1
        let dropped = dropSessionDataInMemory(for: requestor)
        pendingWrites.subtract(dropped + [StorageKey.authentication(requestor: requestor)])
        requestorSession(requestor).authentication = stored
    }

    /// Stores `record` under `key` (and in memory with `apply`) only if `session` is still the
    /// session of `requestor` in memory and in the store. Throws `storage_failure` when the
    /// store refused it (memory keeps it; the key is pending).
    func storeForSession(
        _ record: any Encodable, forKey key: StorageKey, _ session: CachedSession, _ requestor: String,
        before deadline: TokenStorageDeadline, _ apply: (RequestorSession) -> Void
    ) async throws(AccessEnablerError) -> Bool {
        try await load(before: deadline)
        guard let current = currentAuthentication(ifStill: session, requestor: requestor) else { return false }
        do {
            let data = try JSONEncoder().encode(record)
            guard
                try await applyOrAdopt(
                    current, requestor: requestor, [.write(data, forKey: key.rawValue)], before: deadline)
            else {
                return false
            }
            apply(requestorSession(requestor))
            pendingWrites.remove(key)
            await writePending(before: deadline)
            return true
        } catch {
            apply(requestorSession(requestor))
            pendingWrites.insert(key)
            log.error("token storage write failed (\(key.kind.name)): \(Self.summary(of: error))")
            throw AccessEnablerError.storageFailure.with(
                details: "The \(key.kind.name) could not be stored; it is kept in memory until the app quits.")
        }
    }

    /// Takes the authentication another instance or process stored for `requestor` since memory
    /// last matched the store: when the store's change marker moved, reads the one record again
    /// and adopts it (a login, a logout) unless this instance's own write of it is pending. A
    /// store without a marker, or one that cannot be read now, leaves memory as it is; so does a
    /// store another process holds locked: a check from memory never waits for it (the next
    /// check looks again).
    func takeStoredAuthentication(for requestor: String, before deadline: TokenStorageDeadline) async {
        guard isLoaded, let marker = try? await storage.changeMarker(), marker != storeMarker else { return }
        await readStoredAuthentication(for: requestor, marker: marker, before: deadline)
    }

    /// The rare half of ``takeStoredAuthentication(for:before:)``, out of line: inlined, its
    /// async frame was allocated on every check, and a new task's allocator takes the memory
    /// for a frame that does not fit its first slab from malloc.
    @inline(never)
    private func readStoredAuthentication(
        for requestor: String, marker: TokenStorageChangeMarker, before deadline: TokenStorageDeadline
    ) async {
        await exclusively { () async -> Void in
            let key = StorageKey.authentication(requestor: requestor)
            var data: Data?
            do {
                _ = try await storage.applyChanges(
                    [], ifRecord: key.rawValue,
                    satisfies: {
                        data = $0
                        return true
                    }, before: TokenStorageDeadline(after: .zero, on: deadline.clock))
            } catch {
                log.debug("token storage not read again now: \(Self.summary(of: error))")
                return
            }
            if !pendingWrites.contains(key) {
                adopt(storedAuthentication(data), for: requestor)
            }
            storeMarker = marker
        }
    }
}
