import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// `setOptions(["serviceToken": jws])`: the legacy adapter's way to single sign-on across devices
/// (REST API v2 `AD-Service-Token`), a key Adobe's Objective-C SDK never had.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct LegacyServiceTokenTests {
    /// The service tokens the emulator received, per route.
    func sentTokens(_ harness: LegacyHarness, _ route: EmulatorRoute) async -> [String?] {
        await harness.emulator.requests(to: route).map { $0.headers["AD-Service-Token"] }
    }

    @Test func theKeysTokenIsSentUntilAnotherSetOptionsRemovesIt() async throws {
        let harness = LegacyHarness(backend: .restV2)
        let token = ServiceTokenIssuer.emulator.token(
            subject: "viewer-1", issuedAt: harness.clock.now, expiresAt: harness.clock.now.addingTimeInterval(3600))
        harness.legacy.setOptions(["serviceToken": token])
        await harness.configure()
        try await harness.signIn("AutoCable")
        #expect(await sentTokens(harness, .createSession) == [token])
        #expect(await sentTokens(harness, .configurationV2) == [nil], "the configuration page does not list it")

        // A dictionary without the key keeps the token (keys add up).
        harness.legacy.setOptions(["visitorID": "ECID-1"])
        harness.legacy.checkPreauthorizedResources(["news"])
        _ = await harness.delegate.next(1)
        #expect(await sentTokens(harness, .preauthorizeDecisions) == [token])

        harness.legacy.setOptions(["serviceToken": NSNull()])
        harness.legacy.checkPreauthorizedResources(["sports"])
        _ = await harness.delegate.next(1)
        #expect(await sentTokens(harness, .preauthorizeDecisions) == [token, nil])
    }

    /// A second device of the same viewer signs in without a login page: the session the
    /// adapter creates with the token finds the profile the first device created.
    @Test func aSecondDeviceIsSignedInByTheToken() async throws {
        let first = LegacyHarness(backend: .restV2)
        let token = ServiceTokenIssuer.emulator.token(
            subject: "viewer-1", issuedAt: first.clock.now, expiresAt: first.clock.now.addingTimeInterval(3600))
        first.legacy.setOptions(["serviceToken": token])
        await first.configure()
        try await first.signIn("Cablevision")

        var configuration = LegacyHarness.configuration(on: first.emulator, clock: first.clock)
        configuration.storage = InMemoryTokenStorage()
        let second = AccessEnablerLegacy.AccessEnabler(
            softwareStatement: "legacy-test-statement", configuration: configuration)
        let delegate = RecordingDelegate()
        second.delegate = delegate
        second.setOptions(["serviceToken": token])
        second.setRequestor("REF")
        #expect(await delegate.next(1) == ["setRequestorComplete(1)"])
        second.getAuthentication()
        _ = await delegate.next(1)
        second.setSelectedProvider("Cablevision")
        #expect(await delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        #expect(delegate.navigations.isEmpty, "no login page on the second device")
        #expect(await second.accessEnabler.checkAuthentication().isAuthenticated)
    }

    @Test func aProviderInTheConfigurationWins() async throws {
        let fromConfiguration = "e30.e30.c2lnbmF0dXJl"
        let harness = LegacyHarness(backend: .restV2) { configuration in
            configuration.serviceTokenProvider = { _ in fromConfiguration }
        }
        harness.legacy.setOptions(["serviceToken": "ignored.ignored.ignored"])
        await harness.configure()
        _ = try? await harness.legacy.accessEnabler.refreshAuthentication()
        #expect(await sentTokens(harness, .profiles) == [fromConfiguration])
    }
}
