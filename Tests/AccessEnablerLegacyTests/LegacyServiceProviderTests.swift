import AccessEnabler
import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// `setRequestor:serviceProviders:` with the addresses Adobe's API reference and apps write for its
/// service provider: each reaches the backend's host of that environment over HTTPS.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct LegacyServiceProviderTests {
    /// A legacy adapter whose transport serves one emulator at `host` (HTTPS) for `backend`.
    func adapter(backend: AsyncAccessEnabler.Backend, host: String) throws -> (
        LegacyAccessEnabler, PassEmulator, RecordingDelegate
    ) {
        let clock = TestClock()
        let baseURL = try #require(URL(string: "https://" + host))
        let emulator = PassEmulator(scenario: .standard, baseURL: baseURL, clock: clock)
        let legacy = LegacyAccessEnabler(
            softwareStatement: "legacy-test-statement",
            configuration: LegacyHarness.configuration(on: emulator, clock: clock, backend: backend))
        let delegate = RecordingDelegate()
        legacy.delegate = delegate
        return (legacy, emulator, delegate)
    }

    /// Staging as an Objective-C app picks it, and the API reference's production address: on
    /// REST API v2 the API host of the environment answers.
    @Test(arguments: [
        ("sp.auth-staging.adobe.com/adobe-services", "api.auth-staging.adobe.com"),
        ("http://sp.auth-staging.adobe.com/", "api.auth-staging.adobe.com"),
        ("http://sp.auth.adobe.com/", "api.auth.adobe.com"),
        ("https://sp.auth.adobe.com/adobe-services", "api.auth.adobe.com"),
    ])
    func onRESTv2TheSeedsAddressesReachTheAPIHost(address: String, host: String) async throws {
        let (legacy, emulator, delegate) = try adapter(backend: .restV2, host: host)
        legacy.setRequestor("REF", serviceProviders: [address])
        #expect(await delegate.next(1) == ["setRequestorComplete(1)"])
        #expect(await emulator.requests(to: .configurationV2).count == 1)
        legacy.getAuthentication()
        #expect(await delegate.next(1) == ["displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])"])
    }

    /// On REST API v1 the same host answers, over HTTPS; a URL object works as its text does.
    @Test(arguments: [
        ("sp.auth-staging.adobe.com/adobe-services", "sp.auth-staging.adobe.com"),
        ("http://sp.auth.adobe.com/", "sp.auth.adobe.com"),
    ])
    func onRESTv1TheSameHostAnswersOverHTTPS(address: String, host: String) async throws {
        let (legacy, emulator, delegate) = try adapter(backend: .restV1, host: host)
        legacy.setRequestor("REF", serviceProviders: [try #require(URL(string: address)) as Any])
        #expect(await delegate.next(1) == ["setRequestorComplete(1)"])
        #expect(await emulator.requests(to: .configuration).count == 1)
    }

    /// Another host over plain HTTP is still refused before any request.
    @Test func anotherHostOverPlainHTTPIsRefused() async throws {
        let (legacy, emulator, delegate) = try adapter(backend: .restV2, host: "sp.example.com")
        legacy.setRequestor("REF", serviceProviders: ["http://sp.example.com/"])
        #expect(await delegate.next(1) == ["setRequestorComplete(0)"])
        #expect(await emulator.requests.isEmpty)
    }
}
