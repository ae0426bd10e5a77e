import Foundation

/// One Keychain query as the SDK composes it: a generic-password item of `service`, one
/// `account` (a record key) or all of them. ``KeychainItems`` turns it into Security's
/// dictionary; tests compare it as a value.
struct KeychainQuery: Sendable, Equatable {
    /// How many items a search may return.
    enum Limit: Sendable, Hashable { case one, all }
    /// What a search returns.
    enum Returning: Sendable, Hashable { case nothing, attributes, data }

    var service: String
    /// The record key; nil matches every item of the service.
    var account: String?
    var accessGroup: String?
    /// `kSecUseDataProtectionKeychain`: the iOS-style keychain on macOS (the only one elsewhere).
    var dataProtectionKeychain: Bool
    var limit: Limit?
    var returning: Returning = .nothing
}

/// What a search found: the account of each item, or the data of one.
struct KeychainItem: Sendable {
    var account: String?
    var data: Data?
}

/// The result of a search: Security's status and the items when it is success.
struct KeychainSearch: Sendable {
    var status: Int32
    var items: [KeychainItem] = []
}

/// The `OSStatus` codes the SDK tells apart (Security's values, so Linux tests use the same).
enum KeychainStatus {
    static let success: Int32 = 0
    static let param: Int32 = -50
    static let duplicateItem: Int32 = -25299
    static let itemNotFound: Int32 = -25300
    static let interactionNotAllowed: Int32 = -25308
    static let missingEntitlement: Int32 = -34018
}

/// A Keychain call that failed, as the `NSOSStatusErrorDomain` error Apple reports: the token
/// cache turns it into ``AccessEnablerError/storageFailure`` (never "signed out").
struct KeychainStatusError: Error, CustomNSError, CustomStringConvertible {
    var status: Int32
    static var errorDomain: String { "NSOSStatusErrorDomain" }
    var errorCode: Int { Int(status) }
    var description: String { "Keychain status \(status)" }
}
