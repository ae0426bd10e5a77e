import Foundation

extension EmulatorScenario {
    /// A TV provider as the emulator models it: how it appears in the configuration, how its
    /// login works, its users, and its TTLs.
    public struct MVPD: Codable, Sendable, Hashable {
        /// The MVPD ID, for example `Cablevision`.
        public var id: String
        /// The name shown in pickers.
        public var displayName: String
        /// The logo URL sent in the configuration.
        public var logoURL: URL?
        /// Whether this is a TempPass pseudo-MVPD (started with `/authenticate/freepreview`, or a v2
        /// session or authorize decision).
        public var isTempPass: Bool
        /// Whether the MVPD is a proxy for other MVPDs (reported in the configuration only).
        public var isProxy: Bool
        /// Whether the login page is skipped: `/api/v1/authenticate` signs in the first user at once.
        public var autoLogin: Bool
        /// The users who can sign in.
        public var users: [User]
        /// How long an authentication lasts, in seconds (default 1 h). A TempPass lasts the
        /// scenario's ``EmulatorScenario/tempPassTTL`` instead.
        public var authnTTL: TimeInterval
        /// How long an authorization lasts, in seconds (default 30 min); never beyond the authentication.
        public var authzTTL: TimeInterval
        /// The degradation rule in force for the MVPD (REST API v2 only; default none). JSON:
        /// `"degradation": "authenticateAll" | "authorizeAll" | "authorizeNone"`.
        public var degradation: Degradation?
        /// How long after a login its REST v2 profile appears, in seconds (default 0): an MVPD
        /// slow to confirm the login, which the SDK meets by polling the profile.
        public var profileDelay: TimeInterval
        /// Whether a granted REST v2 authorization changes the profile's attributes (default
        /// false): the attribute `lastAuthorizedResource` takes the resource's ID.
        public var updatesAttributesOnAuthorization: Bool
        /// Whether the MVPD's login page must open in Safari, not a web view (default false):
        /// the configuration says `requiresSVC: true`.
        public var requiresSafariViewController: Bool

        /// Creates an MVPD.
        public init(
            id: String,
            displayName: String? = nil,
            logoURL: URL? = nil,
            isTempPass: Bool = false,
            isProxy: Bool = false,
            autoLogin: Bool = false,
            users: [User] = [],
            authnTTL: TimeInterval = 3600,
            authzTTL: TimeInterval = 1800,
            degradation: Degradation? = nil,
            profileDelay: TimeInterval = 0,
            updatesAttributesOnAuthorization: Bool = false,
            requiresSafariViewController: Bool = false
        ) {
            self.id = id
            self.displayName = displayName ?? id
            self.logoURL = logoURL
            self.isTempPass = isTempPass
            self.isProxy = isProxy
            self.autoLogin = autoLogin
            self.users = users
            self.authnTTL = authnTTL
            self.authzTTL = authzTTL
            self.degradation = degradation
            self.profileDelay = profileDelay
            self.updatesAttributesOnAuthorization = updatesAttributesOnAuthorization
            self.requiresSafariViewController = requiresSafariViewController
        }

        private enum CodingKeys: String, CodingKey, CaseIterable {
            case id, displayName
            case logoURL = "logoUrl"
            case isTempPass, isProxy, autoLogin, users, authnTTL, authzTTL
            case degradation, profileDelay, updatesAttributesOnAuthorization, requiresSafariViewController
        }

        /// Decodes an MVPD; only `id` is required.
        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            displayName = try container.decodeIfPresent(String.self, forKey: .displayName) ?? id
            logoURL = try container.decodeIfPresent(URL.self, forKey: .logoURL)
            isTempPass = try container.decodeIfPresent(Bool.self, forKey: .isTempPass) ?? false
            isProxy = try container.decodeIfPresent(Bool.self, forKey: .isProxy) ?? false
            autoLogin = try container.decodeIfPresent(Bool.self, forKey: .autoLogin) ?? false
            users = try container.decodeIfPresent([User].self, forKey: .users) ?? []
            authnTTL = try container.decodeIfPresent(TimeInterval.self, forKey: .authnTTL) ?? 3600
            authzTTL = try container.decodeIfPresent(TimeInterval.self, forKey: .authzTTL) ?? 1800
            degradation = try container.decodeIfPresent(Degradation.self, forKey: .degradation)
            profileDelay = try container.decodeIfPresent(TimeInterval.self, forKey: .profileDelay) ?? 0
            updatesAttributesOnAuthorization =
                try container.decodeIfPresent(Bool.self, forKey: .updatesAttributesOnAuthorization) ?? false
            requiresSafariViewController =
                try container.decodeIfPresent(Bool.self, forKey: .requiresSafariViewController) ?? false
        }

        /// The user with `username`, if any.
        public func user(named username: String) -> User? { users.first { $0.username == username } }
    }
}
