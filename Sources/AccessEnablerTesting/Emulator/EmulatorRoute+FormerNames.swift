import Foundation

/// The names routes had before they took the SDK's words for its calls: still understood where a
/// route is named in text (control requests, the command line, saved request logs), and still
/// spelled in Swift for one release.
extension EmulatorRoute {
    /// The route named `name`: its raw value, or the name it had in an earlier release
    /// (`sessions` for ``createSession``, `authorizeV2` for ``authorizeDecisions``, …).
    public init?(name: String) {
        guard let route = EmulatorRoute(rawValue: name) ?? Self.formerNames[name] else { return nil }
        self = route
    }

    /// Decodes a route from its name, as ``init(name:)`` reads it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let route = EmulatorRoute(name: name) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Cannot initialize EmulatorRoute from invalid String value \(name)")
        }
        self = route
    }

    /// Each former name and the route it names now.
    static let formerNames: [String: EmulatorRoute] = [
        "authnToken": .authenticationToken, "sessions": .createSession, "sessionResume": .resumeSession,
        "profileForMVPD": .profile, "preauthorizeV2": .preauthorizeDecisions, "authorizeV2": .authorizeDecisions,
        "partnerSessions": .partnerSession, "partnerProfiles": .partnerProfile,
    ]

    /// The former name of ``authenticationToken``.
    @available(*, deprecated, renamed: "authenticationToken")
    public static var authnToken: EmulatorRoute { .authenticationToken }
    /// The former name of ``createSession``.
    @available(*, deprecated, renamed: "createSession")
    public static var sessions: EmulatorRoute { .createSession }
    /// The former name of ``resumeSession``.
    @available(*, deprecated, renamed: "resumeSession")
    public static var sessionResume: EmulatorRoute { .resumeSession }
    /// The former name of ``profile``.
    @available(*, deprecated, renamed: "profile")
    public static var profileForMVPD: EmulatorRoute { .profile }
    /// The former name of ``preauthorizeDecisions``.
    @available(*, deprecated, renamed: "preauthorizeDecisions")
    public static var preauthorizeV2: EmulatorRoute { .preauthorizeDecisions }
    /// The former name of ``authorizeDecisions``.
    @available(*, deprecated, renamed: "authorizeDecisions")
    public static var authorizeV2: EmulatorRoute { .authorizeDecisions }
    /// The former name of ``partnerSession``.
    @available(*, deprecated, renamed: "partnerSession")
    public static var partnerSessions: EmulatorRoute { .partnerSession }
    /// The former name of ``partnerProfile``.
    @available(*, deprecated, renamed: "partnerProfile")
    public static var partnerProfiles: EmulatorRoute { .partnerProfile }
}
