import AccessEnabler
import Foundation

/// The stores' operations with a deadline the tests never reach (a minute of real time), as the
/// tests call them directly.
extension TokenStorageDeadline {
    static var inTests: TokenStorageDeadline { TokenStorageDeadline(after: .seconds(60)) }
}

extension FileTokenStorage {
    func loadRecords() async throws -> [String: Data] { try await loadRecords(before: .inTests) }
    func writeRecord(_ data: Data, forKey key: String) async throws {
        try await writeRecord(data, forKey: key, before: .inTests)
    }
    func removeRecord(forKey key: String) async throws { try await removeRecord(forKey: key, before: .inTests) }
    func removeAllRecords() async throws { try await removeAllRecords(before: .inTests) }
    func applyChanges(_ changes: [TokenStorageChange], ifRecord key: String, satisfies condition: (Data?) -> Bool)
        async throws -> Bool
    {
        try await applyChanges(changes, ifRecord: key, satisfies: condition, before: .inTests)
    }
}

extension InMemoryTokenStorage {
    func loadRecords() async throws -> [String: Data] { try await loadRecords(before: .inTests) }
    func writeRecord(_ data: Data, forKey key: String) async throws {
        try await writeRecord(data, forKey: key, before: .inTests)
    }
    func removeRecord(forKey key: String) async throws { try await removeRecord(forKey: key, before: .inTests) }
    func removeAllRecords() async throws { try await removeAllRecords(before: .inTests) }
}
