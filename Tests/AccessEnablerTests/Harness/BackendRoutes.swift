import AccessEnabler
import AccessEnablerTesting
import Foundation

/// The emulator routes each backend uses for the same SDK step.
extension AccessEnabler.Backend {
    var configurationRoute: EmulatorRoute { self == .restV2 ? .configurationV2 : .configuration }
    /// The call that starts a login (v1: the browser's `/authenticate`; v2: `POST /sessions`).
    var loginStartRoute: EmulatorRoute { self == .restV2 ? .createSession : .authenticate }
    /// The call that fetches the authentication once the browser is done.
    var sessionRoute: EmulatorRoute { self == .restV2 ? .profile : .authenticationToken }
    var preauthorizeRoute: EmulatorRoute { self == .restV2 ? .preauthorizeDecisions : .preauthorize }
    var authorizeRoute: EmulatorRoute { self == .restV2 ? .authorizeDecisions : .authorize }
    var logoutRoute: EmulatorRoute { self == .restV2 ? .logoutV2 : .logout }
    /// The routes one successful `authorize` hits when the authorization is not cached.
    var authorizeCalls: [String] { self == .restV2 ? ["authorizeDecisions 200"] : ["authorize 200", "mediaToken 200"] }
    /// The routes only REST v1 uses; none of them may appear on v2.
    static let v1Only: Set<EmulatorRoute> = [
        .configuration, .authenticate, .freePreview, .authenticationToken, .authorize, .mediaToken, .preauthorize,
        .userMetadata, .logout,
    ]
}

/// Every backend, for parameterised tests.
let allBackends = AccessEnabler.Backend.allCases

extension PassEmulator {
    /// The log as "route status" lines.
    func routeLog() -> [String] {
        requests.map { "\($0.route?.rawValue ?? $0.path) \($0.responseStatus.map(String.init) ?? "-")" }
    }

    /// The resource lists of the preauthorization requests, per request.
    func preauthorizedChunks(_ backend: AccessEnabler.Backend) -> [[String]] {
        requests(to: backend.preauthorizeRoute).compactMap { record in
            if backend == .restV2 {
                guard let body = record.body,
                    let decoded = try? JSONDecoder().decode([String: [String]].self, from: body)
                else { return nil }
                return decoded["resources"]
            }
            return record.query("resource")?.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
    }
}
