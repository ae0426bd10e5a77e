import Foundation

extension EmulatorScenario {
    /// Which software statements Dynamic Client Registration accepts.
    public struct SoftwareStatementPolicy: Codable, Sendable, Hashable {
        /// The statements accepted; nil accepts any non-empty statement. Others get
        /// `invalid_software_statement`.
        public var accepted: [String]?
        /// Revoked statements: registering with one gets `unapproved_software_statement`.
        public var revoked: [String]

        /// Creates a policy.
        public init(accepted: [String]? = nil, revoked: [String] = []) {
            self.accepted = accepted
            self.revoked = revoked
        }

        private enum CodingKeys: String, CodingKey, CaseIterable { case accepted, revoked }

        /// Decodes a policy; a missing `accepted` accepts any statement, a missing `revoked` revokes none.
        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            accepted = try container.decodeIfPresent([String].self, forKey: .accepted)
            revoked = try container.decodeIfPresent([String].self, forKey: .revoked) ?? []
        }
    }
}
