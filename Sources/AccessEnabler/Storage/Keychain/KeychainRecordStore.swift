import Foundation

/// The Keychain's record logic, one generic-password item per record (account = record key),
/// over ``KeychainItems``. ``KeychainTokenStorage`` binds it to Security; the tests drive it with
/// a fake that behaves like each Apple keychain.
///
/// It is written for the strictest keychain, so one path works everywhere:
/// - the macOS file keychain rejects `kSecMatchLimitAll` with `kSecReturnData`: loading lists the
///   accounts (attributes only), then reads each item;
/// - the file keychain deletes one item per `SecItemDelete`: removing deletes until the item is
///   gone, and removing everything deletes account by account;
/// - an access group and the accessibility class need the data-protection keychain on macOS
///   (`kSecUseDataProtectionKeychain`), which ``Flavour/automatic`` uses unless the process lacks
///   the entitlement (an unsigned tool), then the file keychain (without access group);
/// - another process sharing the access group may add the same record between this one's update
///   and add (`errSecDuplicateItem`): the write updates again;
/// - any other status, `errSecInteractionNotAllowed` before first unlock included, throws: the
///   SDK reports a storage failure and never reads a locked keychain as "signed out".
struct KeychainRecordStore: TokenStorage {
    /// Which keychain the queries address.
    enum Flavour: Sendable, Hashable {
        /// The data-protection keychain; on macOS the file keychain when the process lacks the
        /// entitlement (decided by the first call, then kept for the process).
        case automatic
        /// Always the data-protection keychain (`kSecUseDataProtectionKeychain`).
        case dataProtection
        /// The macOS file keychain (no access group; the accessibility class does not apply).
        case file
    }

    let service: String
    let accessGroup: String?
    let items: any KeychainItems
    /// The flavour in use: `.automatic` until a call decided it.
    private let flavour: LockedValue<Flavour>

    /// How often a write or a removal goes round before it gives up.
    static let maximumRounds = 8

    init(service: String, accessGroup: String?, flavour: Flavour, items: any KeychainItems) {
        self.service = service
        self.accessGroup = accessGroup
        self.items = items
        self.flavour = LockedValue(flavour)
    }

    /// The flavour the next call uses.
    var currentFlavour: Flavour { flavour.withLock { $0 } }

    func loadRecords() throws -> [String: Data] {
        try run { query in
            var records: [String: Data] = [:]
            for account in try accounts(query) {
                var read = query
                read.account = account
                read.limit = .one
                read.returning = .data
                let search = items.copyMatching(read)
                // Removed by another process since the listing.
                if search.status == KeychainStatus.itemNotFound { continue }
                guard search.status == KeychainStatus.success, let data = search.items.first?.data else {
                    throw KeychainStatusError(status: search.status)
                }
                records[account] = data
            }
            return records
        }
    }

    func writeRecord(_ data: Data, forKey key: String) throws {
        try run { query in
            var query = query
            query.account = key
            var status = KeychainStatus.duplicateItem
            for _ in 0..<Self.maximumRounds {
                status = items.update(query, data: data)
                if status == KeychainStatus.success { return }
                guard status == KeychainStatus.itemNotFound else { throw KeychainStatusError(status: status) }
                status = items.add(query, data: data, thisDeviceAfterFirstUnlock: query.dataProtectionKeychain)
                if status == KeychainStatus.success { return }
                // Another process added it since the update: update that one.
                guard status == KeychainStatus.duplicateItem else { throw KeychainStatusError(status: status) }
            }
            throw KeychainStatusError(status: status)
        }
    }

    func removeRecord(forKey key: String) throws {
        try run { query in try remove(key, query) }
    }

    func removeAllRecords() throws {
        try run { query in
            for account in try accounts(query) { try remove(account, query) }
        }
    }

    // MARK: Helpers

    /// The query every call starts from, for `flavour`.
    func baseQuery(_ flavour: Flavour) -> KeychainQuery {
        let dataProtection = flavour != .file
        return KeychainQuery(
            service: service, account: nil, accessGroup: dataProtection ? accessGroup : nil,
            dataProtectionKeychain: dataProtection)
    }

    /// Runs `body` with the flavour's base query; an automatic flavour that meets
    /// `errSecMissingEntitlement` (no access group asked for) settles on the file keychain and
    /// runs again.
    private func run<T>(_ body: (KeychainQuery) throws -> T) throws -> T {
        let current = currentFlavour
        do {
            let result = try body(baseQuery(current))
            if current == .automatic { settle(.dataProtection) }
            return result
        } catch let error as KeychainStatusError
            where current == .automatic && accessGroup == nil && error.status == KeychainStatus.missingEntitlement
        {
            settle(.file)
            return try body(baseQuery(.file))
        }
    }

    private func settle(_ decided: Flavour) {
        flavour.withLock { if $0 == .automatic { $0 = decided } }
    }

    /// Every account of the service (attributes only: no data with a match limit of all).
    private func accounts(_ query: KeychainQuery) throws -> [String] {
        var list = query
        list.limit = .all
        list.returning = .attributes
        let search = items.copyMatching(list)
        if search.status == KeychainStatus.itemNotFound { return [] }
        guard search.status == KeychainStatus.success else { throw KeychainStatusError(status: search.status) }
        return Set(search.items.compactMap(\.account)).sorted()
    }

    /// Deletes `account`: one call on the data-protection keychain, which deletes every match;
    /// until nothing is left on the file keychain, which deletes one item per call.
    private func remove(_ account: String, _ query: KeychainQuery) throws {
        var query = query
        query.account = account
        for _ in 0..<Self.maximumRounds {
            let status = items.delete(query)
            if status == KeychainStatus.itemNotFound { return }
            guard status == KeychainStatus.success else { throw KeychainStatusError(status: status) }
            if query.dataProtectionKeychain { return }
        }
        throw KeychainStatusError(status: KeychainStatus.duplicateItem)
    }
}
