import Foundation

extension EmulatorScenario {
    /// Which resources viewers may watch: an ordered list of rules, the first match wins.
    public struct Entitlements: Codable, Sendable, Hashable {
        /// The rules, most specific first.
        public var rules: [Rule]
        /// The decision for a resource no rule matches (default: denied, with the standard
        /// "subscription package" details).
        public var authorizeUnlisted: Bool

        /// Creates entitlements.
        public init(rules: [Rule] = [], authorizeUnlisted: Bool = false) {
            self.rules = rules
            self.authorizeUnlisted = authorizeUnlisted
        }

        private enum CodingKeys: String, CodingKey, CaseIterable { case rules, authorizeUnlisted }

        /// Decodes entitlements; missing fields take their defaults.
        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            rules = try container.decodeIfPresent([Rule].self, forKey: .rules) ?? []
            authorizeUnlisted = try container.decodeIfPresent(Bool.self, forKey: .authorizeUnlisted) ?? false
        }

        /// The decision for `resource` when `userID` is signed in with `mvpd`.
        public func decision(resource: String, mvpd: String, userID: String) -> Decision {
            for rule in rules where rule.matches(resource: resource, mvpd: mvpd, userID: userID) {
                return Decision(
                    authorized: rule.authorized,
                    details: rule.authorized ? nil : (rule.details ?? Self.defaultDetails(for: resource)))
            }
            return Decision(
                authorized: authorizeUnlisted,
                details: authorizeUnlisted ? nil : Self.defaultDetails(for: resource))
        }

        /// The MVPD text for a denied resource when the rule gives none.
        public static func defaultDetails(for resource: String) -> String {
            "Your subscription package does not include the \"\(resource)\" channel."
        }
    }

    /// One entitlement rule.
    public struct Rule: Codable, Sendable, Hashable {
        /// The resource IDs the rule covers; `"*"` covers every resource.
        public var resources: [String]
        /// The MVPD the rule applies to; nil for every MVPD.
        public var mvpd: String?
        /// The user ID the rule applies to; nil for every user.
        public var userID: String?
        /// Whether the resources are authorized.
        public var authorized: Bool
        /// The MVPD's message for a denial (`details`).
        public var details: String?

        /// Creates a rule.
        public init(
            resources: [String], mvpd: String? = nil, userID: String? = nil, authorized: Bool,
            details: String? = nil
        ) {
            self.resources = resources
            self.mvpd = mvpd
            self.userID = userID
            self.authorized = authorized
            self.details = details
        }

        private enum CodingKeys: String, CodingKey, CaseIterable { case resources, mvpd, userID, authorized, details }

        /// Decodes a rule; missing `resources` means every resource, missing `authorized` means true.
        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            resources = try container.decodeIfPresent([String].self, forKey: .resources) ?? ["*"]
            mvpd = try container.decodeIfPresent(String.self, forKey: .mvpd)
            userID = try container.decodeIfPresent(String.self, forKey: .userID)
            authorized = try container.decodeIfPresent(Bool.self, forKey: .authorized) ?? true
            details = try container.decodeIfPresent(String.self, forKey: .details)
        }

        /// Whether the rule covers `resource` for `userID` at `mvpd`.
        public func matches(resource: String, mvpd: String, userID: String) -> Bool {
            if let ruleMVPD = self.mvpd, ruleMVPD != mvpd { return false }
            if let ruleUser = self.userID, ruleUser != userID { return false }
            return resources.contains { $0 == "*" || $0 == resource }
        }
    }

    /// An entitlement decision.
    public struct Decision: Sendable, Hashable {
        /// Whether the resource may be watched.
        public var authorized: Bool
        /// The MVPD's message when it may not.
        public var details: String?

        /// Creates a decision.
        public init(authorized: Bool, details: String? = nil) {
            self.authorized = authorized
            self.details = details
        }
    }
}
