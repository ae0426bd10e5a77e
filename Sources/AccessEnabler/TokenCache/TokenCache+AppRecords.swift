import Foundation

// The records of the app rather than the viewer: the device seed and DCR registrations.
extension TokenCache {
    // MARK: Device

    /// The seed of the device ID: the app's, or a random one created once and persisted.
    func deviceSeed(configured: String?, before deadline: TokenStorageDeadline) async throws(AccessEnablerError)
        -> String
    {
        if let configured, !configured.isEmpty { return configured }
        return try await deviceRecord(before: deadline).seed
    }

    /// The stored device record, created (with a random seed) when there is none.
    func deviceRecord(before deadline: TokenStorageDeadline) async throws(AccessEnablerError) -> DeviceRecord {
        try await ensureLoaded(before: deadline)
        if let device { return device }
        return try await exclusively { () async throws(AccessEnablerError) -> DeviceRecord in
            try await load(before: deadline)
            if let device { return device }
            var generator = SystemRandomNumberGenerator()
            let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let record = DeviceRecord(seed: bytes.map { String(format: "%02x", $0) }.joined())
            device = record
            await persist(record, forKey: StorageKey.device, before: deadline)
            return record
        }
    }

    /// Keeps `seed`, read from (or added to) Keychain access group `accessGroup`, as the app's
    /// device record: when the Keychain refuses the group for a moment, the app's copy is the
    /// same seed.
    func keepSharedDeviceSeed(_ seed: String, accessGroup: String, before deadline: TokenStorageDeadline)
        async throws(AccessEnablerError)
    {
        try await ensureLoaded(before: deadline)
        let record = DeviceRecord(seed: seed, accessGroup: accessGroup)
        guard device != record else { return }
        try await exclusively { () async throws(AccessEnablerError) in
            try await load(before: deadline)
            guard device != record else { return }
            device = record
            await persist(record, forKey: StorageKey.device, before: deadline)
        }
    }

    // MARK: DCR

    func clientCredentials(for origin: String, before deadline: TokenStorageDeadline) async throws(AccessEnablerError)
        -> ClientCredentialsRecord?
    {
        try await ensureLoaded(before: deadline)
        return clients[origin]
    }

    func storeClientCredentials(
        _ record: ClientCredentialsRecord?, for origin: String, before deadline: TokenStorageDeadline
    ) async throws(AccessEnablerError) {
        try await exclusively { () async throws(AccessEnablerError) in
            try await load(before: deadline)
            clients[origin] = record
            await persist(record, forKey: StorageKey.client(origin: origin), before: deadline)
        }
    }

    /// The access token of `origin` if it can be sent now: issued to the stored client of the
    /// same software statement, and not expired at `now`. One call, so the check is atomic.
    func usableAccessToken(
        for origin: String, softwareStatementDigest: String, now: Date, before deadline: TokenStorageDeadline
    ) async throws(AccessEnablerError) -> AccessTokenRecord? {
        try await ensureLoaded(before: deadline)
        guard let token = accessTokens[origin], let credentials = clients[origin],
            credentials.clientID == token.clientID, credentials.softwareStatementDigest == softwareStatementDigest,
            token.expires > now
        else { return nil }
        return token
    }

    /// Removes the access token of `origin` only if it is still `rejected`: a token another caller
    /// renewed meanwhile stays. Returns the token now stored, if any.
    func discardAccessToken(_ rejected: String, for origin: String, before deadline: TokenStorageDeadline)
        async throws(AccessEnablerError) -> AccessTokenRecord?
    {
        try await exclusively { () async throws(AccessEnablerError) -> AccessTokenRecord? in
            try await load(before: deadline)
            return await discardLoadedAccessToken(rejected, for: origin, before: deadline)
        }
    }

    @inline(__always)  // Its one caller's body: no async function of its own (docs/performance.md)
    private func discardLoadedAccessToken(_ rejected: String, for origin: String, before deadline: TokenStorageDeadline)
        async -> AccessTokenRecord?
    {
        guard let current = accessTokens[origin], current.token == rejected else { return accessTokens[origin] }
        accessTokens[origin] = nil
        let key = StorageKey.accessToken(origin: origin)
        pendingWrites.remove(key)
        // The store too, unless another process stored a renewed token meanwhile: that one is used.
        var stored: AccessTokenRecord?
        do {
            let removed = try await storage.applyChanges(
                [.remove(forKey: key.rawValue)], ifRecord: key.rawValue,
                satisfies: { data in
                    stored = data.flatMap { try? JSONDecoder().decode(AccessTokenRecord.self, from: $0) }
                    return data != nil && stored?.token == rejected
                }, before: deadline)
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
    func discardClient(_ rejectedClientID: String, for origin: String, before deadline: TokenStorageDeadline)
        async throws(AccessEnablerError)
    {
        try await exclusively { () async throws(AccessEnablerError) in
            try await load(before: deadline)
            await discardLoadedClient(rejectedClientID, for: origin, before: deadline)
        }
    }

    @inline(__always)  // Its one caller's body: no async function of its own (docs/performance.md)
    private func discardLoadedClient(
        _ rejectedClientID: String, for origin: String, before deadline: TokenStorageDeadline
    )
        async
    {
        guard clients[origin]?.clientID == rejectedClientID else { return }
        clients[origin] = nil
        accessTokens[origin] = nil
        let keys = [StorageKey.client(origin: origin), StorageKey.accessToken(origin: origin)]
        pendingWrites.subtract(keys)
        do {
            _ = try await storage.applyChanges(
                keys.map { .remove(forKey: $0.rawValue) }, ifRecord: keys[0].rawValue,
                satisfies: { data in
                    let stored = data.flatMap { try? JSONDecoder().decode(ClientCredentialsRecord.self, from: $0) }
                    return stored?.clientID == rejectedClientID
                }, before: deadline)
        } catch {
            log.error("token storage write failed (client): \(Self.summary(of: error))")
        }
    }

    func storeAccessToken(_ record: AccessTokenRecord?, for origin: String, before deadline: TokenStorageDeadline)
        async throws(AccessEnablerError)
    {
        try await exclusively { () async throws(AccessEnablerError) in
            try await load(before: deadline)
            accessTokens[origin] = record
            await persist(record, forKey: StorageKey.accessToken(origin: origin), before: deadline)
        }
    }
}
