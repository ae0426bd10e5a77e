#if canImport(Security)
import Foundation
import Security

/// Storage in the Keychain: one generic-password item per record, readable after first unlock
/// (so background refreshes and AirPlay work while the device is locked), never synchronized.
public final class KeychainTokenStorage: TokenStorage {
    /// The Keychain service name the items are stored under.
    public let service: String
    /// The access group, for sharing between apps of one team.
    public let accessGroup: String?

    /// Creates Keychain storage.
    public init(service: String = "com.adobe.pass.AccessEnabler", accessGroup: String? = nil) {
        self.service = service
        self.accessGroup = accessGroup
    }

    private func baseQuery() -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
        ]
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        return query
    }

    public func loadRecords() throws -> [String: Data] {
        var query = baseQuery()
        query[kSecMatchLimit as String] = kSecMatchLimitAll
        query[kSecReturnAttributes as String] = true
        query[kSecReturnData as String] = true
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        if status == errSecItemNotFound { return [:] }
        guard status == errSecSuccess, let items = result as? [[String: Any]] else { throw Self.error(status) }
        var records: [String: Data] = [:]
        for item in items {
            if let key = item[kSecAttrAccount as String] as? String, let data = item[kSecValueData as String] as? Data {
                records[key] = data
            }
        }
        return records
    }

    public func writeRecord(_ data: Data, forKey key: String) throws {
        var query = baseQuery()
        query[kSecAttrAccount as String] = key
        let update: [String: Any] = [kSecValueData as String: data]
        var status = SecItemUpdate(query as CFDictionary, update as CFDictionary)
        if status == errSecItemNotFound {
            query[kSecValueData as String] = data
            query[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            status = SecItemAdd(query as CFDictionary, nil)
        }
        guard status == errSecSuccess else { throw Self.error(status) }
    }

    public func removeRecord(forKey key: String) throws {
        var query = baseQuery()
        query[kSecAttrAccount as String] = key
        let status = SecItemDelete(query as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw Self.error(status) }
    }

    public func removeAllRecords() throws {
        let status = SecItemDelete(baseQuery() as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw Self.error(status) }
    }

    private static func error(_ status: OSStatus) -> NSError {
        NSError(domain: NSOSStatusErrorDomain, code: Int(status))
    }
}
#endif
