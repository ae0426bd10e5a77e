import Foundation

/// Storage that lives as long as the object: the default on Linux and in tests.
public final class InMemoryTokenStorage: TokenStorage {
    private let records: LockedValue<[String: Data]>

    /// Creates an empty store, or one holding `records`.
    public init(records: [String: Data] = [:]) {
        self.records = LockedValue(records)
    }

    public func loadRecords() throws -> [String: Data] { records.withLock { $0 } }
    public func writeRecord(_ data: Data, forKey key: String) throws { records.withLock { $0[key] = data } }
    public func removeRecord(forKey key: String) throws { _ = records.withLock { $0.removeValue(forKey: key) } }
    public func removeAllRecords() throws { records.withLock { $0.removeAll() } }

    /// Checks and applies under one lock.
    public func applyChanges(
        _ changes: [TokenStorageChange], ifRecord key: String, satisfies condition: (Data?) -> Bool
    )
        throws -> Bool
    {
        records.withLock { records in
            guard condition(records[key]) else { return false }
            for change in changes {
                change.apply(write: { records[$1] = $0 }, remove: { records.removeValue(forKey: $0) })
            }
            return true
        }
    }

    /// The number of records held (for tests and diagnostics).
    public var recordCount: Int { records.withLock { $0.count } }
    /// The keys held (for tests and diagnostics).
    public var keys: Set<String> { records.withLock { Set($0.keys) } }
}
