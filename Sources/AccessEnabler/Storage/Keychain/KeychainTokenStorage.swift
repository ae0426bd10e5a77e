#if canImport(Security)
import Foundation

/// Storage in the Keychain: one generic-password item per record, readable after first unlock
/// (so background refreshes and AirPlay work while the device is locked), never synchronized.
///
/// Uses the data-protection keychain on every Apple OS (on macOS `kSecUseDataProtectionKeychain`,
/// which the access group and the accessibility class need). A Mac process without the keychain
/// entitlement (an unsigned tool) falls back to the login (file) keychain when no access group is
/// set; choose with ``init(service:accessGroup:keychain:)``. A keychain that is locked (before
/// first unlock) makes calls fail with ``AccessEnablerError/storageFailure``, never "signed out".
public final class KeychainTokenStorage: TokenStorage {
    /// Which macOS keychain holds the items (iOS, tvOS, watchOS and visionOS have one).
    public enum Keychain: Sendable, Hashable {
        /// The data-protection keychain, or on a Mac without the entitlement (and without an
        /// access group) the login keychain.
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
            service: service, accessGroup: accessGroup, flavour: flavour, items: SecurityKeychainItems())
    }

    public func loadRecords() throws -> [String: Data] { try store.loadRecords() }

    public func writeRecord(_ data: Data, forKey key: String) throws { try store.writeRecord(data, forKey: key) }

    public func removeRecord(forKey key: String) throws { try store.removeRecord(forKey: key) }

    public func removeAllRecords() throws { try store.removeAllRecords() }
}
#endif
