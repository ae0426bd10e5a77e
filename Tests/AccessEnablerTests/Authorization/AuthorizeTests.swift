@testable import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

@Suite(.timeLimit(.minutes(5))) struct AuthorizeTests {
    @Test(arguments: allBackends)
    func twoHundredConcurrentCallsGetDistinctTokens(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        await harness.emulator.clearRequestLog()
        let enabler = harness.enabler
        let tokens = try await withThrowingTaskGroup(of: MediaToken.self) { group in
            for _ in 0..<200 { group.addTask { try await enabler.authorize(resource: "sports") } }
            return try await group.reduce(into: [MediaToken]()) { $0.append($1) }
        }
        #expect(tokens.count == 200)
        #expect(Set(tokens.map(\.serializedToken)).count == 200, "every caller gets its own media token")
        switch backend {
        case .restV1:
            // One shared authorization request; a media token request per caller.
            #expect(await harness.emulator.requests(to: .authorize).count == 1)
            #expect(await harness.emulator.requests(to: .mediaToken).count == 200)
        case .restV2:
            // Each decision carries its own media token: one decision per caller.
            #expect(await harness.emulator.requests(to: .authorizeDecisions).count == 200)
        }
    }

    @Test func restV1ReusesTheAuthorizationUntilItExpiresButNeverTheMediaToken() async throws {
        let harness = Harness(backend: .restV1)
        try await harness.signIn()
        let first = try await harness.enabler.authorize(resource: "news")
        let second = try await harness.enabler.authorize(resource: "news")
        #expect(first.serializedToken != second.serializedToken)
        #expect(await harness.emulator.requests(to: .authorize).count == 1)
        #expect(await harness.emulator.requests(to: .mediaToken).count == 2)

        harness.clock.advance(by: .seconds(1800))
        _ = try await harness.enabler.authorize(resource: "news")
        #expect(await harness.emulator.requests(to: .authorize).count == 2, "expired on the clock: authorized again")
    }

    @Test(arguments: allBackends)
    func denialCarriesTheMVPDText(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.authorize(resource: "premium")
        }
        #expect(error == .authorizationDeniedByMVPD)
        #expect(error?.status.status == 403)
        #expect(error?.status.details == #"Your subscription package does not include the "premium" channel."#)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated, "a denial does not log out")
    }

    @Test(arguments: allBackends)
    func sessionUnknownToTheServerDropsTheLocalAuthentication(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        let events = EventRecorder(harness.enabler.events)
        try await harness.signIn()
        await harness.emulator.invalidateSessions()
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.authorize(resource: "news")
        }
        // v1: 412 authentication_session_missing; v2: 403 authenticated_profile_missing.
        #expect(
            error?.code == (backend == .restV2 ? "authenticated_profile_missing" : "authentication_session_missing"))
        #expect(error?.status.status == (backend == .restV2 ? 403 : 412))
        #expect(error?.action == .authentication)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
        await events.waitFor {
            if case .authenticationRemoved(let reason?) = $0 { reason.action == .authentication } else { false }
        }
    }

    @Test func restV2EveryCallIsOneDecisionAndItsExpiryIsKept() async throws {
        let harness = Harness(backend: .restV2)
        try await harness.signIn()
        let first = try await harness.enabler.authorize(resource: "news")
        let second = try await harness.enabler.authorize(resource: "news")
        #expect(first.serializedToken != second.serializedToken)
        #expect(first.expires == harness.clock.now.addingTimeInterval(420), "the token's notAfter")
        #expect(await harness.emulator.requests(to: .authorizeDecisions).count == 2)
        let decision = try #require(await harness.emulator.requests(to: .authorizeDecisions).first?.body)
        #expect(try JSONDecoder().decode([String: [String]].self, from: decision) == ["resources": ["news"]])
        let expiry = try await harness.enabler.getMetadata(.authorizationExpiry(resource: "news"))
        #expect(expiry.date == harness.clock.now.addingTimeInterval(1800), "the decision's notAfter")
    }

    @Test func restV1ObtainsAgainAnAuthorizationTheServerDropped() async throws {
        let harness = Harness(backend: .restV1)
        try await harness.signIn()
        _ = try await harness.enabler.authorize(resource: "news")
        await harness.emulator.inject(
            .status(404, body: #"{"status":404,"message":"Not Found"}"#, contentType: "application/json"),
            on: .mediaToken)
        let token = try await harness.enabler.authorize(resource: "news")
        #expect(token.resource == "news")
        #expect(await harness.emulator.requests(to: .authorize).count == 2)
    }

    @Test(arguments: allBackends)
    func withoutASessionNothingIsSent(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.configure()
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.authorize(resource: "news")
        }
        #expect(error == .authenticationSessionMissing)
        #expect(error?.isFromSDK == true)
        #expect(await harness.emulator.requests(to: backend.authorizeRoute).isEmpty)
    }

    @Test func restV1CancelledCallerReturnsWhileTheSharedRequestIsStillHeld() async throws {
        let harness = Harness(backend: .restV1)
        try await harness.signIn()
        let gate = EmulatorGate()
        await harness.emulator.inject(.hold(gate), on: .authorize)
        // The patient caller starts the request and the impatient one joins it (cancelled while it
        // was the only caller, the request would be abandoned and started again).
        let patient = Task { try await harness.enabler.authorize(resource: "movies") }
        try await harness.emulator.waitForRequests(to: .authorize, count: 1)
        let impatient = Task { try await harness.enabler.authorize(resource: "movies") }
        await eventually("the impatient caller joined the request") {
            await harness.enabler.sharedRequests.authorizations.values.first?.waiterCount == 2
        }
        impatient.cancel()
        // The gate is still closed: returning proves the waiter did not wait for the request.
        await #expect(throws: CancellationError.self) { try await impatient.value(awaiting: "the cancelled authorize") }
        #expect(gate.isOpen == false)
        gate.open()
        #expect(
            try await patient.value(awaiting: "the other authorize").resource == "movies",
            "the other caller is unaffected")
        #expect(await harness.emulator.requests(to: .authorize).count == 1)
    }

    @Test(arguments: allBackends)
    func cancellingEveryCallerCancelsTheRequest(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        let gate = EmulatorGate()
        await harness.emulator.inject(.hold(gate), on: backend.authorizeRoute)
        let only = Task { try await harness.enabler.authorize(resource: "kids") }
        try await harness.emulator.waitForRequests(to: backend.authorizeRoute, count: 1)
        only.cancel()
        await #expect(throws: CancellationError.self) { try await only.value(awaiting: "the only authorize") }
        // The held request was cancelled with its last caller: the gate lost its waiter.
        await eventually { gate.waiting == 0 }
        await #expect(throws: AccessEnablerError.authorizationNotFound) {
            try await harness.enabler.getMetadata(.authorizationExpiry(resource: "kids"))
        }
    }
}
