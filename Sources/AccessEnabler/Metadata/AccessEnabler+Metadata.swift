import Foundation

extension AccessEnabler {
    /// Reads one piece of metadata.
    ///
    /// Expiries come from the cache (no network); the device ID is the SDK's; user metadata is
    /// fetched once per authentication and cached with it.
    ///
    /// - Throws: ``AccessEnablerError/authenticationSessionMissing`` /
    ///   ``AccessEnablerError/authenticationSessionExpired`` without a session (except for
    ///   `.deviceID`); ``AccessEnablerError/authorizationNotFound`` for an authorization expiry
    ///   of a resource with no valid cached authorization.
    public func getMetadata(_ key: MetadataKey) async throws -> Metadata {
        let deadline = storageDeadline()
        if case .deviceID = key {
            return Metadata(key: key, value: .string(try await currentDeviceID(before: deadline)))
        }
        let loaded = try await currentConfiguration()
        let requestorID = loaded.requestorID
        let cached = try await requireAuthentication(for: requestorID, before: deadline)
        let session = cached.authentication
        switch key {
        case .deviceID:
            preconditionFailure("handled above")
        case .authenticationExpiry:
            return Metadata(key: key, value: .number(Double(session.expires.epochMilliseconds)))
        case .authorizationExpiry(let resource):
            guard
                let authorization = try await cache.authorization(
                    for: resource, requestor: requestorID, before: deadline),
                authorization.expires > clock.now
            else { throw AccessEnablerError.authorizationNotFound }
            return Metadata(key: key, value: .number(Double(authorization.expires.epochMilliseconds)))
        case .userMetadata(let name):
            if let attributes = session.attributes {
                let attribute = attributes[name]
                return Metadata(
                    key: key, value: attribute?.value ?? .null, isEncrypted: attribute?.isEncrypted ?? false)
            }
            let record = try await userMetadata(session: cached, requestorID: requestorID, before: deadline)
            return Metadata(
                key: key, value: record.values[name] ?? .null, isEncrypted: record.encryptedKeys.contains(name))
        }
    }

    /// The user metadata of the session: cached, or fetched once for all concurrent callers.
    private func userMetadata(
        session cached: CachedSession, requestorID: String, before deadline: TokenStorageDeadline
    ) async throws -> UserMetadataRecord {
        let session = cached.authentication
        func key(_ generation: UInt64) -> SessionRequestKey {
            SessionRequestKey(requestorID: requestorID, generation: generation)
        }
        let backend = self.backend
        let cache = self.cache
        do {
            return try await sharedRequest(
                generation: cached.generation,
                inFlight: { sharedRequests.userMetadata[key($0)] },
                setInFlight: { sharedRequests.userMetadata[key($0)] = $1 },
                cached: {
                    guard let cached = try await cache.userMetadata(for: requestorID, before: deadline),
                        cached.expires > clock.now
                    else { return nil }
                    return cached
                },
                fetch: {
                    // Built only when the cache misses.
                    let context = try await self.context(for: requestorID, before: deadline)
                    let record = try await backend.userMetadata(session: session, context: context)
                    _ = try await cache.storeUserMetadata(
                        record, for: requestorID, ifSession: cached, before: deadline)
                    return record
                })
        } catch {
            await handleSessionRejection(error, session: cached, requestorID: requestorID, before: deadline)
            throw error
        }
    }
}
