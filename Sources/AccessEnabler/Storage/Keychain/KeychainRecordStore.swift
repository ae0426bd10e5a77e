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
///   the entitlement (an unsigned tool), then the file keychain (without access group). Without
///   the entitlement a data-protection *search* finds nothing (`errSecItemNotFound`) and only a
///   write fails (`errSecMissingEntitlement`), so a write decides: the first one refused for
///   want of the entitlement settles on the file keychain and is made again there. A load that
///   finds nothing before any write probes with one (an item added and deleted), so that what
///   an earlier run stored in the file keychain is found;
/// - only macOS has a file keychain: on iOS, tvOS, watchOS and visionOS every flavour is the
///   data-protection keychain, with no probe. There `errSecMissingEntitlement` is a transient
///   failure a correctly signed app meets now and then: the write fails (a storage failure, and
///   the next write tries the same keychain again), and every item keeps
///   `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly` (without it Apple's default applies:
///   `WhenUnlocked`, restored to other devices from a backup);
/// - a removal or write conditional on a stored record reads it first; the keychain has no lock
///   across processes (an app and its extensions), so another process may change the item
///   between that read and the write: the comparison narrows the window, it does not close it;
/// - another process sharing the access group may add the same record between this one's update
///   and add (`errSecDuplicateItem`): the write updates again;
/// - any other status, `errSecInteractionNotAllowed` before first unlock included, throws: the
///   SDK reports a storage failure and never reads a locked keychain as "signed out".
struct KeychainRecordStore: Sendable {
    /// Which keychain the queries address.
    enum Flavour: Sendable, Hashable {
        /// The data-protection keychain; on macOS the file keychain when the process lacks the
        /// entitlement (decided by the first write the data-protection keychain refuses with
        /// `errSecMissingEntitlement`, or that it accepts, then kept for the process).
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
    /// The account of the item a load adds and deletes to learn which keychain this process may
    /// write to (never left behind unless the process dies in between; the SDK ignores it).
    static let probeAccount = "keychain-probe"

    /// A store over `items`; `hasFileKeychain` says whether the platform has the macOS file
    /// keychain (``platformHasFileKeychain`` for the running one): without it every flavour is
    /// ``Flavour/dataProtection``.
    init(service: String, accessGroup: String?, flavour: Flavour, hasFileKeychain: Bool, items: any KeychainItems) {
        self.service = service
        self.accessGroup = accessGroup
        self.items = items
        self.flavour = LockedValue(hasFileKeychain ? flavour : .dataProtection)
    }

    /// Whether the running platform has the file keychain the fallback may move to: macOS (a
    /// Mac Catalyst app, an iOS app in its build, keeps the iOS behaviour).
    static var platformHasFileKeychain: Bool {
        #if os(macOS)
        true
        #else
        false
        #endif
    }

    /// The flavour the next call uses.
    var currentFlavour: Flavour { flavour.withLock { $0 } }

    func loadRecords() throws -> [String: Data] {
        try run { query in
            let records = try read(query)
            guard currentFlavour == .automatic, query.dataProtectionKeychain else { return records }
            if !records.isEmpty {
                settle(.dataProtection)
                return records
            }
            // Nothing found may mean no entitlement (searches then find nothing): a write
            // decides, and without the entitlement `run` reads the file keychain instead.
            if accessGroup == nil {
                var probe = query
                probe.account = Self.probeAccount
                try write(Data(), probe)
                try remove(Self.probeAccount, query)
                settle(.dataProtection)
            }
            return records
        }
    }

    func writeRecord(_ data: Data, forKey key: String) throws {
        try run { query in
            var query = query
            query.account = key
            try write(data, query)
            settleOnWrite(query)
        }
    }

    func removeRecord(forKey key: String) throws {
        try run { query in
            try remove(key, query)
            settleOnWrite(query)
        }
    }

    func removeAllRecords() throws {
        try run { query in
            for account in try accounts(query) { try remove(account, query) }
        }
    }

    /// Reads the item under `key` and applies `changes` if it satisfies `condition`. Another
    /// process may change the item between the read and the writes: no lock spans them.
    func applyChanges(_ changes: [TokenStorageChange], ifRecord key: String, satisfies condition: (Data?) -> Bool)
        throws -> Bool
    {
        try run { query in
            guard condition(try readItem(key, query)) else { return false }
            for change in changes {
                try change.apply(
                    write: { data, key in
                        var item = query
                        item.account = key
                        try write(data, item)
                    }, remove: { try remove($0, query) })
            }
            if !changes.isEmpty { settleOnWrite(query) }
            return true
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
    /// `errSecMissingEntitlement` (no access group asked for: the file keychain has none) settles
    /// on the file keychain and runs again there, so the write that was refused is made.
    private func run<T>(_ body: (KeychainQuery) throws -> T) throws -> T {
        let current = currentFlavour
        do {
            return try body(baseQuery(current))
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

    /// A write the data-protection keychain accepted: the process has the entitlement.
    private func settleOnWrite(_ query: KeychainQuery) {
        if query.dataProtectionKeychain { settle(.dataProtection) }
    }

    /// Every record (each account listed, then read on its own).
    private func read(_ query: KeychainQuery) throws -> [String: Data] {
        var records: [String: Data] = [:]
        for account in try accounts(query) where account != Self.probeAccount {
            // Nil: removed by another process since the listing.
            if let data = try readItem(account, query) { records[account] = data }
        }
        return records
    }

    /// The data of `account`, or nil when there is no such item.
    private func readItem(_ account: String, _ query: KeychainQuery) throws -> Data? {
        var read = query
        read.account = account
        read.limit = .one
        read.returning = .data
        let search = items.copyMatching(read)
        if search.status == KeychainStatus.itemNotFound { return nil }
        guard search.status == KeychainStatus.success, let data = search.items.first?.data else {
            throw KeychainStatusError(status: search.status)
        }
        return data
    }

    /// Updates the item `query` names, or adds it.
    private func write(_ data: Data, _ query: KeychainQuery) throws {
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
