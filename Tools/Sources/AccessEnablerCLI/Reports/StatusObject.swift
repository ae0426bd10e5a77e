import AccessEnabler

/// An enhanced-error status as the tool prints it: every field present, `null` when absent.
struct StatusObject: Encodable, Sendable, Equatable {
    /// The status.
    var status: Status

    private enum CodingKeys: String, CodingKey {
        case status, code, message, details, helpUrl, trace, action
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status.status, forKey: .status)
        try container.encode(status.code, forKey: .code)
        try container.encode(status.message, forKey: .message)
        try container.encode(status.details, forKey: .details)
        try container.encode(status.helpUrl, forKey: .helpUrl)
        try container.encode(status.trace, forKey: .trace)
        try container.encode(status.action?.rawValue, forKey: .action)
    }
}
