import Foundation

/// The device ID's seed in a Keychain access group that the app's extensions and the team's other
/// apps share (``AccessEnabler/Configuration/deviceIdentifierAccessGroup``): one generic-password
/// item, readable after first unlock, never synchronized or restored to another device. The
/// decisions are here, over ``KeychainItems``, so the Linux tests drive them with a fake; Security
/// is reached through ``SecurityKeychainItems`` only.
///
/// - An item already there (another app stored it first) is the seed.
/// - Else the app's own seed is added; when another app added one meanwhile
///   (`errSecDuplicateItem`), that one is read and used.
/// - Without the entitlement for the group (`errSecMissingEntitlement`, on the search or the
///   add) the answer is ``Outcome/notEntitled(lasting:)``: lasting on macOS (a process without
///   the entitlement); on iOS and tvOS a correctly signed app meets it now and then too, so
///   there it may pass, and the SDK asks the group again on its next call.
/// - Any other status throws ``KeychainStatusError`` — a keychain locked before first unlock
///   included — so the SDK reports a storage failure and tries again on the next call instead of
///   switching device IDs for a passing reason.
struct SharedDeviceSeedStore: Sendable {
    /// What the access group gave.
    enum Outcome: Sendable, Equatable {
        /// The seed every app of the group uses.
        case shared(String)
        /// The Keychain refused the group (`errSecMissingEntitlement`). `lasting`: the platform
        /// means it for good (macOS); else it may be a passing refusal.
        case notEntitled(lasting: Bool)
    }

    /// The Keychain service of the item: not the token storage's, so that neither a token
    /// storage wipe nor another storage location touches it.
    static let service = "com.adobe.pass.AccessEnabler.device"
    /// The item's account.
    static let account = "device-seed"

    let accessGroup: String
    let items: any KeychainItems
    /// Whether `errSecMissingEntitlement` means the process lacks the entitlement for good: on
    /// macOS (``KeychainRecordStore/platformHasFileKeychain``), not on iOS and tvOS.
    var refusalIsLasting = KeychainRecordStore.platformHasFileKeychain

    /// The Keychain of this platform; nil where there is none (Linux).
    static var platformItems: (any KeychainItems)? {
        #if canImport(Security)
        return SecurityKeychainItems()
        #else
        return nil
        #endif
    }

    /// The group's seed; when the group has none yet, `own()` (the app's seed) stored there.
    func seed(adopting own: () async throws -> String) async throws -> Outcome {
        if let found = try read() { return found }
        let seed = try await own()
        let data = Data(seed.utf8)
        switch items.add(query(), data: data, thisDeviceAfterFirstUnlock: true) {
        case KeychainStatus.success:
            return .shared(seed)
        case KeychainStatus.duplicateItem:
            // Another app of the group stored its seed since the search: that one wins. An empty
            // item (nothing the SDK writes) gets this app's seed.
            if let found = try read() { return found }
            let status = items.update(query(), data: data)
            guard status == KeychainStatus.success else { throw KeychainStatusError(status: status) }
            return .shared(seed)
        case KeychainStatus.missingEntitlement:
            return .notEntitled(lasting: refusalIsLasting)
        case let status:
            throw KeychainStatusError(status: status)
        }
    }

    /// The stored seed (`.shared`), `.notEntitled(lasting:)`, or nil when the group holds none
    /// yet (or an empty item, which counts as none).
    private func read() throws -> Outcome? {
        var search = query()
        search.limit = .one
        search.returning = .data
        let result = items.copyMatching(search)
        switch result.status {
        case KeychainStatus.success:
            guard let data = result.items.first?.data, !data.isEmpty else { return nil }
            return .shared(String(decoding: data, as: UTF8.self))
        case KeychainStatus.itemNotFound:
            return nil
        case KeychainStatus.missingEntitlement:
            return .notEntitled(lasting: refusalIsLasting)
        case let status:
            throw KeychainStatusError(status: status)
        }
    }

    /// The item's query, in the data-protection keychain (which access groups need on macOS).
    private func query() -> KeychainQuery {
        KeychainQuery(
            service: Self.service, account: Self.account, accessGroup: accessGroup, dataProtectionKeychain: true)
    }
}
