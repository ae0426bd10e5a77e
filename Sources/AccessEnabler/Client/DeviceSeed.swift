import Foundation

/// The seed of the device ID (``AccessEnabler/Configuration/deviceIDSeed``, the shared access
/// group's, or the one stored with the tokens). Its steps run on the ``AccessEnabler`` that
/// remembers the shared store and whether a refusal was logged.
enum DeviceSeed {
    /// The store of the shared seed the configuration asks for, if it can be used here.
    static func sharedStore(
        _ configuration: AccessEnabler.Configuration, keychain: (any KeychainItems)?, log: Log
    ) -> SharedDeviceSeedStore? {
        guard let group = configuration.deviceIdentifierAccessGroup, !group.isEmpty else { return nil }
        if configuration.deviceIDSeed?.isEmpty == false {
            log.info("deviceIdentifierAccessGroup is not used: the configuration sets deviceIDSeed")
            return nil
        }
        guard let keychain else {
            log.info("deviceIdentifierAccessGroup is not used: this platform has no Keychain")
            return nil
        }
        return SharedDeviceSeedStore(accessGroup: group, items: keychain)
    }

    /// The seed: the configured one, else the shared access group's, else the one stored with
    /// the tokens; `lasting` is false for a seed that may change on the next call. The group's
    /// seed is copied to the app's device record, so the app's own seed is the group's once the
    /// group answered. A refusal of the group (`errSecMissingEntitlement`) gives the app's own
    /// seed: for the process where the refusal is lasting (macOS), else (iOS, tvOS, where a
    /// correctly signed app meets it now and then) for this call only. Any other Keychain failure
    /// is a storage failure, so a passing one never changes the device ID.
    static func seed(before deadline: TokenStorageDeadline, on enabler: isolated AccessEnabler) async throws
        -> (seed: String, lasting: Bool)
    {
        let (cache, log) = (enabler.cache, enabler.log)
        guard let shared = enabler.sharedDeviceSeed else {
            return (try await cache.deviceSeed(configured: enabler.configuration.deviceIDSeed, before: deadline), true)
        }
        do {
            switch try await shared.seed(adopting: { try await cache.deviceSeed(configured: nil, before: deadline) }) {
            case .shared(let seed):
                try await cache.keepSharedDeviceSeed(seed, accessGroup: shared.accessGroup, before: deadline)
                return (seed, true)
            case .notEntitled(let lasting):
                let own = try await cache.deviceRecord(before: deadline)
                let copy = own.accessGroup == shared.accessGroup
                if !enabler.loggedGroupRefusal {
                    enabler.loggedGroupRefusal = true
                    log.error(
                        "the Keychain refused the access group \(shared.accessGroup) (errSecMissingEntitlement): the "
                            + (copy ? "app's copy of the group's device ID is used" : "app uses a device ID of its own")
                            + (lasting ? "" : " until the group answers")
                            + "; the app's keychain-access-groups entitlement must list the group")
                }
                if lasting { enabler.sharedDeviceSeed = nil }
                return (own.seed, lasting)
            }
        } catch let error as KeychainStatusError {
            log.error("the shared device ID could not be read from the Keychain (status \(error.status))")
            throw AccessEnablerError.storageFailure.with(underlying: error.description)
        }
    }
}
