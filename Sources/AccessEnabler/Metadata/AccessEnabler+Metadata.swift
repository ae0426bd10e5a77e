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
        if case .deviceID = key {
            return Metadata(key: key, value: .string(try await currentDeviceID()))
        }
        let loaded = try await currentConfiguration()
        let requestorID = loaded.requestorID
        let session = try await requireAuthentication(for: requestorID)
        switch key {
        case .deviceID:
            preconditionFailure("handled above")
        case .authenticationExpiry:
            return Metadata(key: key, value: .number(Double(session.expires.epochMilliseconds)))
        case .authorizationExpiry(let resource):
            guard let authorization = try await cache.authorization(for: resource, requestor: requestorID),
                authorization.expires > clock.now
            else { throw AccessEnablerError.authorizationNotFound }
            return Metadata(key: key, value: .number(Double(authorization.expires.epochMilliseconds)))
        case .userMetadata(let name):
            if let attributes = session.attributes {
                let attribute = attributes[name]
                return Metadata(key: key, value: attribute?.value ?? .null, isEncrypted: attribute?.isEncrypted ?? false)
            }
            let record = try await userMetadata(session: session, requestorID: requestorID)
            return Metadata(key: key, value: record.values[name] ?? .null, isEncrypted: record.encryptedKeys.contains(name))
        }
    }

    /// The user metadata of the session: cached, or fetched once for all concurrent callers.
    private func userMetadata(session: AuthenticationRecord, requestorID: String) async throws -> UserMetadataRecord {
        let context = try await context(for: requestorID)
        while true {
            if let operation = userMetadataFetches[requestorID], !operation.isFinished, !operation.isAbandoned {
                do {
                    return try await operation.value()
                } catch is SharedOperation<UserMetadataRecord>.Abandoned {
                    continue
                }
            }
            if let cached = try await cache.userMetadata(for: requestorID), cached.expires > clock.now { return cached }
            let generation = await cache.generation
            if let operation = userMetadataFetches[requestorID], !operation.isFinished, !operation.isAbandoned { continue }
            let backend = self.backend
            let cache = self.cache
            let operation = SharedOperation {
                let record = try await backend.userMetadata(session: session, context: context)
                _ = try await cache.storeUserMetadata(record, for: requestorID, ifGeneration: generation)
                return record
            }
            userMetadataFetches[requestorID] = operation
            do {
                let record = try await operation.value()
                if userMetadataFetches[requestorID] === operation { userMetadataFetches[requestorID] = nil }
                return record
            } catch is SharedOperation<UserMetadataRecord>.Abandoned {
                continue
            } catch {
                if userMetadataFetches[requestorID] === operation, operation.isFinished {
                    userMetadataFetches[requestorID] = nil
                }
                await handleSessionRejection(error, requestorID: requestorID)
                throw error
            }
        }
    }
}
