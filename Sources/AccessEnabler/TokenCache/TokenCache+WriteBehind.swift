import Foundation

// Write-behind: memory is the source of truth for this process; a failed write stays pending
// and is written again with the next write that works.
extension TokenCache {
    /// Writes `record` (nil removes it); after a write that worked, writes again what failed before.
    /// Returns whether `record` itself was written.
    @discardableResult
    func persist<Record: Encodable>(_ record: Record?, forKey key: StorageKey) -> Bool {
        guard write(record, forKey: key) else { return false }
        writePending()
        return true
    }

    /// Writes again what failed before, until the storage fails again.
    func writePending() {
        // A rewrite may find that another process changed the stored session; adopting it drops
        // that session's keys from pending, and they must not be written (or removed) after it.
        for pending in pendingWrites where pendingWrites.contains(pending) {
            // The storage failed again: leave the rest for the next write.
            guard rewrite(pending) else { break }
        }
    }

    /// Writes a record that later launches rely on; a failure is the caller's to know: memory
    /// keeps the record for this process (and retries the write with the next one), but the next
    /// launch would not find it.
    func persistOrThrow<Record: Encodable>(_ record: Record, forKey key: StorageKey, _ what: String)
        throws(AccessEnablerError)
    {
        guard persist(record, forKey: key) else {
            throw AccessEnablerError.storageFailure.with(
                details: "The \(what) could not be stored; it is kept in memory until the app quits.")
        }
    }

    /// One storage operation. A failure leaves `key` pending: memory stays the source of truth
    /// for this process.
    func write<Record: Encodable>(_ record: Record?, forKey key: StorageKey) -> Bool {
        do {
            if let record {
                try storage.writeRecord(try JSONEncoder().encode(record), forKey: key.rawValue)
            } else {
                try storage.removeRecord(forKey: key.rawValue)
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
    func rewrite(_ key: StorageKey) -> Bool {
        switch key {
        case .device: return write(device, forKey: key)
        case .client(let origin): return write(clients[origin], forKey: key)
        case .accessToken(let origin): return write(accessTokens[origin], forKey: key)
        case .authentication(let requestor): return write(sessions[requestor]?.authentication, forKey: key)
        case .selectedMVPD(let requestor): return write(sessions[requestor]?.selectedMVPD, forKey: key)
        case .userMetadata(let requestor):
            return rewriteForSession(sessions[requestor]?.userMetadata, forKey: key, requestor: requestor)
        case .configuration(let requestor): return write(configurations[requestor], forKey: key)
        case .authorization(let requestor, let resource):
            return rewriteForSession(sessions[requestor]?.authorizations[resource], forKey: key, requestor: requestor)
        }
    }

    /// Writes again a record of the session memory holds for `requestor`, only if the store
    /// still holds that session: another process may have logged out or in since the write
    /// failed. Nothing to write (memory removed it, or the store changed) clears it from pending.
    func rewriteForSession<Record: Encodable>(_ record: Record?, forKey key: StorageKey, requestor: String) -> Bool {
        guard let record, let session = sessions[requestor]?.authentication else { return write(record, forKey: key) }
        do {
            let data = try JSONEncoder().encode(record)
            _ = try applyOrAdopt(session, requestor: requestor, [.write(data, forKey: key.rawValue)])
            pendingWrites.remove(key)
            return true
        } catch {
            log.error("token storage write failed (\(key.kind.name)): \(Self.summary(of: error))")
            return false
        }
    }
}
