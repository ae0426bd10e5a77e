import Foundation

/// An endpoint of the emulator, named for the request log, ``PassEmulator/waitForRequests(to:count:)``
/// and fault injection.
public enum EmulatorRoute: String, Codable, Sendable, CaseIterable {
    /// `POST /o/client/register` (DCR client registration).
    case register
    /// `POST /o/client/token` (DCR access token).
    case token
    /// `GET /api/v1/config/{requestor}`.
    case configuration
    /// `GET /api/v1/authenticate` (browser login start).
    case authenticate
    /// `GET`/`POST /emulator/mvpd/{mvpd}/login` (the fake MVPD login page).
    case mvpdLogin
    /// `POST /api/v1/authenticate/freepreview` (TempPass).
    case freePreview
    /// `GET /api/v1/tokens/authn`.
    case authnToken
    /// `GET /api/v1/authorize`.
    case authorize
    /// `GET /api/v1/tokens/media` (also `/api/v1/mediatoken`).
    case mediaToken
    /// `GET /api/v1/preauthorize`.
    case preauthorize
    /// `GET /api/v1/tokens/usermetadata`.
    case userMetadata
    /// `DELETE /api/v1/logout`.
    case logout
    /// `GET /adobe-services/logout` (browser / MVPD-side logout).
    case browserLogout

    /// The route serving `segments` (decoded path segments, format suffix removed), if any.
    init?(pathSegments segments: [String]) {
        switch segments.count {
        case 3:
            switch (segments[0], segments[1], segments[2]) {
            case ("o", "client", "register"): self = .register
            case ("o", "client", "token"): self = .token
            case ("api", "v1", "authenticate"): self = .authenticate
            case ("api", "v1", "authorize"): self = .authorize
            case ("api", "v1", "mediatoken"): self = .mediaToken
            case ("api", "v1", "preauthorize"): self = .preauthorize
            case ("api", "v1", "logout"): self = .logout
            default: return nil
            }
        case 2:
            guard segments[0] == "adobe-services", segments[1] == "logout" else { return nil }
            self = .browserLogout
        case 4:
            switch (segments[0], segments[1], segments[2], segments[3]) {
            case ("api", "v1", "config", _): self = .configuration
            case ("api", "v1", "authenticate", "freepreview"): self = .freePreview
            case ("api", "v1", "tokens", "authn"): self = .authnToken
            case ("api", "v1", "tokens", "media"): self = .mediaToken
            case ("api", "v1", "tokens", "usermetadata"): self = .userMetadata
            case ("emulator", "mvpd", _, "login"): self = .mvpdLogin
            default: return nil
            }
        default:
            return nil
        }
    }

    /// Whether the route is a REST v1 call that needs a bearer token and the common parameters.
    var isProtectedV1: Bool {
        switch self {
        case .configuration, .freePreview, .authnToken, .authorize, .mediaToken, .preauthorize, .userMetadata,
             .logout:
            return true
        case .register, .token, .authenticate, .mvpdLogin, .browserLogout:
            return false
        }
    }
}
