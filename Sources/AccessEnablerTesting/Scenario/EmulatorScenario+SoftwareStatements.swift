import Foundation

extension EmulatorScenario {
    /// Which software statements Dynamic Client Registration accepts.
    public struct SoftwareStatementPolicy: Codable, Sendable, Hashable {
        /// The statements accepted; nil accepts any non-empty statement. Others get
        /// `invalid_software_statement`.
        public var accepted: [String]?
        /// Revoked statements: registering with one gets `unapproved_software_statement`.
        public var revoked: [String]
        /// The redirect URIs issued with the statements (the app's custom scheme,
        /// `adbe.<id>://adobe.com`): the registration returns them after the one the client sent.
        public var redirectURIs: [String]

        /// Creates a policy.
        public init(accepted: [String]? = nil, revoked: [String] = [], redirectURIs: [String] = []) {
            self.accepted = accepted
            self.revoked = revoked
            self.redirectURIs = redirectURIs
        }

        private enum CodingKeys: String, CodingKey, CaseIterable { case accepted, revoked, redirectURIs }

        /// Decodes a policy; a missing `accepted` accepts any statement, a missing `revoked` revokes none.
        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            accepted = try container.decodeIfPresent([String].self, forKey: .accepted)
            revoked = try container.decodeIfPresent([String].self, forKey: .revoked) ?? []
            redirectURIs = try container.decodeIfPresent([String].self, forKey: .redirectURIs) ?? []
        }
    }
}
