import AccessEnabler
import Foundation

/// Which REST API version calls each route, and the routes that carry the same operation on both.
///
/// Faults are injected on operations, not on wire paths, where both versions have the operation:
/// a fault on ``EmulatorRoute/authorize`` or ``EmulatorRoute/authorizeDecisions`` fires on the next
/// authorization, whichever REST API version the client speaks. The request log keeps the exact
/// endpoint each request went to.
extension EmulatorRoute {
    /// The REST API version whose clients call the route; nil for the routes every client calls
    /// (Dynamic Client Registration, the MVPD login page, the browser logout page, the
    /// second-screen activation page).
    public var backend: AccessEnabler.Backend? {
        switch self {
        case .register, .token, .mvpdLogin, .browserLogout, .activation:
            return nil
        case _ where isV2:
            return .restV2
        default:
            return .restV1
        }
    }

    /// The route of the same operation on the other REST API version, for the operations both
    /// versions have: the configuration, the browser login start, preauthorization, authorization
    /// and logout. A fault injected on either route of a pair fires on whichever comes first.
    public var counterpart: EmulatorRoute? {
        switch self {
        case .configuration: return .configurationV2
        case .configurationV2: return .configuration
        case .authenticate: return .authenticateV2
        case .authenticateV2: return .authenticate
        case .preauthorize: return .preauthorizeDecisions
        case .preauthorizeDecisions: return .preauthorize
        case .authorize: return .authorizeDecisions
        case .authorizeDecisions: return .authorize
        case .logout: return .logoutV2
        case .logoutV2: return .logout
        case .register, .token, .mvpdLogin, .freePreview, .authenticationToken, .mediaToken, .userMetadata,
            .browserLogout,
            .activation, .createSession, .resumeSession, .sessionInfo, .profiles, .profile, .profileForCode,
            .partnerSession, .partnerProfile:
            return nil
        }
    }

    /// The key faults are queued under: one key for both routes of a pair.
    var faultKey: EmulatorRoute {
        guard let counterpart, backend == .restV2 else { return self }
        return counterpart
    }

    /// Whether a client of `backend` sends requests the route serves (directly or through its
    /// counterpart).
    public func isCalled(by backend: AccessEnabler.Backend) -> Bool {
        self.backend == nil || self.backend == backend || counterpart != nil
    }

    /// The method and path of the route, for messages (`GET /api/v1/tokens/media`).
    public var endpointDescription: String {
        switch self {
        case .register: return "POST /o/client/register"
        case .token: return "POST /o/client/token"
        case .configuration: return "GET /api/v1/config/{requestor}"
        case .authenticate: return "GET /api/v1/authenticate"
        case .mvpdLogin: return "GET/POST /emulator/mvpd/{mvpd}/login"
        case .freePreview: return "POST /api/v1/authenticate/freepreview"
        case .authenticationToken: return "GET /api/v1/tokens/authn"
        case .authorize: return "GET /api/v1/authorize"
        case .mediaToken: return "GET /api/v1/tokens/media"
        case .preauthorize: return "GET /api/v1/preauthorize"
        case .userMetadata: return "GET /api/v1/tokens/usermetadata"
        case .logout: return "DELETE /api/v1/logout"
        case .browserLogout: return "GET /adobe-services/logout"
        case .activation: return "GET /activate, GET /activate/done"
        case .configurationV2: return "GET /api/v2/{serviceProvider}/configuration"
        case .createSession: return "POST /api/v2/{serviceProvider}/sessions"
        case .resumeSession: return "POST /api/v2/{serviceProvider}/sessions/{code}"
        case .sessionInfo: return "GET /api/v2/{serviceProvider}/sessions/{code}"
        case .authenticateV2: return "GET /api/v2/authenticate/{serviceProvider}/{code}"
        case .profiles: return "GET /api/v2/{serviceProvider}/profiles"
        case .profile: return "GET /api/v2/{serviceProvider}/profiles/{mvpd}"
        case .profileForCode: return "GET /api/v2/{serviceProvider}/profiles/code/{code}"
        case .preauthorizeDecisions: return "POST /api/v2/{serviceProvider}/decisions/preauthorize/{mvpd}"
        case .authorizeDecisions: return "POST /api/v2/{serviceProvider}/decisions/authorize/{mvpd}"
        case .logoutV2: return "GET /api/v2/{serviceProvider}/logout/{mvpd}"
        case .partnerSession: return "POST /api/v2/{serviceProvider}/sessions/sso/{partner}"
        case .partnerProfile: return "POST /api/v2/{serviceProvider}/profiles/sso/{partner}"
        }
    }

    /// The route a client of the other REST API version calls for the nearest operation, for
    /// routes only one version has (for a message that suggests it).
    var nearestOnOtherBackend: EmulatorRoute? {
        switch self {
        case .authenticationToken: return .profile
        case .mediaToken: return .authorizeDecisions
        case .userMetadata: return .profile
        case .freePreview: return .createSession
        case .createSession, .resumeSession, .sessionInfo, .partnerSession: return .authenticate
        case .partnerProfile: return .authenticationToken
        case .profiles, .profile, .profileForCode: return .authenticationToken
        case .register, .token, .mvpdLogin, .browserLogout, .activation, .configuration, .configurationV2,
            .authenticate,
            .authenticateV2, .preauthorize, .preauthorizeDecisions, .authorize, .authorizeDecisions, .logout, .logoutV2:
            return nil
        }
    }
}

extension AccessEnabler.Backend {
    /// `REST API v1` or `REST API v2`, for messages.
    var displayName: String { self == .restV2 ? "REST API v2" : "REST API v1" }
}
