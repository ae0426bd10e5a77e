#if canImport(Security)
import Foundation
import Security

/// ``KeychainItems`` on Security: each typed query becomes its attribute dictionary, nothing
/// more (the decisions are in ``KeychainRecordStore``).
struct SecurityKeychainItems: KeychainItems {
    func copyMatching(_ query: KeychainQuery) -> KeychainSearch {
        var result: CFTypeRef?
        let status = SecItemCopyMatching(Self.dictionary(query) as CFDictionary, &result)
        guard status == errSecSuccess else { return KeychainSearch(status: status) }
        switch query.returning {
        case .data:
            return KeychainSearch(status: status, items: [KeychainItem(account: query.account, data: result as? Data)])
        case .attributes:
            let found = (result as? [[String: Any]]) ?? (result as? [String: Any]).map { [$0] } ?? []
            return KeychainSearch(
                status: status, items: found.map { KeychainItem(account: $0[kSecAttrAccount as String] as? String) })
        case .nothing:
            return KeychainSearch(status: status)
        }
    }

    func add(_ query: KeychainQuery, data: Data, thisDeviceAfterFirstUnlock: Bool) -> Int32 {
        var attributes = Self.dictionary(query)
        attributes[kSecValueData as String] = data
        if thisDeviceAfterFirstUnlock {
            attributes[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        }
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    func update(_ query: KeychainQuery, data: Data) -> Int32 {
        SecItemUpdate(Self.dictionary(query) as CFDictionary, [kSecValueData as String: data] as CFDictionary)
    }

    func delete(_ query: KeychainQuery) -> Int32 {
        SecItemDelete(Self.dictionary(query) as CFDictionary)
    }

    static func dictionary(_ query: KeychainQuery) -> [String: Any] {
        var dictionary: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: query.service,
        ]
        if let account = query.account { dictionary[kSecAttrAccount as String] = account }
        if let accessGroup = query.accessGroup { dictionary[kSecAttrAccessGroup as String] = accessGroup }
        if query.dataProtectionKeychain { dictionary[kSecUseDataProtectionKeychain as String] = true }
        switch query.limit {
        case .one: dictionary[kSecMatchLimit as String] = kSecMatchLimitOne
        case .all: dictionary[kSecMatchLimit as String] = kSecMatchLimitAll
        case nil: break
        }
        switch query.returning {
        case .attributes: dictionary[kSecReturnAttributes as String] = true
        case .data: dictionary[kSecReturnData as String] = true
        case .nothing: break
        }
        return dictionary
    }
}
#endif
