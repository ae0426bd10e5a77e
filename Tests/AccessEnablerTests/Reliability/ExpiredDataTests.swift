import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// Data that is already expired when it arrives, by the device's clock: here the device clock runs
/// ahead of the server's, the usual cause.
@Suite(.timeLimit(.minutes(5))) struct ExpiredDataTests {
    /// An SDK whose clock is `ahead` of the emulator's.
    static func harness(_ backend: AccessEnabler.Backend, storage: InMemoryTokenStorage, ahead: Duration) -> Harness {
        let serverClock = TestClock()
        let deviceClock = TestClock(now: serverClock.now.addingTimeInterval(Double(ahead.components.seconds)))
        return Harness(
            backend: backend, clock: deviceClock, emulator: PassEmulator(clock: serverClock), storage: storage)
    }

    @Test(arguments: allBackends)
    func anAuthenticationExpiredOnArrivalSignsNobodyIn(backend: AccessEnabler.Backend) async throws {
        let storage = InMemoryTokenStorage()
        // Two hours ahead: the one-hour profile / authN token has expired when it arrives.
        let harness = Self.harness(backend, storage: storage, ahead: .seconds(7200))
        try await harness.configure()
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.authenticate(presenter: harness.presenter("Cablevision"))
        }
        #expect(error == .authenticationSessionExpired)
        #expect(error?.isFromSDK == true)
        #expect(!storage.keys.contains { $0.hasPrefix("authn|") }, "nothing stored")
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
    }

    @Test(arguments: allBackends)
    func aMediaTokenExpiredOnArrivalIsNotHandedOut(backend: AccessEnabler.Backend) async throws {
        let storage = InMemoryTokenStorage()
        // Ten minutes ahead: the session (1 h) is valid, the media token (7 min) is not.
        let harness = Self.harness(backend, storage: storage, ahead: .seconds(600))
        try await harness.signIn()
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.authorize(resource: "news")
        }
        #expect(error == .serverResponseFormatUnknown)
        #expect(error?.status.details?.contains("already expired") == true)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated, "the session is not touched")
    }
}
