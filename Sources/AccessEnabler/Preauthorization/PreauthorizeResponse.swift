/// The decisions for a ``PreauthorizeRequest``: one per distinct resource, in request order.
public struct PreauthorizeResponse: Sendable, Equatable {
    /// Set when the whole call failed (then `decisions` is empty).
    public var status: Status?
    /// One decision per distinct requested resource, in request order.
    public var decisions: [Decision]

    /// Creates a response.
    public init(status: Status? = nil, decisions: [Decision]) {
        self.status = status
        self.decisions = decisions
    }

    /// The decision for `resource`, if the response has one.
    public subscript(resource: String) -> Decision? { decisions.first { $0.id == resource } }

    /// The IDs of the authorized resources, in request order.
    public var authorizedResources: [String] {
        var authorized: [String] = []
        authorized.reserveCapacity(decisions.count)
        for decision in decisions where decision.isAuthorized { authorized.append(decision.id) }
        return authorized
    }
}

/// A preauthorization decision for one resource.
public struct Decision: Sendable, Hashable, Codable {
    /// The resource ID the decision is for.
    public var id: String
    /// Whether the resource is (pre)authorized.
    public var isAuthorized: Bool
    /// Why it is not, when the integration reports enhanced errors.
    public var error: Status?
    /// Who made the decision (REST API v2: `mvpd`, `degradation`, `temppass`, `dummy`), if known.
    public var source: Source?

    /// Creates a decision.
    public init(id: String, isAuthorized: Bool, error: Status? = nil, source: Source? = nil) {
        self.id = id
        self.isAuthorized = isAuthorized
        self.error = error
        self.source = source
    }

    /// Who made a decision. An open set of values.
    public struct Source: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        /// The value as sent.
        public let rawValue: String
        /// Creates a source from its wire value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The MVPD decided.
        public static let mvpd = Source(rawValue: "mvpd")
        /// A degradation rule decided.
        public static let degradation = Source(rawValue: "degradation")
        /// TempPass decided.
        public static let temppass = Source(rawValue: "temppass")
        /// A dummy decision (no MVPD call).
        public static let dummy = Source(rawValue: "dummy")
        public var description: String { rawValue }

        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }
}

extension Decision {
    /// Decodes a decision from its fields (`id`, `isAuthorized`, `error`, `source`).
    public init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        id = try body.decode(String.self, forKey: "id")
        isAuthorized = try body.decode(Bool.self, forKey: "isAuthorized")
        error = try body.decodeIfPresent(Status.self, forKey: "error")
        source = try body.decodeIfPresent(Source.self, forKey: "source")
    }

    /// Encodes the decision's fields (`id`, `isAuthorized`, `error`, `source`).
    public func encode(to encoder: any Encoder) throws {
        var body = encoder.container(keyedBy: JSONKey.self)
        try body.encode(id, forKey: "id")
        try body.encode(isAuthorized, forKey: "isAuthorized")
        try body.encodeIfPresent(error, forKey: "error")
        try body.encodeIfPresent(source, forKey: "source")
    }
}
