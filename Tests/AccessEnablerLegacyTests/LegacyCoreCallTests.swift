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
        harness.delegate.recordTracking = true

        var cachedFlags: [String] = []
        var fromCache: [String] = []
        for round in 1...2 {
            await harness.emulator.clearRequestLog()
            var routes: [EmulatorRoute?] = []
            let reports = await CoreReports(of: core) {
                harness.legacy.getAuthorization("news")
                let calls = await harness.delegate.next(2)
                #expect(calls.first == "setToken(<token>, news)")
                cachedFlags.append(harness.delegate.tracking.last?.data[3] ?? "none")
                routes = await harness.emulator.requests.map(\.route)
            }
            // One authentication check, then one authorization: the one call that does both.
            #expect(reports.checks == ["authentication(true)", "authorization(news)"], "round \(round)")
            fromCache += reports.authorizations.map { $0.fromCache ? "true" : "false" }

            switch (backend, round) {
            case (.restV2, _): #expect(routes == [.authorizeDecisions], "round \(round): each decision is a request")
            case (.restV1, 1): #expect(routes == [.authorize, .mediaToken], "round 1")
            case (.restV1, _): #expect(routes == [.mediaToken], "round 2: the stored authorization is reused")
            }
        }
        #expect(cachedFlags == fromCache)
        #expect(fromCache == (backend == .restV1 ? ["false", "true"] : ["false", "false"]))
    }

    /// Without a session `checkAuthorization` is still one core call and sends nothing.
    @Test(arguments: legacyBackends)
    func checkAuthorizationWithoutASessionIsOneCoreCallAndNoRequest(backend: AsyncAccessEnabler.Backend) async {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        let core = harness.legacy.accessEnabler
        await harness.emulator.clearRequestLog()
        var requests: [EmulatorRequestRecord] = []
        let reports = await CoreReports(of: core) {
            harness.legacy.checkAuthorization("news")
            let calls = await harness.delegate.next(2)
            #expect(calls.first == "setAuthenticationStatus(0, \"User Not Authenticated Error\")")
            #expect(calls.last?.hasPrefix("tokenRequestFailed(news, \"User Not Authenticated Error\"") == true)
            requests = await harness.emulator.requests
        }
        // One authentication check and nothing after it: a second core call would report its own.
        #expect(reports.checks == ["authentication(false)"])
        #expect(requests.isEmpty)
    }
}

/// What the core reported while a test ran a legacy call, counted without any counter in the
/// core: its events up to a configuration load the test asks for afterwards, which ends the
/// record (the core emits events as it goes, so every event of the call precedes it; the load's
/// requests come after what `body` read of the emulator's log). Each core entry point the legacy
/// adapter calls for an authorization reports exactly one authentication check, so the checks
/// count the core calls.
@MainActor
private struct CoreReports {
    let events: [EntitlementEvent]

    init(of core: AsyncAccessEnabler, during body: @MainActor () async -> Void) async {
        // Subscribed before the calls.
        let stream = core.events
        let collected = Task { () -> [EntitlementEvent] in
            var events: [EntitlementEvent] = []
            for await event in stream {
                if case .configurationLoaded = event { break }
                events.append(event)
            }
            return events
        }
        await body()
        _ = try? await core.setRequestor("REF", refresh: true)
        events = await collected.value(awaiting: "the configuration load that ends the record")
    }

    /// The authentication and authorization checks, in order: `authentication(isAuthenticated)`,
    /// `authorization(resource)`.
    var checks: [String] {
        events.compactMap { event in
            switch event {
            case .authenticationChecked(let check): "authentication(\(check.isAuthenticated))"
            case .authorizationChecked(let check): "authorization(\(check.resource))"
            default: nil
            }
        }
    }

    /// The authorization checks' records.
    var authorizations: [EntitlementEvent.AuthorizationCheck] {
        events.compactMap { if case .authorizationChecked(let check) = $0 { check } else { nil } }
    }
}
