import Foundation

extension EmulatorScenario {
    /// A requestor (programmer / channel) and the MVPDs it offers.
    public struct Requestor: Codable, Sendable, Hashable {
        /// The requestor ID, for example `REF`.
        public var id: String
        /// The display name.
        public var name: String
        /// The registered domains; a login's `domain_name` must be one of them.
        public var domains: [String]
        /// The IDs of the MVPDs offered, in picker order.
        public var mvpds: [String]

        /// Creates a requestor.
        public init(id: String, name: String? = nil, domains: [String] = ["adobe.com"], mvpds: [String] = []) {
            self.id = id
            self.name = name ?? id
            self.domains = domains
            self.mvpds = mvpds
        }

        private enum CodingKeys: String, CodingKey, CaseIterable { case id, name, domains, mvpds }

        /// Decodes a requestor; only `id` is required.
        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            name = try container.decodeIfPresent(String.self, forKey: .name) ?? id
            domains = try container.decodeIfPresent([String].self, forKey: .domains) ?? ["adobe.com"]
            mvpds = try container.decodeIfPresent([String].self, forKey: .mvpds) ?? []
        }
    }
}
