import Foundation
@testable import AccessEnabler

/// A Keychain that behaves as Apple documents each one, for the queries ``KeychainRecordStore``
/// makes: the iOS / tvOS keychain (data protection only), and the macOS pair (the file keychain,
/// which rejects `kSecMatchLimitAll` with `kSecReturnData` and deletes one item per call, beside
/// the data-protection keychain, which needs an entitlement).
///
/// Without the entitlement (`.macOS(entitled: false)`: a Developer ID app without a provisioning
/// profile, a command-line tool) the data-protection keychain answers as Apple's own keychain
/// tests show it does: a search finds nothing (`errSecItemNotFound`), and every add, update and
/// delete fails with `errSecMissingEntitlement` (-34018).
final class FakeKeychain: KeychainItems {
    enum Platform: Sendable, CustomStringConvertible {
        /// iOS, iPadOS, watchOS, visionOS: one data-protection keychain.
        case iOS
        /// tvOS: one data-protection keychain, as on iOS.
        case tvOS
        /// macOS; `entitled` = the process may use the data-protection keychain.
        case macOS(entitled: Bool)

        var description: String {
            switch self {
            case .iOS: "iOS"
            case .tvOS: "tvOS"
            case .macOS(let entitled): entitled ? "macOS (entitled)" : "macOS (unsigned)"
            }
        }

        /// Whether the platform has the macOS file keychain beside the data-protection one.
        var hasFileKeychain: Bool {
            if case .macOS = self { true } else { false }
        }
    }

    enum Kind: Sendable, Hashable { case dataProtection, file }

    struct Item: Sendable, Hashable {
        var kind: Kind
        var service: String
        var account: String
        var accessGroup: String
        var data: Data
        var thisDeviceAfterFirstUnlock: Bool
    }

    /// A call as the store made it.
    enum Call: Sendable, Equatable {
        case copy(KeychainQuery)
        case add(KeychainQuery, thisDeviceAfterFirstUnlock: Bool)
        case update(KeychainQuery)
        case delete(KeychainQuery)

        /// Whether the call changes the keychain (an add, update or delete).
        var isWrite: Bool {
            if case .copy = self { false } else { true }
        }

        var query: KeychainQuery {
            switch self {
            case .copy(let query), .add(let query, _), .update(let query), .delete(let query): query
            }
        }
    }

    private struct State {
        var items: [Item] = []
        var calls: [Call] = []
        var locked = false
        /// Runs once, between an add's arrival and its effect (another process's write).
        var beforeAdd: (@Sendable (inout [Item]) -> Void)?
        /// The statuses the next adds, updates and deletes fail with, one each, in order.
        var transientFailures: [Int32] = []
    }

    let platform: Platform
    static let defaultGroup = "TEAM.app"
    private let state = LockedValue(State())

    init(_ platform: Platform) { self.platform = platform }

    var items: [Item] { state.withLock { $0.items } }
    var calls: [Call] { state.withLock { $0.calls } }
    var locked: Bool {
        get { state.withLock { $0.locked } }
        set { state.withLock { $0.locked = newValue } }
    }
    func insert(_ item: Item) { state.withLock { $0.items.append(item) } }
    func beforeNextAdd(_ body: @escaping @Sendable (inout [Item]) -> Void) { state.withLock { $0.beforeAdd = body } }
    func clearCalls() { state.withLock { $0.calls = [] } }
    /// Fails the next `count` adds, updates or deletes with `status` (as iOS now and then answers a
    /// correctly signed app's write with `errSecMissingEntitlement`).
    func failNextWrites(with status: Int32, count: Int = 1) {
        state.withLock { $0.transientFailures += Array(repeating: status, count: count) }
    }

    /// The keychain a query addresses, or the status that refuses it.
    private func kind(_ query: KeychainQuery) -> Result<Kind, KeychainStatusError> {
        switch platform {
        case .iOS, .tvOS: return .success(.dataProtection)
        case .macOS(let entitled):
            guard query.dataProtectionKeychain else { return .success(.file) }
            return entitled ? .success(.dataProtection) : .failure(.init(status: KeychainStatus.missingEntitlement))
        }
    }

    private static func matches(_ item: Item, _ kind: Kind, _ query: KeychainQuery) -> Bool {
        item.kind == kind && item.service == query.service && (query.account == nil || item.account == query.account)
            && (query.accessGroup == nil || item.accessGroup == query.accessGroup)
    }

    private func prologue(_ call: Call, _ state: inout State) -> Result<Kind, KeychainStatusError> {
        state.calls.append(call)
        if state.locked { return .failure(.init(status: KeychainStatus.interactionNotAllowed)) }
        if call.isWrite, !state.transientFailures.isEmpty {
            return .failure(.init(status: state.transientFailures.removeFirst()))
        }
        return kind(call.query)
    }

    func copyMatching(_ query: KeychainQuery) -> KeychainSearch {
        state.withLock { state in
            let kind: Kind
            switch prologue(.copy(query), &state) {
            case .failure(let error) where error.status == KeychainStatus.missingEntitlement:
                // Reads "succeed" without the entitlement: there is nothing this process may see.
                return KeychainSearch(status: KeychainStatus.itemNotFound)
            case .failure(let error): return KeychainSearch(status: error.status)
            case .success(let found): kind = found
            }
            // The file keychain: "kSecMatchLimitAll with kSecReturnData is not supported".
            if kind == .file, query.limit == .all, query.returning == .data {
                return KeychainSearch(status: KeychainStatus.param)
            }
            var found = state.items.filter { Self.matches($0, kind, query) }
            if found.isEmpty { return KeychainSearch(status: KeychainStatus.itemNotFound) }
            if query.limit != .all { found = [found[0]] }
            return KeychainSearch(
                status: KeychainStatus.success,
                items: found.map {
                    switch query.returning {
                    case .attributes: KeychainItem(account: $0.account)
                    case .data: KeychainItem(account: nil, data: $0.data)
                    case .nothing: KeychainItem()
                    }
                })
        }
    }

    func add(_ query: KeychainQuery, data: Data, thisDeviceAfterFirstUnlock: Bool) -> Int32 {
        state.withLock { state in
            let kind: Kind
            switch prologue(.add(query, thisDeviceAfterFirstUnlock: thisDeviceAfterFirstUnlock), &state) {
            case .failure(let error): return error.status
            case .success(let found): kind = found
            }
            if let other = state.beforeAdd {
                state.beforeAdd = nil
                other(&state.items)
            }
            guard let account = query.account else { return KeychainStatus.param }
            let group = kind == .file ? "" : (query.accessGroup ?? Self.defaultGroup)
            if state.items.contains(where: {
                $0.kind == kind && $0.service == query.service && $0.account == account && $0.accessGroup == group
            }) {
                return KeychainStatus.duplicateItem
            }
            state.items.append(
                Item(
                    kind: kind, service: query.service, account: account, accessGroup: group, data: data,
                    thisDeviceAfterFirstUnlock: thisDeviceAfterFirstUnlock))
            return KeychainStatus.success
        }
    }

    func update(_ query: KeychainQuery, data: Data) -> Int32 {
        state.withLock { state in
            let kind: Kind
            switch prologue(.update(query), &state) {
            case .failure(let error): return error.status
            case .success(let found): kind = found
            }
            var updated = false
            for index in state.items.indices where Self.matches(state.items[index], kind, query) {
                state.items[index].data = data
                updated = true
            }
            return updated ? KeychainStatus.success : KeychainStatus.itemNotFound
        }
    }

    func delete(_ query: KeychainQuery) -> Int32 {
        state.withLock { state in
            let kind: Kind
            switch prologue(.delete(query), &state) {
            case .failure(let error): return error.status
            case .success(let found): kind = found
            }
            guard let first = state.items.firstIndex(where: { Self.matches($0, kind, query) }) else {
                return KeychainStatus.itemNotFound
            }
            if kind == .file {
                // The file keychain deletes the first match only.
                state.items.remove(at: first)
            } else {
                state.items.removeAll { Self.matches($0, kind, query) }
            }
            return KeychainStatus.success
        }
    }
}
