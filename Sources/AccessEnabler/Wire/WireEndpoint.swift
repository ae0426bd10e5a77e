/// The calls the SDK makes, named so that failures can be mapped per call (wire-protocol.md §4).
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
    case decisions

    /// Whether the call may be sent again after a failure: it reads, or its repetition is
    /// harmless (a second access token, a second decision). Registration, login sessions,
    /// TempPass logins and logout change server state and are sent once.
    var isRetryable: Bool {
        switch self {
        case .token, .configuration, .authenticationToken, .authorize, .mediaToken, .preauthorize, .userMetadata,
            .profiles, .decisions:
            true
        case .register, .freePreview, .logout, .sessions:
            false
        }
    }
}
