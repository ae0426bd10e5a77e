import Foundation

/// Persistent storage for the SDK's records (tokens, credentials, the selected MVPD).
///
/// A key–value store of opaque records: the SDK writes one small record per change, so the cost
/// of a write does not depend on how much is stored. Calls are synchronous and made from the
/// token cache actor one at a time. Throw on any failure: the SDK reports it as a storage error
/// and never treats an unreadable store as "logged out". Throw ``TokenStorageCorruption`` from
/// ``loadRecords()`` when the stored data is unreadable and was moved aside.
///
/// ## Several processes on one store
///
/// A removal or a write that depends on a session read earlier (the session a rejected request
/// was sent for, the session an authorization was obtained for) goes through
/// ``applyChanges(_:ifRecord:satisfies:)``: the store reads the record again, with what other
/// instances and processes wrote since, and applies the changes only if it is still the one the
/// caller expects. The default implementation reads with ``loadRecords()`` and then writes,
/// which is enough within one process; a store shared between processes should implement it
/// under a lock that spans the read and the writes, as ``FileTokenStorage`` does.
///
/// ## Waiting
///
/// A store that waits for other processes (a file lock) should wait no longer than
/// ``TokenStorageWaitBudget/current`` allows: the SDK gives each call one budget for all of
/// its storage operations.
public protocol TokenStorage: Sendable {
    /// Every stored record.
    func loadRecords() throws -> [String: Data]
    /// Stores `data` under `key`, replacing any previous record.
    func writeRecord(_ data: Data, forKey key: String) throws
    /// Removes the record under `key`; removing a missing record is not an error.
    func removeRecord(forKey key: String) throws
    /// Removes every record.
    func removeAllRecords() throws
    /// Applies `changes` in order, only if the record stored under `key` (nil when there is none),
    /// read again now, satisfies `condition`. Returns whether it applied them.
    ///
    /// Has a default implementation (``loadRecords()``, then the writes and removals), atomic
    /// only as far as nothing else writes in between.
    func applyChanges(_ changes: [TokenStorageChange], ifRecord key: String, satisfies condition: (Data?) -> Bool)
        throws -> Bool
}

/// One change ``TokenStorage/applyChanges(_:ifRecord:satisfies:)`` applies.
public enum TokenStorageChange: Sendable, Hashable {
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

extension TokenStorage {
    /// Reads the record with ``loadRecords()``, then applies the changes one by one with
    /// ``writeRecord(_:forKey:)`` and ``removeRecord(forKey:)``. Another process may write
    /// between the read and the writes: implement it in a store that can lock across processes.
    public func applyChanges(
        _ changes: [TokenStorageChange], ifRecord key: String, satisfies condition: (Data?) -> Bool
    )
        throws -> Bool
    {
        guard condition(try loadRecords()[key]) else { return false }
        for change in changes {
            try change.apply(write: { try writeRecord($0, forKey: $1) }, remove: { try removeRecord(forKey: $0) })
        }
        return true
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
public enum StorageIntegrityCheck: Sendable, Hashable {
    /// Check nothing (the legacy default).
    case none
    /// Verify that storage works (a write/read round trip) and that every record decodes; clear
    /// the store only when a check fails, and report it.
    case all
    /// Clear the store every time it is opened.
    case clear
}
