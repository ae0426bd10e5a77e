import AccessEnabler
import Foundation

/// `metadata …`: `{"key", "value", "encrypted"}`.
///
/// Keys: `authn-expiry`, `authz-expiry:<resource>`, `device-id`, `user:<name>`. Expiries are epoch
/// milliseconds; user metadata is the MVPD's JSON value (`null` when it has none).
struct MetadataReport: CommandReport {
    var key: String
    var value: JSONValue
    var encrypted: Bool
    /// Text output only: the value as a date, for expiries.
    var date: Date?

    private enum CodingKeys: String, CodingKey { case key, value, encrypted }

    init(key: String, metadata: Metadata) {
        self.key = key
        self.encrypted = metadata.isEncrypted
        self.value = metadata.value
        // Expiries are encoded from the date, as whole milliseconds (an integer in the JSON).
        self.date = Self.isExpiry(metadata.key) ? metadata.date : nil
    }

    private static func isExpiry(_ key: MetadataKey) -> Bool {
        switch key {
        case .authenticationExpiry, .authorizationExpiry: true
        case .deviceID, .userMetadata: false
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        if let date {
            try container.encode(JSONOutput.milliseconds(date), forKey: .value)
        } else {
            try container.encode(value, forKey: .value)
        }
        try container.encode(encrypted, forKey: .encrypted)
    }

    var text: String {
        let shown: String
        if let date {
            shown = DateText.describe(date)
        } else if case .string(let string) = value {
            shown = string
        } else {
            shown = value.description
        }
        return "\(key): \(shown)" + (encrypted ? " (encrypted)" : "")
    }
}
