import Foundation

/// Storage that lives as long as the object: the default on Linux and in tests. Never waits.
public final class InMemoryTokenStorage: TokenStorage {
    private struct State {
        var records: [String: Data]
        /// Bumped by every change: the change marker.
        var changes: UInt64 = 0
    }

    private let state: LockedValue<State>

    /// Creates an empty store, or one holding `records`.
    public init(records: [String: Data] = [:]) {
        self.state = LockedValue(State(records: records))
    }

    public nonisolated(nonsending) func loadRecords(before deadline: TokenStorageDeadline) async throws
        -> [String: Data]
    {
        records
    }

    public nonisolated(nonsending) func writeRecord(
        _ data: Data, forKey key: String, before deadline: TokenStorageDeadline
    ) async throws {
        state.withLock {
            $0.records[key] = data
            $0.changes &+= 1
        }
    }

    public nonisolated(nonsending) func removeRecord(forKey key: String, before deadline: TokenStorageDeadline)
        async throws
    {
        state.withLock {
            $0.records.removeValue(forKey: key)
            $0.changes &+= 1
        }
    }

    public nonisolated(nonsending) func removeAllRecords(before deadline: TokenStorageDeadline) async throws {
        state.withLock {
            $0.records.removeAll()
            $0.changes &+= 1
        }
    }

    /// Checks and applies under one lock.
    public nonisolated(nonsending) func applyChanges(
        _ changes: [TokenStorageChange], ifRecord key: String, satisfies condition: (Data?) -> Bool,
        before deadline: TokenStorageDeadline
    ) async throws -> Bool {
        state.withLock { state in
            guard condition(state.records[key]) else { return false }
            for change in changes {
                change.apply(write: { state.records[$1] = $0 }, remove: { state.records.removeValue(forKey: $0) })
            }
            if !changes.isEmpty { state.changes &+= 1 }
            return true
        }
    }

    /// A counter of the changes made.
    public nonisolated(nonsending) func changeMarker() async throws -> TokenStorageChangeMarker? {
        TokenStorageChangeMarker(state.withLock { $0.changes })
    }

    /// Every record held (for tests and diagnostics).
    public var records: [String: Data] { state.withLock { $0.records } }
    /// The number of records held (for tests and diagnostics).
    public var recordCount: Int { state.withLock { $0.records.count } }
    /// The keys held (for tests and diagnostics).
    public var keys: Set<String> { state.withLock { Set($0.records.keys) } }
}
