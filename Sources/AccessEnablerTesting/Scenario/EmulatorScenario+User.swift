import AccessEnabler
import Foundation

extension EmulatorScenario {
    /// A viewer who can sign in at an MVPD, with the user metadata the MVPD shares.
    public struct User: Codable, Sendable, Hashable {
        /// The login name typed into the MVPD form.
        public var username: String
        /// The password typed into the MVPD form.
        public var password: String
        /// The user ID reported in tokens (`userId`).
        public var userID: String
        /// User metadata (`/tokens/usermetadata` `data`); empty means the MVPD shares none (404).
        public var metadata: [String: JSONValue]
        /// The metadata keys the service provider sends encrypted.
        ///
        /// The emulator stands in Base64 of the plain value (a string as is, anything else as its
        /// JSON text) for the RSA encryption real servers use.
        public var encryptedMetadata: [String]

        /// Creates a user.
        public init(
            username: String,
            password: String,
            userID: String? = nil,
            metadata: [String: JSONValue] = [:],
            encryptedMetadata: [String] = []
        ) {
            self.username = username
            self.password = password
            self.userID = userID ?? username
            self.metadata = metadata
            self.encryptedMetadata = encryptedMetadata
        }

        private enum CodingKeys: String, CodingKey, CaseIterable {
            case username, password, userID, metadata, encryptedMetadata
        }

        /// Decodes a user; only `username` is required (`userID` defaults to it).
        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            username = try container.decode(String.self, forKey: .username)
            password = try container.decodeIfPresent(String.self, forKey: .password) ?? ""
            userID = try container.decodeIfPresent(String.self, forKey: .userID) ?? username
            metadata = try container.decodeIfPresent([String: JSONValue].self, forKey: .metadata) ?? [:]
            encryptedMetadata = try container.decodeIfPresent([String].self, forKey: .encryptedMetadata) ?? []
        }
    }
}
