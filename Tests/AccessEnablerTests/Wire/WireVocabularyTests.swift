import AccessEnablerTesting
import Foundation
import Testing

@testable import AccessEnabler

/// The SDK's calls and the emulator's routes are named with the same words, so a test, a log line
/// and the source say one thing: each ``WireEndpoint`` is the ``EmulatorRoute`` of its name.
@Suite(.timeLimit(.minutes(5))) struct WireVocabularyTests {
    @Test func everyCallIsTheRouteOfItsName() {
        let routes = Set(EmulatorRoute.allCases.map(\.rawValue))
        let calls = Set(WireEndpoint.allCases.map(\.rawValue))
        #expect(calls.subtracting(routes).isEmpty, "calls the emulator names otherwise")
        // The pages a browser visits, which the SDK hands to a presenter instead of calling.
        let browserPages: Set<EmulatorRoute> = [
            .authenticate, .authenticateV2, .mvpdLogin, .browserLogout, .activation,
        ]
        #expect(routes.subtracting(calls) == Set(browserPages.map(\.rawValue)))
    }

    /// A route's former name, from before it took the call's word, still names it in text.
    @Test func formerNamesStillNameTheRoutes() throws {
        #expect(EmulatorRoute(name: "authorizeV2") == .authorizeDecisions)
        #expect(EmulatorRoute(name: "sessions") == .createSession)
        #expect(EmulatorRoute(name: "createSession") == .createSession)
        #expect(EmulatorRoute(name: "nonsense") == nil)
        let decoded = try JSONDecoder().decode([EmulatorRoute].self, from: Data(#"["authnToken","profile"]"#.utf8))
        #expect(decoded == [.authenticationToken, .profile])
    }
}
