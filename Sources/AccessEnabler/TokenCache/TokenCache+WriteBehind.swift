import Foundation

// Write-behind: memory is the source of truth for this process; a failed write stays pending
// and is written again with the next write that works.
extension TokenCache {
    /// Writes `record` (nil removes it); after a write that worked, writes again what failed before.
    /// Returns whether `record` itself was written.
    ///
    /// The records are taken as `any Encodable` (opened for the encoder) rather than as a generic
    /// parameter, here and in the other writes: the optimizer made a copy of each write for each of
    /// the nine record types (8.8 KB more machine code), for writes whose cost is the storage's.
    @discardableResult
    func persist(_ record: (any Encodable)?, forKey key: StorageKey, before deadline: TokenStorageDeadline)
        async -> Bool
    {
        guard await write(record, forKey: key, before: deadline) else { return false }
        await writePending(before: deadline)
        return true
    }

    /// Writes again what failed before, until the storage fails again.
    func writePending(before deadline: TokenStorageDeadline) async {
        // A rewrite may find that another process changed the stored session; adopting it drops
        // that session's keys from pending, and they must not be written (or removed) after it.
        for pending in pendingWrites.keys where pendingWrites.contains(pending) {
            // The storage failed again: leave the rest for the next write.
            guard await rewrite(pending, before: deadline) else { break }
        }
    }

    /// Writes a record that later launches rely on; a failure is the caller's to know: memory
    /// keeps the record for this process (and retries the write with the next one), but the next
    /// launch would not find it.
    func persistOrThrow(
        _ record: any Encodable, forKey key: StorageKey, _ what: String, before deadline: TokenStorageDeadline
    ) async throws(AccessEnablerError) {
        guard await persist(record, forKey: key, before: deadline) else {
            throw AccessEnablerError.storageFailure.with(
                details: "The \(what) could not be stored; it is kept in memory until the app quits.")
        }
    }

    /// One storage operation. A failure leaves `key` pending: memory stays the source of truth
    /// for this process.
    func write(_ record: (any Encodable)?, forKey key: StorageKey, before deadline: TokenStorageDeadline)
        async -> Bool
    {
        do {
            if let record {
                try await storage.writeRecord(try JSONEncoder().encode(record), forKey: key.rawValue, before: deadline)
            } else {
                try await storage.removeRecord(forKey: key.rawValue, before: deadline)
            }
            pendingWrites.remove(key)
            return true
        } catch {
            pendingWrites.insert(key)
            log.error("token storage write failed (\(key.kind.name)): \(Self.summary(of: error))")
            return false
        }
    }

    /// Writes the current memory value of `key` again.
    func rewrite(_ key: StorageKey, before deadline: TokenStorageDeadline) async -> Bool {
        switch key {
        case .device: return await write(device, forKey: key, before: deadline)
        case .client(let origin): return await write(clients[origin], forKey: key, before: deadline)
        case .accessToken(let origin): return await write(accessTokens[origin], forKey: key, before: deadline)
        case .authentication(let requestor):
            return await write(sessions[requestor]?.authentication, forKey: key, before: deadline)
        case .selectedMVPD(let requestor):
            return await write(sessions[requestor]?.selectedMVPD, forKey: key, before: deadline)
        case .userMetadata(let requestor):
            return await rewriteForSession(
                sessions[requestor]?.userMetadata, forKey: key, requestor: requestor, before: deadline)
        case .configuration(let requestor): return await write(configurations[requestor], forKey: key, before: deadline)
        case .owedLogout(let requestor): return await write(owedLogouts[requestor], forKey: key, before: deadline)
        case .authorization(let requestor, let resource):
            return await rewriteForSession(
                sessions[requestor]?.authorizations[resource], forKey: key, requestor: requestor, before: deadline)
        }
    }

    /// Writes again a record of the session memory holds for `requestor`, only if the store
    /// still holds that session: another process may have logged out or in since the write
    /// failed. Nothing to write (memory removed it, or the store changed) clears it from pending.
    func rewriteForSession(
        _ record: (any Encodable)?, forKey key: StorageKey, requestor: String, before deadline: TokenStorageDeadline
    ) async -> Bool {
        guard let record, let session = sessions[requestor]?.authentication else {
            return await write(record, forKey: key, before: deadline)
        }
        do {
            let data = try JSONEncoder().encode(record)
            _ = try await applyOrAdopt(
                session, requestor: requestor, [.write(data, forKey: key.rawValue)], before: deadline)
            pendingWrites.remove(key)
            return true
        } catch {
            log.error("token storage write failed (\(key.kind.name)): \(Self.summary(of: error))")
            return false
        }
    }
}

extension TokenCache {
    /// The keys of the records whose last write failed. Held as their raw values: a
    /// `Set<StorageKey>` brought the set's code specialized for the key type (12 KB of machine
    /// code) where the `Set<String>` code is there anyway.
    struct PendingWrites: ExpressibleByArrayLiteral {
        private var rawKeys: Set<String>

        init(arrayLiteral keys: StorageKey...) { rawKeys = Set(keys.map(\.rawValue)) }

        /// The keys, in no particular order.
        var keys: [StorageKey] { rawKeys.compactMap(StorageKey.init(rawValue:)) }

        func contains(_ key: StorageKey) -> Bool { rawKeys.contains(key.rawValue) }

        mutating func insert(_ key: StorageKey) { rawKeys.insert(key.rawValue) }

        mutating func remove(_ key: StorageKey) { rawKeys.remove(key.rawValue) }

        mutating func formUnion(_ keys: [StorageKey]) {
            for key in keys { insert(key) }
        }

        mutating func subtract(_ keys: [StorageKey]) {
            for key in keys { remove(key) }
        }

        /// Keeps only the keys that satisfy `isKept`.
        mutating func keep(where isKept: (StorageKey) -> Bool) {
            rawKeys = rawKeys.filter { StorageKey(rawValue: $0).map(isKept) ?? false }
        }
    }
}
