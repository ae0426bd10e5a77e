import Foundation

/// What ``AccessEnabler/getMetadata(_:)`` can read.
public enum MetadataKey: Sendable, Hashable {
    /// When the authentication expires (from the cache, no network).
    case authenticationExpiry
    /// When the cached authorization for `resource` expires (from the cache, no network).
    case authorizationExpiry(resource: String)
    /// The SDK's device ID (a SHA-256 hex string). Treat it as a secret.
    case deviceID
    /// One user-metadata attribute from the MVPD, for example `zip` or `householdID`.
    case userMetadata(String)
}

/// A metadata value.
public struct Metadata: Sendable, Hashable {
    /// The key that was read.
    public var key: MetadataKey
    /// The value: epoch milliseconds for expiries, a string for the device ID, JSON for user metadata
    /// (`.null` when the MVPD did not provide the attribute).
    public var value: JSONValue
    /// Whether the value is encrypted with the programmer's user-metadata certificate (decrypt it
    /// with the matching private key).
    public var isEncrypted: Bool

    /// Creates a metadata value.
    public init(key: MetadataKey, value: JSONValue, isEncrypted: Bool = false) {
        self.key = key
        self.value = value
        self.isEncrypted = isEncrypted
    }

    /// The value as a date, for the expiry keys.
    public var date: Date? {
        value.numberValue.map { Date(epochMilliseconds: Int64(saturating: $0)) }
    }
}

extension Metadata: CustomStringConvertible, CustomReflectable {
    public var description: String {
        if key == .deviceID { return "Metadata(deviceID: <redacted>)" }
        return "Metadata(\(key): \(value)\(isEncrypted ? ", encrypted" : ""))"
    }
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "key": key, "value": key == .deviceID ? JSONValue.string("<redacted>") : value,
                "isEncrypted": isEncrypted,
            ])
    }
}
