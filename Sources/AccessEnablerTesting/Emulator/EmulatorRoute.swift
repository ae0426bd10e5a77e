import AccessEnabler
import Foundation

/// An endpoint of the emulator, named for the request log, ``PassEmulator/waitForRequests(to:count:within:)``
/// and fault injection.
///
/// A route the SDK calls has the name the SDK's own wire layer gives that call (`createSession`,
/// `authorizeDecisions`, …), so a test, a log and the SDK's source say the same word. Where a
/// REST API v1 call and a REST API v2 call have the same name (`configuration`, `logout`), the v2
/// route ends in `V2`. ``init(name:)`` also accepts the names of earlier releases.
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
    case authenticationToken
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
    /// `GET /activate[?code=…[&mvpd=…]]` and `GET /activate/done`: the second-screen
    /// activation web page a viewer opens on a phone or computer to type a TV's code.
    case activation

    // REST API v2, one case per endpoint so that faults and the log can
    // tell them apart.

    /// `GET /api/v2/{serviceProvider}/configuration` (a trailing slash is accepted).
    case configurationV2
    /// `POST /api/v2/{serviceProvider}/sessions` (create an authentication session).
    case createSession
    /// `POST` (Adobe's pages) or `PUT` (an earlier description) `/api/v2/{serviceProvider}/sessions/{code}`
    /// (resume an authentication session).
    case resumeSession
    /// `GET /api/v2/{serviceProvider}/sessions/{code}` (authentication session information; Adobe's
    /// sample path `/api/v2/sessions/{serviceProvider}/{code}` is accepted too).
    case sessionInfo
    /// `GET /api/v2/authenticate/{serviceProvider}/{code}` (browser login start; no bearer token).
    case authenticateV2
    /// `GET /api/v2/{serviceProvider}/profiles` (every profile of the device).
    case profiles
    /// `GET /api/v2/{serviceProvider}/profiles/{mvpd}`.
    case profile
    /// `GET /api/v2/{serviceProvider}/profiles/code/{code}`.
    case profileForCode
    /// `POST /api/v2/{serviceProvider}/decisions/preauthorize/{mvpd}`.
    case preauthorizeDecisions
    /// `POST /api/v2/{serviceProvider}/decisions/authorize/{mvpd}`.
    case authorizeDecisions
    /// `GET` (Adobe's pages) or `DELETE` (an earlier description) `/api/v2/{serviceProvider}/logout/{mvpd}`
    /// (Adobe's sample path `/api/v2/logout/{serviceProvider}/{mvpd}` is accepted too).
    case logoutV2
    /// `POST /api/v2/{serviceProvider}/sessions/sso/{partner}` (retrieve the partner
    /// authentication request).
    case partnerSession
    /// `POST /api/v2/{serviceProvider}/profiles/sso/{partner}` (create the profile from the
    /// partner authentication response).
    case partnerProfile

    /// The route serving a request with `method` on `segments` (decoded path segments, format
    /// suffix removed), if any. The method only tells the two routes on
    /// `/api/v2/{serviceProvider}/sessions/{code}` apart (`GET` reads, anything else resumes).
    init?(method: HTTPTransportMethod, pathSegments segments: [String]) {
        if segments.count >= 4, segments[0] == "api", segments[1] == "v2" {
            guard let route = Self.v2Route(method: method, segments) else { return nil }
            self = route
            return
        }
        switch segments.count {
        case 1:
            guard segments[0] == "activate" else { return nil }
            self = .activation
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
            switch (segments[0], segments[1]) {
            case ("adobe-services", "logout"): self = .browserLogout
            case ("activate", "done"): self = .activation
            default: return nil
            }
        case 4:
            switch (segments[0], segments[1], segments[2], segments[3]) {
            case ("api", "v1", "config", _): self = .configuration
            case ("api", "v1", "authenticate", "freepreview"): self = .freePreview
            case ("api", "v1", "tokens", "authn"): self = .authenticationToken
            case ("api", "v1", "tokens", "media"): self = .mediaToken
            case ("api", "v1", "tokens", "usermetadata"): self = .userMetadata
            case ("emulator", "mvpd", _, "login"): self = .mvpdLogin
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The v2 route of `/api/v2/…` (`segments` has at least 4 elements). The documented form, with
    /// the service provider right after `v2`, wins over Adobe's sample-only forms.
    private static func v2Route(method: HTTPTransportMethod, _ segments: [String]) -> EmulatorRoute? {
        switch segments.count {
        case 4:
            switch segments[3] {
            case "configuration": return .configurationV2
            case "sessions": return .createSession
            case "profiles": return .profiles
            default: return nil
            }
        case 5:
            switch segments[3] {
            case "sessions": return method == .get ? .sessionInfo : .resumeSession
            case "profiles": return .profile
            case "logout": return .logoutV2
            default: break
            }
            switch segments[2] {
            case "authenticate": return .authenticateV2
            case "sessions": return .sessionInfo
            case "logout": return .logoutV2
            default: return nil
            }
        case 6:
            switch (segments[3], segments[4]) {
            case ("profiles", "code"): return .profileForCode
            case ("decisions", "preauthorize"): return .preauthorizeDecisions
            case ("decisions", "authorize"): return .authorizeDecisions
            case ("sessions", "sso"): return .partnerSession
            case ("profiles", "sso"): return .partnerProfile
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The HTTP methods the route answers; any other is answered 405. The one table of methods:
    /// the dispatcher checks it before a handler runs.
    var allowedMethods: Set<HTTPTransportMethod> {
        switch self {
        case .register, .token, .freePreview, .createSession, .preauthorizeDecisions, .authorizeDecisions,
            .partnerSession,
            .partnerProfile:
            return [.post]
        case .logout: return [.delete]
        case .mvpdLogin: return [.get, .post]
        // Adobe's pages resume with POST and log out with GET; PUT and DELETE are accepted too, for
        // clients written to an earlier description of the API.
        case .resumeSession: return [.post, .put]
        case .logoutV2: return [.get, .delete]
        case .configuration, .authenticate, .authenticationToken, .authorize, .mediaToken, .preauthorize, .userMetadata,
            .browserLogout, .activation, .configurationV2, .sessionInfo, .authenticateV2, .profiles, .profile,
            .profileForCode:
            return [.get]
        }
    }

    /// Whether a browser visits the route (the login and logout pages, the activation site): its
    /// errors are HTML pages when the client asks for HTML.
    var isBrowserPage: Bool {
        switch self {
        case .authenticate, .mvpdLogin, .browserLogout, .activation, .authenticateV2: return true
        case .register, .token, .configuration, .freePreview, .authenticationToken, .authorize, .mediaToken,
            .preauthorize,
            .userMetadata, .logout, .configurationV2, .createSession, .resumeSession, .sessionInfo, .profiles,
            .profile, .profileForCode, .preauthorizeDecisions, .authorizeDecisions, .logoutV2, .partnerSession,
            .partnerProfile:
            return false
        }
    }

    /// Whether the route is part of REST API v2 (its errors are always enhanced JSON).
    var isV2: Bool {
        switch self {
        case .configurationV2, .createSession, .resumeSession, .sessionInfo, .authenticateV2, .profiles, .profile,
            .profileForCode, .preauthorizeDecisions, .authorizeDecisions, .logoutV2, .partnerSession, .partnerProfile:
            return true
        case .register, .token, .configuration, .authenticate, .mvpdLogin, .freePreview, .authenticationToken,
            .authorize,
            .mediaToken, .preauthorize, .userMetadata, .logout, .browserLogout, .activation:
            return false
        }
    }

    /// The service provider and the last path parameter (code or MVPD) of a v2 route, wherever
    /// the accepted path form puts them.
    static func v2PathParameters(_ segments: [String]) -> (serviceProvider: String, parameter: String?) {
        guard segments.count >= 4 else { return ("", nil) }
        if segments.count == 5 {
            switch (segments[2], segments[3]) {
            case (_, "sessions"), (_, "profiles"), (_, "logout"): return (segments[2], segments[4])
            case ("authenticate", _), ("sessions", _), ("logout", _): return (segments[3], segments[4])
            default: break
            }
        }
        return (segments[2], segments.count > 4 ? segments[segments.count - 1] : nil)
    }
}
