import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// REST API v2 checklist, Configuration Retrieval / Configuration Caching / TV Provider Selection
/// Caching: the configuration is fetched only when the MVPD picker needs it or nothing usable is
/// stored.
@Suite(.timeLimit(.minutes(5))) struct ConfigurationCachingTests {
    /// A new instance on the same storage, emulator and clock (an app launch).
    func relaunch(_ harness: Harness, configure: (inout AccessEnabler.Configuration) -> Void = { _ in }) -> Harness {
        Harness(
            backend: harness.backend, clock: harness.clock, emulator: harness.emulator, storage: harness.storage,
            configure: configure)
    }

    @Test func aSignedInLaunchSendsNoConfigurationRequest() async throws {
        let storage = InMemoryTokenStorage()
        let first = Harness(backend: .restV2, storage: storage)
        try await first.signIn("Cablevision")
        // Long after the TTL: while the viewer is authenticated the stored configuration serves.
        first.clock.advance(by: .seconds(2700))
        await first.emulator.clearRequestLog()

        let launched = relaunch(first)
        let configuration = try await launched.configure()
        #expect(configuration.mvpd(withID: "Cablevision")?.displayName == "Cablevision")
        #expect(await launched.enabler.checkAuthentication().isAuthenticated)
        #expect(
            await launched.enabler.selectedProvider()?.logoURL
                == URL(string: "https://logos.pass-emulator.test/cablevision.png"))
        #expect(await first.emulator.requests.isEmpty, "no configuration, DCR or other request")
        _ = try await launched.enabler.authorize(resource: "news")
        #expect(await first.emulator.requests.compactMap(\.route) == [.authorizeDecisions])
    }

    @Test func aFreshStoredConfigurationServesUntilItsTTL() async throws {
        let harness = Harness(backend: .restV2) { $0.configurationTTL = .seconds(240) }
        try await harness.configure()
        harness.clock.advance(by: .seconds(239))
        try await harness.configure()
        #expect(await harness.emulator.requests(to: .configurationV2).count == 1)
        harness.clock.advance(by: .seconds(1))
        try await harness.configure()
        #expect(
            await harness.emulator.requests(to: .configurationV2).count == 2, "not authenticated and stale: fetched")
        try await harness.enabler.setRequestor(Harness.requestor, refresh: true)
        #expect(await harness.emulator.requests(to: .configurationV2).count == 3, "refresh forces a fetch")
    }

    /// The one reason to fetch: the picker is about to be shown with a configuration older than
    /// the TTL (here one stored while signed in, then a logout).
    @Test func theMVPDPickerGetsAConfigurationNoOlderThanTheTTL() async throws {
        let harness = Harness(backend: .restV2)
        try await harness.signIn("Cablevision")
        try await harness.enabler.logout()
        try await harness.enabler.authenticate(presenter: harness.presenter("AutoCable"))
        #expect(await harness.emulator.requests(to: .configurationV2).count == 1, "fresh: the picker used it as it was")

        harness.clock.advance(by: .seconds(301))
        try await harness.enabler.logout()
        var scenario = EmulatorScenario.standard
        scenario.requestors[0].mvpds = ["AutoCable", "TempPass"]
        await harness.emulator.setScenario(scenario)
        let picker = PickerRecorder(inner: harness.presenter("AutoCable"))
        try await harness.enabler.authenticate(presenter: picker)
        #expect(await harness.emulator.requests(to: .configurationV2).count == 2, "stale: fetched before the picker")
        #expect(picker.shown.withLock { $0 } == [["AutoCable", "TempPass"]], "the picker showed the fresh list")
    }

    @Test func restV1FetchesOnEverySetRequestorAsTheLegacySDKDid() async throws {
        let harness = Harness(backend: .restV1)
        try await harness.signIn()
        try await harness.configure()
        #expect(await harness.emulator.requests(to: .configuration).count == 2)
    }

    @Test func storedConfigurationFromOtherServiceProvidersIsNotUsed() async throws {
        let harness = Harness(backend: .restV2)
        try await harness.signIn()
        let other = PassEmulator(baseURL: URL(string: "https://other.pass-emulator.test")!, clock: harness.clock)
        let launched = relaunch(harness) {
            $0.transport = PassEmulatorTransport(harness.emulator, other)
            $0.environment = .init(serviceProviders: [harness.emulator.baseURL, other.baseURL])
        }
        try await launched.configure()
        #expect(await other.requests(to: .configurationV2).count == 1)
    }

    /// A configuration some service provider failed to answer is not stored: the next launch
    /// asks again instead of trusting an incomplete list for a whole TTL.
    @Test func aConfigurationWithAFailedServiceProviderIsNotStored() async throws {
        let harness = Harness(backend: .restV2)
        let other = PassEmulator(baseURL: URL(string: "https://other.pass-emulator.test")!, clock: harness.clock)
        await other.inject(.html(status: 503), on: .configurationV2)
        let twoProviders: (inout AccessEnabler.Configuration) -> Void = {
            $0.transport = PassEmulatorTransport(harness.emulator, other)
            $0.environment = .init(serviceProviders: [harness.emulator.baseURL, other.baseURL])
        }
        let first = relaunch(harness, configure: twoProviders)
        #expect(try await first.configure().failures.count == 1)
        let second = relaunch(harness, configure: twoProviders)
        #expect(try await second.configure().failures.isEmpty)
        #expect(await harness.emulator.requests(to: .configurationV2).count == 2, "asked again at the next launch")
        let third = relaunch(harness, configure: twoProviders)
        try await third.configure()
        #expect(await harness.emulator.requests(to: .configurationV2).count == 2, "the complete one was stored")
    }

    /// Two service providers; the MVPD is bound to the second. After a launch the first call goes
    /// straight to that service provider, with no configuration round.
    @Test func theMVPDBindingSurvivesALaunch() async throws {
        let clock = TestClock()
        let first = PassEmulator(baseURL: URL(string: "https://first.pass-emulator.test")!, clock: clock)
        var scenario = EmulatorScenario.standard
        scenario.requestors[0].mvpds = ["SecondOnly"]
        scenario.mvpds.append(
            .init(
                id: "SecondOnly", displayName: "Second Only", autoLogin: true,
                users: [.init(username: "carol", password: "carol-password", userID: "carol-user-id")]))
        let second = PassEmulator(
            scenario: scenario, baseURL: URL(string: "https://second.pass-emulator.test")!, clock: clock)
        let storage = InMemoryTokenStorage()
        func launch() -> AccessEnabler {
            var configuration = AccessEnabler.Configuration()
            configuration.retryPolicy = .none
            configuration.transport = PassEmulatorTransport(first, second)
            configuration.storage = storage
            configuration.clock = clock
            configuration.environment = .init(serviceProviders: [first.baseURL, second.baseURL])
            return AccessEnabler(softwareStatement: Harness.softwareStatement, configuration: configuration)
        }
        let enabler = launch()
        try await enabler.setRequestor("REF")
        try await enabler.authenticate(
            presenter: HeadlessPresenter(mvpdID: "SecondOnly", transport: PassEmulatorTransport(first, second)))
        await first.clearRequestLog()
        await second.clearRequestLog()

        let launched = launch()
        let configuration = try await launched.setRequestor("REF")
        #expect(configuration.mvpd(withID: "SecondOnly")?.serviceProvider == second.baseURL)
        _ = try await launched.preauthorize(PreauthorizeRequest(resources: ["news"]))
        #expect(await first.requests.isEmpty)
        #expect(await second.requests.compactMap(\.route) == [.preauthorizeDecisions])
    }
}

/// A presenter that records the MVPD lists its picker was shown, then lets `inner` do the work.
struct PickerRecorder: AuthenticationPresenter {
    let inner: any AuthenticationPresenter
    let shown = LockedValue<[[String]]>([])

    func selectProvider(from providers: [MVPD]) async throws -> MVPD? {
        shown.withLock { $0.append(providers.map(\.id)) }
        return try await inner.selectProvider(from: providers)
    }

    func presentLogin(url: URL, redirectURL: URL) async throws -> URL {
        try await inner.presentLogin(url: url, redirectURL: redirectURL)
    }
}
