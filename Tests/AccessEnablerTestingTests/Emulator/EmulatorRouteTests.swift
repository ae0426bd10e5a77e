import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// Every ``EmulatorRoute`` is reachable on its path with each method of its
/// ``EmulatorRoute/allowedMethods`` and answers any other method 405, so the method table on the
/// route is the one the dispatcher uses.
@Suite(.timeLimit(.minutes(5))) struct EmulatorRouteTests {
    /// A path each route serves. Exhaustive: a new route does not compile here until it has one.
    static func samplePath(of route: EmulatorRoute) -> String {
        switch route {
        case .register: "/o/client/register"
        case .token: "/o/client/token"
        case .configuration: "/api/v1/config/REF"
        case .authenticate: "/api/v1/authenticate"
        case .mvpdLogin: "/emulator/mvpd/Cablevision/login"
        case .freePreview: "/api/v1/authenticate/freepreview"
        case .authenticationToken: "/api/v1/tokens/authn"
        case .authorize: "/api/v1/authorize"
        case .mediaToken: "/api/v1/tokens/media"
        case .preauthorize: "/api/v1/preauthorize"
        case .userMetadata: "/api/v1/tokens/usermetadata"
        case .logout: "/api/v1/logout"
        case .browserLogout: "/adobe-services/logout"
        case .activation: "/activate"
        case .configurationV2: "/api/v2/REF/configuration"
        case .createSession: "/api/v2/REF/sessions"
        case .resumeSession, .sessionInfo: "/api/v2/REF/sessions/ABC"
        case .authenticateV2: "/api/v2/authenticate/REF/ABC"
        case .profiles: "/api/v2/REF/profiles"
        case .profile: "/api/v2/REF/profiles/Cablevision"
        case .profileForCode: "/api/v2/REF/profiles/code/ABC"
        case .preauthorizeDecisions: "/api/v2/REF/decisions/preauthorize/Cablevision"
        case .authorizeDecisions: "/api/v2/REF/decisions/authorize/Cablevision"
        case .logoutV2: "/api/v2/REF/logout/Cablevision"
        case .partnerSession: "/api/v2/REF/sessions/sso/Apple"
        case .partnerProfile: "/api/v2/REF/profiles/sso/Apple"
        }
    }

    static let methods: [HTTPTransportMethod] = [.get, .post, .put, .delete, HTTPTransportMethod(rawValue: "PATCH")]

    private func send(_ method: HTTPTransportMethod, to route: EmulatorRoute, on emulator: PassEmulator) async throws
        -> (status: Int, loggedRoute: EmulatorRoute?)
    {
        let url = try #require(URL(string: emulator.baseURL.absoluteString + Self.samplePath(of: route)))
        let response = try await emulator.handle(HTTPTransportRequest(method: method, url: url))
        return (response.status, await emulator.requests.last?.route)
    }

    @Test(arguments: EmulatorRoute.allCases)
    func everyAllowedMethodReachesTheRoute(_ route: EmulatorRoute) async throws {
        let emulator = PassEmulator(scenario: .standard)
        #expect(!route.allowedMethods.isEmpty)
        for method in route.allowedMethods.sorted(by: { $0.rawValue < $1.rawValue }) {
            let (status, loggedRoute) = try await send(method, to: route, on: emulator)
            #expect(loggedRoute == route, "\(method) \(Self.samplePath(of: route))")
            #expect(status != 405, "\(method) \(Self.samplePath(of: route)) answered 405")
        }
    }

    @Test(arguments: EmulatorRoute.allCases)
    func anyOtherMethodIsAnswered405(_ route: EmulatorRoute) async throws {
        let emulator = PassEmulator(scenario: .standard)
        for method in Self.methods where !route.allowedMethods.contains(method) {
            let (status, loggedRoute) = try await send(method, to: route, on: emulator)
            // `/sessions/{code}` is two routes told apart by the method: a wrong method for one
            // may be the other's.
            if loggedRoute != route {
                #expect(route == .sessionInfo || route == .resumeSession)
                if loggedRoute?.allowedMethods.contains(method) == true { continue }
            }
            #expect(status == 405, "\(method) \(Self.samplePath(of: route)) answered \(status)")
        }
    }
}
