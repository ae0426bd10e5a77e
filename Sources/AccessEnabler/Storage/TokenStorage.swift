import Foundation

/// Persistent storage for the SDK's records (tokens, credentials, the selected MVPD).
///
/// A key–value store of opaque records: the SDK writes one small record per change, so the cost
/// of a write does not depend on how much is stored. The token cache calls it one operation at
/// a time. Throw on any failure: the SDK reports it as a storage error and never treats an
/// unreadable store as "logged out". Throw ``TokenStorageCorruption`` from
/// ``loadRecords(before:)`` when the stored data is unreadable and was moved aside.
///
/// The requirements are `nonisolated(nonsending)`: they run on the caller's executor (the token
/// cache's), so a store that answers at once costs no hop. A store that has to wait (for another
/// process's lock) suspends, with ``TokenStorageDeadline/sleep(upTo:)`` or any other
/// suspension, and never blocks the thread: the SDK's calls run on Swift's cooperative pool,
/// which has as many threads as the device has cores.
///
/// A store written for the synchronous protocol of earlier versions conforms to
/// ``SynchronousTokenStorage`` instead (deprecated).
///
/// ## Several processes on one store
///
/// A removal or a write that depends on a session read earlier (the session a rejected request
/// was sent for, the session an authorization was obtained for) goes through
/// ``applyChanges(_:ifRecord:satisfies:before:)``: the store reads the record again, with what
/// other instances and processes wrote since, and applies the changes only if it is still the
/// one the caller expects. A store shared between processes implements it under a lock that
/// spans the read and the writes, as ``FileTokenStorage`` does, and reports a
/// ``changeMarker()`` so that an instance learns that another one wrote.
///
/// ## Waiting
///
/// Each operation carries the ``TokenStorageDeadline`` of the SDK call it belongs to (one per
/// public call: the call's ``RetryPolicy/deadline``, on the SDK's clock). A store that waits for
/// other processes waits no later than that deadline, then throws.
public protocol TokenStorage: Sendable {
    /// Every stored record.
    nonisolated(nonsending) func loadRecords(before deadline: TokenStorageDeadline) async throws -> [String: Data]
    /// Stores `data` under `key`, replacing any previous record.
    nonisolated(nonsending) func writeRecord(_ data: Data, forKey key: String, before deadline: TokenStorageDeadline)
        async throws
    /// Removes the record under `key`; removing a missing record is not an error.
    nonisolated(nonsending) func removeRecord(forKey key: String, before deadline: TokenStorageDeadline) async throws
    /// Removes every record.
    nonisolated(nonsending) func removeAllRecords(before deadline: TokenStorageDeadline) async throws
    /// Applies `changes` in order, only if the record stored under `key` (nil when there is none),
    /// read again now, satisfies `condition`. Returns whether it applied them; with no changes,
    /// it reads the one record.
    nonisolated(nonsending) func applyChanges(
        _ changes: [TokenStorageChange], ifRecord key: String, satisfies condition: (Data?) -> Bool,
        before deadline: TokenStorageDeadline
    ) async throws -> Bool
    /// A value that changes whenever anyone (this instance, another one, another process)
    /// changes the store, cheap to read (no lock, no decoding); nil when the store cannot tell.
    /// The SDK compares it in `checkAuthentication()`, which otherwise answers from memory, to
    /// take a login or logout another process made. By default nil.
    nonisolated(nonsending) func changeMarker() async throws -> TokenStorageChangeMarker?
}

extension TokenStorage {
    public nonisolated(nonsending) func changeMarker() async throws -> TokenStorageChangeMarker? { nil }
}

/// What ``TokenStorage/changeMarker()`` returns: equal markers mean the store has not changed
/// between the two readings. Compared within one process only.
public struct TokenStorageChangeMarker: Sendable, Hashable {
    private let value: Int

    /// A marker made of `state`: what changes when the store changes (a file's identity, size and
    /// modification time; a counter).
    public init(_ state: some Hashable) {
        value = state.hashValue
    }
}

/// One change ``TokenStorage/applyChanges(_:ifRecord:satisfies:before:)`` applies.
public indirect enum TokenStorageChange: Sendable, Equatable {
    /// Stores the data under the key, replacing any previous record.
    case write(Data, forKey: String)
    /// Removes the record under the key, if there is one.
    case remove(forKey: String)

    /// The record the change is about.
    public var key: String {
        switch self {
        case .write(_, let key), .remove(let key): key
        }
    }

    /// Carries the change out with a store's own write and removal.
    func apply(write: (Data, String) throws -> Void, remove: (String) throws -> Void) rethrows {
        switch self {
        case .write(let data, let key): try write(data, key)
        case .remove(let key): try remove(key)
        }
    }
}

/// Stored data that could not be read and was moved aside (not deleted); the store is now empty.
public struct TokenStorageCorruption: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the unreadable data now is, when it was a file.
    public var movedTo: URL?
    /// Why it could not be read.
    public var reason: String

    /// Creates a corruption report.
    public init(movedTo: URL?, reason: String) {
        self.movedTo = movedTo
        self.reason = reason
    }

    public var description: String {
        "token storage was unreadable (\(reason))" + (movedTo.map { "; moved to \($0.path)" } ?? "")
    }
}

/// What to check when the store is opened (the legacy `IntegrityCheckType`).
public enum StorageIntegrityCheck: Sendable, Equatable {
    /// Check nothing (the legacy default).
    case none
    /// Verify that storage works (a write/read round trip) and that every record decodes; clear
    /// the store only when a check fails, and report it.
    case all
    /// Clear the store every time it is opened.
    case clear
}
