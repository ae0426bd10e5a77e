@testable import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// Which requests carry `AD-Service-Token`, under which name and in which format, checked
/// against Adobe's pages rather than the SDK: the header goes on exactly the calls whose page
/// lists it, and the strict emulator (which holds every v2 request to its page) accepts them all.
@Suite(.timeLimit(.minutes(2))) struct ServiceTokenConformanceTests {
    /// The REST API v2 calls whose "Request" table lists `AD-Service-Token` (one page per call under
    /// https://experienceleague.adobe.com/en/docs/pass/authentication/integration-guide-programmers/rest-apis/rest-api-v2/rest-api-v2-apis/):
    /// create authentication session, retrieve profiles, retrieve profile for specific MVPD,
    /// retrieve preauthorization and authorization decisions, initiate logout. The configuration,
    /// resume, session-information, profile-for-code and partner pages do not list it.
    static let pagesListingTheHeader: Set<EmulatorRoute> = [
        .createSession, .profiles, .profile, .preauthorizeDecisions, .authorizeDecisions, .logoutV2,
    ]

    /// The same set as the SDK's call table has it.
    @Test func theCallTableMarksExactlyThosePages() {
        let marked = Set(WireEndpoint.allCases.filter(\.carriesServiceToken))
        #expect(
            marked == [.createSession, .profiles, .profile, .preauthorizeDecisions, .authorizeDecisions, .logoutV2])
    }

    /// A full flow with a service token on both sides of a second-screen sign-in, then every call
    /// of the primary flow; every v2 request the strict emulator saw.
    @Test func everyRequestThatCarriesTheHeaderIsOneWhosePageListsIt() async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let token = ServiceTokenIssuer.emulator.token("viewer-1", on: clock)
        let tv = Harness(clock: clock, emulator: emulator) {
            $0.serviceTokenProvider = TokenDesk([token]).provider
            $0.activationURL = emulator.activationURL
        }
        let phone = Harness(clock: clock, emulator: emulator) {
            $0.serviceTokenProvider = TokenDesk([token]).provider
            $0.redirectURL = URL(string: "adbe.companion://adobe.com")!
        }
        try await tv.configure()
        try await phone.configure()
        var iterator = tv.enabler.secondScreenSignIn(mvpdID: nil).makeAsyncIterator()
        guard case .showCode(let code) = try await iterator.next(awaiting: "the code shown") else {
            Issue.record("no code shown")
            return
        }
        let signedIn = Task {
            var iterator = iterator
            return try await iterator.next()
        }
        _ = try await phone.enabler.activationRequest(forCode: code.code)
        try await phone.enabler.activate(code: code.code, presenter: phone.presenter("Cablevision"))
        await eventually { clock.pendingSleeps == 1 }
        clock.advance(by: .seconds(3))
        _ = try await signedIn.value(awaiting: "the second-screen sign-in")
        _ = try await tv.enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
        _ = try await tv.enabler.authorize(resource: "news")
        _ = try await tv.enabler.getMetadata(.userMetadata("zip"))
        try await tv.enabler.refreshAuthentication()
        try await tv.enabler.logout()
        try await tv.enabler.authenticate(presenter: tv.presenter("Cablevision"))

        let calls = await emulator.requests.filter { $0.path.hasPrefix("/api/v2/") && $0.route != .authenticateV2 }
        let routes = Set(calls.compactMap(\.route))
        #expect(
            routes.isSuperset(of: Self.pagesListingTheHeader.union([.resumeSession, .sessionInfo, .profileForCode])),
            "the flow calls every page that lists the header and those a code call uses: \(routes)")
        for call in calls {
            let route = try #require(call.route)
            let sent = call.headers.filter { $0.name.lowercased() == "ad-service-token" }
            if Self.pagesListingTheHeader.contains(route) {
                #expect(sent.count == 1, "\(route) carries AD-Service-Token once")
                #expect(sent.first?.name == "AD-Service-Token", "the name as the pages write it")
                #expect(sent.first?.value == token, "\(route): the app's JWS as it gave it")
            } else {
                #expect(sent.isEmpty, "\(route)'s page does not list AD-Service-Token")
            }
            #expect((200..<300).contains(call.responseStatus ?? 0), "\(route) accepted by the strict emulator")
        }
        // The format: a compact JWS, three Base64URL parts (the header page's example).
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(
            parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } })
    }
}
