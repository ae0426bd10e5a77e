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
}
