import AccessEnabler
import Foundation

/// The signed-in viewer's provider, sign-in expiry and the user metadata the MVPD shares.
public struct AccountDetails: Sendable, Hashable {
    /// The authentication.
    public var authentication: Authentication
    /// The user metadata asked for, in order.
    public var metadata: [Item]

    /// One user-metadata attribute.
    public struct Item: Sendable, Hashable, Identifiable {
        /// The attribute's name, for example `zip`.
        public var name: String
        /// Its value as text; nil when the MVPD does not provide it.
        public var value: String?
        /// Whether the MVPD encrypted it (the app would decrypt it with its private key).
        public var isEncrypted: Bool

        /// The row's identity is the attribute's name.
        public var id: String { name }
    }

    /// The attributes the emulator's user `alice` has (Adobe's list of user metadata names these).
    public static let sampleAttributes = ["householdID", "zip", "maxRating", "channelID"]

    /// Reads `attributes` of the signed-in viewer, one `getMetadata` call each.
    public static func load(
        _ authentication: Authentication, attributes: [String] = sampleAttributes, with enabler: AccessEnabler
    ) async throws -> AccountDetails {
        var items: [Item] = []
        for name in attributes {
            let metadata = try await enabler.getMetadata(.userMetadata(name))
            let text: String?
            switch metadata.value {
            case .null: text = nil
            case .string(let string): text = string
            default: text = metadata.value.description
            }
            items.append(Item(name: name, value: text, isEncrypted: metadata.isEncrypted))
        }
        return AccountDetails(authentication: authentication, metadata: items)
    }
}
