/// The calls the SDK makes, named so that failures can be mapped per call (``ErrorMapping``).
enum WireEndpoint: String, Sendable, Hashable {
    case register
    case token
    case configuration
    case freePreview
    case authenticationToken
    case authorize
    case mediaToken
    case preauthorize
    case userMetadata
    case logout
    // REST API v2
    case sessions
    case profiles
    case preauthorizeDecisions
    case authorizeDecisions

    /// Whether the call may be sent again after a failure: it reads, or its repetition is
    /// harmless (a second access token, a preauthorization decision). Registration, login
    /// sessions, TempPass logins, logout and v2 authorization decisions (each may use up a
    /// TempPass or degradation quota) change server state and are sent once.
    var isRetryable: Bool {
        switch self {
        case .token, .configuration, .authenticationToken, .authorize, .mediaToken, .preauthorize, .userMetadata,
            .profiles, .preauthorizeDecisions:
            true
        case .register, .freePreview, .logout, .sessions, .authorizeDecisions:
            false
        }
    }
}
