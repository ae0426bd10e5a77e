import AccessEnabler
import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// Each legacy call is one core call in the common case, and learns what that call did from its
/// return value (not from the shared event stream).
@MainActor
@Suite(.timeLimit(.minutes(5))) struct LegacyCoreCallTests {
    /// The first authorization of a signed-in viewer, then the second for the same resource: one
    /// core call each, only the requests the protocol needs, and the tracking flag (`cached`,
    /// the fourth value) equal to the core's `AuthorizationCheck.fromCache`.
    @Test(arguments: legacyBackends)
    func getAuthorizationForASignedInViewerIsOneCoreCall(backend: AsyncAccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        try await harness.signIn("AutoCable")
        let core = harness.legacy.accessEnabler
        // Subscribed before the calls: the core's own check records, to compare the flag with.
        let events = core.events
        let checks = Task { () -> [EntitlementEvent.AuthorizationCheck] in
            var checks: [EntitlementEvent.AuthorizationCheck] = []
            for await case .authorizationChecked(let check) in events {
                checks.append(check)
                if checks.count == 2 { break }
            }
            return checks
        }
        harness.delegate.recordTracking = true

        var cachedFlags: [String] = []
        for round in 1...2 {
            let callsBefore = await core.callCounts
            await harness.emulator.clearRequestLog()
            harness.legacy.getAuthorization("news")
            let calls = await harness.delegate.next(2)
            #expect(calls.first == "setToken(<token>, news)")
            cachedFlags.append(harness.delegate.tracking.last?.data[3] ?? "none")

            let callsAfter = await core.callCounts
            var made: [String: Int] = [:]
            for (name, count) in callsAfter where count != callsBefore[name, default: 0] {
                made[name] = count - callsBefore[name, default: 0]
            }
            #expect(made == ["authorizeIfAuthenticated(resource:data:)": 1], "round \(round)")

            let routes = await harness.emulator.requests.map(\.route)
            switch (backend, round) {
            case (.restV2, _): #expect(routes == [.authorizeV2], "round \(round): each decision is a request")
            case (.restV1, 1): #expect(routes == [.authorize, .mediaToken], "round 1")
            case (.restV1, _): #expect(routes == [.mediaToken], "round 2: the stored authorization is reused")
            }
        }
        let fromCache = await checks.value(awaiting: "the authorization checks").map { $0.fromCache ? "true" : "false" }
        #expect(cachedFlags == fromCache)
        #expect(fromCache == (backend == .restV1 ? ["false", "true"] : ["false", "false"]))
    }

    /// Without a session `checkAuthorization` is still one core call and sends nothing.
    @Test(arguments: legacyBackends)
    func checkAuthorizationWithoutASessionIsOneCoreCallAndNoRequest(backend: AsyncAccessEnabler.Backend) async {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        let core = harness.legacy.accessEnabler
        let callsBefore = await core.callCounts
        await harness.emulator.clearRequestLog()
        harness.legacy.checkAuthorization("news")
        let calls = await harness.delegate.next(2)
        #expect(calls.first == "setAuthenticationStatus(0, \"User Not Authenticated Error\")")
        #expect(calls.last?.hasPrefix("tokenRequestFailed(news, \"User Not Authenticated Error\"") == true)
        let callsAfter = await core.callCounts
        #expect(
            callsAfter["authorizeIfAuthenticated(resource:data:)", default: 0]
                - callsBefore["authorizeIfAuthenticated(resource:data:)", default: 0] == 1)
        #expect(
            callsAfter.keys.filter { callsBefore[$0] != callsAfter[$0] } == ["authorizeIfAuthenticated(resource:data:)"]
        )
        #expect(await harness.emulator.requests.isEmpty)
    }
}
