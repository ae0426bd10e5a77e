import Foundation

// Loading the store once: integrity checks, recovery, and decoding records into memory.
extension TokenCache {

    /// Makes memory ready to read: loads the store on first use (see ``load(before:)``), and
    /// waits for an operation on the store that is running, if any. Memory-only readers call it;
    /// once loaded, with nothing running, it costs two comparisons.
    func ensureLoaded(before deadline: TokenStorageDeadline) async throws(AccessEnablerError) {
        if isLoaded, !storageBusy { return }
        try await loadExclusively(before: deadline)
    }

    /// Out of line: inlined into every read, the load's async frame (about 3 KB) was allocated on
    /// every cached read, and a new task's allocator takes a frame that size from malloc.
    @inline(never)
    private func loadExclusively(before deadline: TokenStorageDeadline) async throws(AccessEnablerError) {
        try await exclusively { () async throws(AccessEnablerError) in try await load(before: deadline) }
    }

    /// Loads the store on first use. A read failure throws (and is retried next time); unreadable
    /// data that storage moved aside is reported and the cache starts empty. Call in
    /// ``exclusively(_:)``.
    func load(before deadline: TokenStorageDeadline) async throws(AccessEnablerError) {
        if isLoaded { return }
        do {
            // Read before the records: a change made after it is seen by the next comparison.
            let marker = try await storage.changeMarker()
            var records: [String: Data]
            if integrityCheck == .clear {
                // What the wipe leaves is what there is: no second read.
                let stored = try? await storage.loadRecords(before: deadline)
                records = try await wipeKeepingDeviceSeed(from: stored, before: deadline)
                log.info("token storage cleared at start (integrity check: clear)")
            } else {
                do {
                    records = try await storage.loadRecords(before: deadline)
                } catch let corruption as TokenStorageCorruption {
                    log.error("token storage unreadable: \(corruption.reason)")
                    events.emit(.storageRecovered(.init(movedTo: corruption.movedTo, reason: corruption.reason)))
                    records = [:]
                }
            }
            if integrityCheck == .all, let failure = await verify(records, before: deadline) {
                records = try await wipeKeepingDeviceSeed(from: records, before: deadline)
                log.error("token storage failed its integrity check (\(failure)); cleared")
                events.emit(.storageRecovered(.init(movedTo: nil, reason: "integrity check failed: \(failure)")))
            }
            decode(records)
            storeMarker = marker
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
    func wipeKeepingDeviceSeed(from records: [String: Data]?, before deadline: TokenStorageDeadline) async throws
        -> [String: Data]
    {
        let seed = records?[StorageKey.device.rawValue].flatMap { data in
            (try? JSONDecoder().decode(DeviceRecord.self, from: data)) != nil ? data : nil
        }
        try await storage.removeAllRecords(before: deadline)
        guard let seed else { return [:] }
        do {
            try await storage.writeRecord(seed, forKey: StorageKey.device.rawValue, before: deadline)
        } catch {
            // Memory keeps it (decoded from the returned records) and the next write retries.
            pendingWrites.insert(.device)
            log.error("token storage write failed (device): \(Self.summary(of: error))")
        }
        return [StorageKey.device.rawValue: seed]
    }

    /// The legacy "all" check: storage must round-trip a record and every record must decode.
    func verify(_ records: [String: Data], before deadline: TokenStorageDeadline) async -> String? {
        let probeKey = "integrity-probe"
        let probe = Data(UUID().uuidString.utf8)
        do {
            try await storage.writeRecord(probe, forKey: probeKey, before: deadline)
            let readBack = try await storage.loadRecords(before: deadline)[probeKey]
            try await storage.removeRecord(forKey: probeKey, before: deadline)
            if readBack != probe { return "storage did not return what was written" }
        } catch {
            return "storage is not operable"
        }
        for (key, data) in records where !Self.decodes(key: key, data: data) {
            return "record \(Self.kindName(of: key)) does not decode"
        }
        return nil
    }

    static func decodes(key: String, data: Data) -> Bool {
        guard let kind = StorageKey(rawValue: key)?.kind else { return true }
        return (try? JSONDecoder().decode(kind.recordType, from: data)) != nil
    }

    /// The record's name in logs; "unknown" for a key the SDK does not write.
    static func kindName(of key: String) -> String {
        StorageKey(rawValue: key)?.kind.name ?? "unknown"
    }

    func decode(_ records: [String: Data]) {
        let decoder = JSONDecoder()
        for (rawKey, data) in records {
            guard let key = StorageKey(rawValue: rawKey) else {
                log.debug("ignoring unknown token storage record")
                continue
            }
            do {
                switch key {
                case .device:
                    device = try decoder.decode(DeviceRecord.self, from: data)
                case .client(let origin):
                    clients[origin] = try decoder.decode(ClientCredentialsRecord.self, from: data)
                case .accessToken(let origin):
                    accessTokens[origin] = try decoder.decode(AccessTokenRecord.self, from: data)
                // Decoded before the requestor's session is looked up: an undecodable record adds none.
                case .authentication(let requestor):
                    let record = try decoder.decode(AuthenticationRecord.self, from: data)
                    requestorSession(requestor).authentication = record
                    // The first conditional write compares the stored record again: not a second decode.
                    decodedAuthentication = (data, record)
                case .selectedMVPD(let requestor):
                    let mvpd = try decoder.decode(MVPD.self, from: data)
                    requestorSession(requestor).selectedMVPD = mvpd
                case .authorization(let requestor, _):
                    let record = try decoder.decode(AuthorizationRecord.self, from: data)
                    requestorSession(requestor).authorizations[record.resource] = record
                case .userMetadata(let requestor):
                    let record = try decoder.decode(UserMetadataRecord.self, from: data)
                    requestorSession(requestor).userMetadata = record
                case .configuration(let requestor):
                    configurations[requestor] = try decoder.decode(ConfigurationRecord.self, from: data)
                case .owedLogout(let requestor):
                    owedLogouts[requestor] = try decoder.decode(OwedLogoutRecord.self, from: data)
                }
            } catch {
                log.error("ignoring an undecodable \(key.kind.name) record")
            }
        }
    }
}
