import Foundation

/// The synchronous storage protocol of earlier versions, kept for one release: a store written
/// for it conforms to ``TokenStorage`` through this protocol, its calls made as they were, and
/// the deadline ignored.
///
/// Change the conformance of such a store from `TokenStorage` to `SynchronousTokenStorage`; then
/// move it to ``TokenStorage``'s asynchronous requirements, which take the call's
/// ``TokenStorageDeadline``. A store whose operations can wait (for a lock) must not use this
/// protocol: its waits would block a thread of Swift's cooperative pool.
@available(*, deprecated, message: "Conform to TokenStorage, whose asynchronous requirements take the call's deadline")
public protocol SynchronousTokenStorage: TokenStorage {
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

@available(*, deprecated)
extension SynchronousTokenStorage {
    /// Reads the record with ``loadRecords()``, then applies the changes one by one with
    /// ``writeRecord(_:forKey:)`` and ``removeRecord(forKey:)``.
    public func applyChanges(
        _ changes: [TokenStorageChange], ifRecord key: String, satisfies condition: (Data?) -> Bool
    ) throws -> Bool {
        guard condition(try loadRecords()[key]) else { return false }
        for change in changes {
            try change.apply(write: { try writeRecord($0, forKey: $1) }, remove: { try removeRecord(forKey: $0) })
        }
        return true
    }

    /// ``loadRecords()``.
    public nonisolated(nonsending) func loadRecords(before deadline: TokenStorageDeadline) async throws
        -> [String: Data]
    {
        try loadRecords()
    }

    /// ``writeRecord(_:forKey:)``.
    public nonisolated(nonsending) func writeRecord(
        _ data: Data, forKey key: String, before deadline: TokenStorageDeadline
    ) async throws {
        try writeRecord(data, forKey: key)
    }

    /// ``removeRecord(forKey:)``.
    public nonisolated(nonsending) func removeRecord(forKey key: String, before deadline: TokenStorageDeadline)
        async throws
    {
        try removeRecord(forKey: key)
    }

    /// ``removeAllRecords()``.
    public nonisolated(nonsending) func removeAllRecords(before deadline: TokenStorageDeadline) async throws {
        try removeAllRecords()
    }

    /// ``applyChanges(_:ifRecord:satisfies:)``.
    public nonisolated(nonsending) func applyChanges(
        _ changes: [TokenStorageChange], ifRecord key: String, satisfies condition: (Data?) -> Bool,
        before deadline: TokenStorageDeadline
    ) async throws -> Bool {
        try applyChanges(changes, ifRecord: key, satisfies: condition)
    }
}
