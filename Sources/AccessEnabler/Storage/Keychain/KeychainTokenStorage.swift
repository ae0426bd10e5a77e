#if canImport(Security)
import Foundation

/// Storage in the Keychain: one generic-password item per record, readable after first unlock
/// (so background refreshes and AirPlay work while the device is locked), never synchronized.
///
/// Uses the data-protection keychain on every Apple OS (on macOS `kSecUseDataProtectionKeychain`,
/// which the access group and the accessibility class need). On iOS, tvOS, watchOS and visionOS
/// that is the only keychain: a write it refuses, even with `errSecMissingEntitlement`, fails with
/// ``AccessEnablerError/storageFailure`` and the next write tries again, every item readable after
/// first unlock on this device only. A Mac process without the keychain
/// entitlement (a Developer ID app without a provisioning profile, a command-line tool) can
/// search that keychain but not write to it: when no access group is set, the first write it
/// refuses (`errSecMissingEntitlement`) moves the storage to the login (file) keychain for the
/// rest of the process, and that write is made there; a first load that finds nothing makes one
/// such write (a probe item, added and deleted), so records an earlier run stored in the login
/// keychain are found. Choose the keychain yourself with ``init(service:accessGroup:keychain:)``.
/// A keychain that is locked (before first unlock) makes calls fail with
/// ``AccessEnablerError/storageFailure``, never "signed out".
///
/// ## Several processes
///
/// The Keychain has no lock an app and its extensions (or two apps of an access group) could
/// share. A removal or a write that depends on the session read earlier
/// (``applyChanges(_:ifRecord:satisfies:before:)``) reads the stored item first and writes nothing when
/// another process has changed it — a late answer does not remove a login another process made
/// before it was read — but another process can still write between that read and the removal.
/// What is guaranteed: each record is written whole, a record another process added meanwhile is
/// updated rather than duplicated, and a removal never touches a record of another key. What is
/// not: that a conditional change and another process's write are ordered. Use one process to
/// sign in and out, or ``FileTokenStorage`` (which locks) where processes race.
public final class KeychainTokenStorage: TokenStorage {
    /// Which macOS keychain holds the items (iOS, tvOS, watchOS and visionOS have one).
    public enum Keychain: Sendable, Hashable {
        /// The data-protection keychain, or on a Mac without the entitlement (and without an
        /// access group) the login keychain, from the first write the data-protection keychain
        /// refuses for want of the entitlement.
        case automatic
        /// Always the data-protection keychain: a Mac app needs a signed application identifier.
        case dataProtection
        /// The macOS login (file) keychain: no access group, no accessibility class.
        case file
    }

    /// The Keychain service name the items are stored under.
    public let service: String
    /// The access group, for sharing between apps of one team.
    public let accessGroup: String?
    private let store: KeychainRecordStore

    /// Creates Keychain storage (`keychain` matters on macOS only).
    public init(
        service: String = "com.adobe.pass.AccessEnabler", accessGroup: String? = nil, keychain: Keychain = .automatic
    ) {
        self.service = service
        self.accessGroup = accessGroup
        let flavour: KeychainRecordStore.Flavour
        switch keychain {
        case .automatic: flavour = .automatic
        case .dataProtection: flavour = .dataProtection
        case .file: flavour = .file
        }
        store = KeychainRecordStore(
            service: service, accessGroup: accessGroup, flavour: flavour,
            hasFileKeychain: KeychainRecordStore.platformHasFileKeychain, items: SecurityKeychainItems())
    }

    // Keychain calls answer at once (or fail): the deadline is not needed.

    public nonisolated(nonsending) func loadRecords(before deadline: TokenStorageDeadline) async throws
        -> [String: Data]
    {
        try store.loadRecords()
    }

    public nonisolated(nonsending) func writeRecord(
        _ data: Data, forKey key: String, before deadline: TokenStorageDeadline
    ) async throws {
        try store.writeRecord(data, forKey: key)
    }

    public nonisolated(nonsending) func removeRecord(forKey key: String, before deadline: TokenStorageDeadline)
        async throws
    {
        try store.removeRecord(forKey: key)
    }

    public nonisolated(nonsending) func removeAllRecords(before deadline: TokenStorageDeadline) async throws {
        try store.removeAllRecords()
    }

    /// Reads the item under `key`, then applies `changes` if it satisfies `condition`; no lock
    /// spans the two (see "Several processes" above).
    public nonisolated(nonsending) func applyChanges(
        _ changes: [TokenStorageChange], ifRecord key: String, satisfies condition: (Data?) -> Bool,
        before deadline: TokenStorageDeadline
    ) async throws -> Bool {
        try store.applyChanges(changes, ifRecord: key, satisfies: condition)
    }
}
#endif
