import Foundation

/// The four Keychain calls (`SecItemCopyMatching`, `SecItemAdd`, `SecItemUpdate`,
/// `SecItemDelete`) over typed queries: the seam between ``KeychainRecordStore`` (the logic,
/// tested on Linux with a fake per platform flavour) and Security (a thin binding on Apple
/// platforms).
protocol KeychainItems: Sendable {
    /// Searches; `items` is filled on success only.
    func copyMatching(_ query: KeychainQuery) -> KeychainSearch
    /// Adds the item `query` names with `data`; `thisDeviceAfterFirstUnlock` sets
    /// `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`.
    func add(_ query: KeychainQuery, data: Data, thisDeviceAfterFirstUnlock: Bool) -> Int32
    /// Replaces the data of the items `query` matches.
    func update(_ query: KeychainQuery, data: Data) -> Int32
    /// Deletes what `query` matches (on the macOS file keychain: one item per call).
    func delete(_ query: KeychainQuery) -> Int32
}
