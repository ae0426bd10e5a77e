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

    /// An app that never sets the key gets no service-token provider: no question per request on
    /// REST API v2, no log line about it on REST API v1. Before, the adapter always installed one.
    @Test(arguments: legacyBackends)
    func withoutTheKeyTheCoreHasNoServiceTokenProvider(backend: AccessEnabler.Backend) async throws {
        let lines = LockedLines()
        let harness = LegacyHarness(backend: backend) { $0.logHandler = { lines.append($0) } }
        #expect(harness.legacy.accessEnabler.configuration.serviceTokenProvider == nil)
        await harness.configure()
        try await harness.signIn("AutoCable")
        let mentions = lines.messages.filter { $0.message.lowercased().contains("service token") }
        #expect(mentions.isEmpty, "\(mentions.map(\.message))")
        if backend == .restV2 { #expect(await sentTokens(harness, .createSession) == [nil]) }
    }

    /// REST API v1 has no `AD-Service-Token`: the key is logged as unused, once per call, and the
    /// token never appears in a request or the log.
    @Test func onV1TheKeyIsLoggedAsUnusedAndNothingIsSent() async throws {
        let lines = LockedLines()
        let harness = LegacyHarness(backend: .restV1) { $0.logHandler = { lines.append($0) } }
        let token = ServiceTokenIssuer.emulator.token(
            subject: "viewer-1", issuedAt: harness.clock.now, expiresAt: harness.clock.now.addingTimeInterval(3600))
        harness.legacy.setOptions(["serviceToken": token])
        await harness.configure()
        try await harness.signIn("AutoCable")
        let unused = lines.messages.filter { $0.message.contains("REST API v1 has no AD-Service-Token") }
        #expect(unused.map(\.level) == [.info])
        #expect(!lines.messages.contains { $0.message.contains(token) })
        let requests = await harness.emulator.requests
        #expect(!requests.contains { $0.headers["AD-Service-Token"] != nil })
    }

    /// A value that is not a compact JWS is not sent (a header value must carry nothing else),
    /// and the log says so without the value.
    @Test func aValueThatIsNotACompactJWSIsNotSent() async throws {
        let lines = LockedLines()
        let harness = LegacyHarness(backend: .restV2) { $0.logHandler = { lines.append($0) } }
        harness.legacy.setOptions(["serviceToken": "not a token\r\nX-Injected: 1"])
        await harness.configure()
        try await harness.signIn("AutoCable")
        #expect(await sentTokens(harness, .createSession) == [nil])
        #expect(lines.messages.contains { $0.level == .error && $0.message.contains("not a compact JWS") })
        #expect(!lines.messages.contains { $0.message.contains("X-Injected") })
    }
}
