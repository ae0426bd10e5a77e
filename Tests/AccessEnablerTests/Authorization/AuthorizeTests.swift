import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

@Suite struct AuthorizeTests {
    @Test func twoHundredConcurrentCallsShareOneAuthorizationAndGetDistinctTokens() async throws {
        let harness = Harness()
        try await harness.signIn()
        await harness.emulator.clearRequestLog()
        let enabler = harness.enabler
        let tokens = try await withThrowingTaskGroup(of: MediaToken.self) { group in
            for _ in 0..<200 { group.addTask { try await enabler.authorize(resource: "sports") } }
            return try await group.reduce(into: [MediaToken]()) { $0.append($1) }
        }
        #expect(tokens.count == 200)
        #expect(Set(tokens.map(\.serializedToken)).count == 200, "every caller gets its own media token")
        #expect(await harness.emulator.requests(to: .authorize).count == 1)
        #expect(await harness.emulator.requests(to: .mediaToken).count == 200)
    }

    @Test func theAuthorizationIsReusedUntilItExpiresButMediaTokensNeverAre() async throws {
        let harness = Harness()
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

    @Test func denialCarriesTheMVPDText() async throws {
        let harness = Harness()
        try await harness.signIn()
        let error = await #expect(throws: AccessEnablerError.self) { try await harness.enabler.authorize(resource: "premium") }
        #expect(error == .authorizationDeniedByMVPD)
        #expect(error?.status.status == 403)
        #expect(error?.status.details == #"Your subscription package does not include the "premium" channel."#)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated, "a denial does not log out")
    }

    @Test func sessionUnknownToTheServerDropsTheLocalAuthentication() async throws {
        let harness = Harness()
        let events = EventRecorder(harness.enabler.events)
        try await harness.signIn()
        await harness.emulator.invalidateSessions()
        let error = await #expect(throws: AccessEnablerError.self) { try await harness.enabler.authorize(resource: "news") }
        #expect(error == .authenticationSessionMissing)
        #expect(error?.status.status == 412)
        #expect(error?.action == .authentication)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
        await events.waitFor { if case .authenticationRemoved(let reason?) = $0 { reason.status.status == 412 } else { false } }
    }

    @Test func anAuthorizationTheServerDroppedIsObtainedAgain() async throws {
        let harness = Harness()
        try await harness.signIn()
        _ = try await harness.enabler.authorize(resource: "news")
        await harness.emulator.inject(.status(404, body: #"{"status":404,"message":"Not Found"}"#, contentType: "application/json"),
                                      on: .mediaToken)
        let token = try await harness.enabler.authorize(resource: "news")
        #expect(token.resource == "news")
        #expect(await harness.emulator.requests(to: .authorize).count == 2)
    }

    @Test func withoutASessionNothingIsSent() async throws {
        let harness = Harness()
        try await harness.configure()
        let error = await #expect(throws: AccessEnablerError.self) { try await harness.enabler.authorize(resource: "news") }
        #expect(error == .authenticationSessionMissing)
        #expect(error?.isFromSDK == true)
        #expect(await harness.emulator.requests(to: .authorize).isEmpty)
    }

    @Test func aCancelledCallerReturnsWhileTheSharedRequestIsStillHeld() async throws {
        let harness = Harness()
        try await harness.signIn()
        let gate = EmulatorGate()
        await harness.emulator.inject(.hold(gate), on: .authorize)
        let patient = Task { try await harness.enabler.authorize(resource: "movies") }
        let impatient = Task { try await harness.enabler.authorize(resource: "movies") }
        try await harness.emulator.waitForRequests(to: .authorize, count: 1)
        impatient.cancel()
        // The gate is still closed: returning proves the waiter did not wait for the request.
        await #expect(throws: CancellationError.self) { try await impatient.value }
        #expect(gate.isOpen == false)
        gate.open()
        #expect(try await patient.value.resource == "movies", "the other caller is unaffected")
        #expect(await harness.emulator.requests(to: .authorize).count == 1)
    }

    @Test func cancellingEveryCallerCancelsTheRequest() async throws {
        let harness = Harness()
        try await harness.signIn()
        let gate = EmulatorGate()
        await harness.emulator.inject(.hold(gate), on: .authorize)
        let only = Task { try await harness.enabler.authorize(resource: "kids") }
        try await harness.emulator.waitForRequests(to: .authorize, count: 1)
        only.cancel()
        await #expect(throws: CancellationError.self) { try await only.value }
        // The held request was cancelled with its last caller: the gate lost its waiter.
        await eventually { gate.waiting == 0 }
        await #expect(throws: AccessEnablerError.authorizationNotFound) {
            try await harness.enabler.getMetadata(.authorizationExpiry(resource: "kids"))
        }
    }
}
