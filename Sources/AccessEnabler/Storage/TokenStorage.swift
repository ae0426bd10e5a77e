import Foundation

/// Persistent storage for the SDK's records (tokens, credentials, the selected MVPD).
///
/// A key–value store of opaque records: the SDK writes one small record per change, so the cost
/// of a write does not depend on how much is stored. Calls are synchronous and made from the
/// token cache actor one at a time. Throw on any failure: the SDK reports it as a storage error
/// and never treats an unreadable store as "logged out". Throw ``TokenStorageCorruption`` from
/// ``loadRecords()`` when the stored data is unreadable and was moved aside.
public protocol TokenStorage: Sendable {
    /// Every stored record.
    func loadRecords() throws -> [String: Data]
    /// Stores `data` under `key`, replacing any previous record.
    func writeRecord(_ data: Data, forKey key: String) throws
    /// Removes the record under `key`; removing a missing record is not an error.
    func removeRecord(forKey key: String) throws
    /// Removes every record.
    func removeAllRecords() throws
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
