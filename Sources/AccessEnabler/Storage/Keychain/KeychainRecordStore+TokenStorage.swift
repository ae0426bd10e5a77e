import Foundation

// The record store as a `TokenStorage` of its own (the tests give it to an SDK instance over a
// fake keychain). Keychain calls answer at once: the deadline is not needed.
extension KeychainRecordStore: TokenStorage {
    nonisolated(nonsending) func loadRecords(before deadline: TokenStorageDeadline) async throws -> [String: Data] {
        try loadRecords()
    }

    nonisolated(nonsending) func writeRecord(_ data: Data, forKey key: String, before deadline: TokenStorageDeadline)
        async throws
    {
        try writeRecord(data, forKey: key)
    }

    nonisolated(nonsending) func removeRecord(forKey key: String, before deadline: TokenStorageDeadline) async throws {
        try removeRecord(forKey: key)
    }

    nonisolated(nonsending) func removeAllRecords(before deadline: TokenStorageDeadline) async throws {
        try removeAllRecords()
    }

    nonisolated(nonsending) func applyChanges(
        _ changes: [TokenStorageChange], ifRecord key: String, satisfies condition: (Data?) -> Bool,
        before deadline: TokenStorageDeadline
    ) async throws -> Bool {
        try applyChanges(changes, ifRecord: key, satisfies: condition)
    }
}
