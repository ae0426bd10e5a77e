import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

@Suite(.timeLimit(.minutes(5))) struct SetRequestorTests {
    /// A configuration for `backend` on `clock` whose transport serves `emulators` (several
    /// service providers), with an empty store and no retries, logging to `logLines` if given.
    static func configuration(
        _ backend: AccessEnabler.Backend, _ clock: TestClock, logLines: LogRecorder? = nil,
        serving emulators: PassEmulator...
    ) -> AccessEnabler.Configuration {
        var configuration = AccessEnabler.Configuration()
        configuration.backend = backend
        configuration.retryPolicy = .none
        configuration.transport = PassEmulatorTransport(emulators)
        configuration.storage = InMemoryTokenStorage()
        configuration.clock = clock
        if let logLines { configuration.logHandler = { logLines.append($0) } }
        return configuration
    }

    /// Waits until the SDK has taken in `emulator`'s configuration outcome, as it logs it
    /// (`answered`, or `failed (<code>)`): the emulator having sent it is not enough, since an
    /// outcome still on its way when the deadline passes counts as late.
    static func takenIn(
        _ emulator: PassEmulator, _ outcome: String = "answered", logLines: LogRecorder,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let line = "configuration: \(emulator.baseURL.absoluteString) \(outcome)"
        await eventually("the SDK took in \(line)", sourceLocation: sourceLocation) {
            logLines.all.contains { $0.message.hasSuffix(line) }
        }
    }

    @Test(arguments: allBackends)
    func callsBeforeConfigurationFailLocallyWithRequestorNotConfigured(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        let enabler = harness.enabler
        await #expect(throws: AccessEnablerError.requestorNotConfigured) {
            try await enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
        }
        let error = await #expect(throws: AccessEnablerError.self) { try await enabler.authorize(resource: "news") }
        #expect(error == .requestorNotConfigured)
        #expect(error?.status.status == 0)
        #expect(error?.action == .retry)
        guard case .notAuthenticated(let reason) = await enabler.checkAuthentication() else {
            Issue.record("expected not authenticated")
            return
        }
        #expect(reason == .requestorNotConfigured)
        #expect(await harness.emulator.requests.isEmpty, "nothing reaches the network")
    }

    @Test(arguments: allBackends)
    func unknownRequestorIsTheServersError(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        let error = await #expect(throws: AccessEnablerError.self) { try await harness.enabler.setRequestor("NOPE") }
        #expect(error?.code == (backend == .restV2 ? "invalid_parameter_service_provider" : "invalid_requestor"))
        #expect(error?.status.status == 400)
    }

    @Test(arguments: allBackends)
    func plainHTTPToARemoteHostIsRefusedBeforeAnyRequest(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        await #expect(throws: AccessEnablerError.invalidServiceProvider) {
            try await harness.enabler.setRequestor("REF", serviceProviders: [URL(string: "http://sp.example.com")!])
        }
        #expect(await harness.emulator.requests.isEmpty)
    }

    @Test(arguments: allBackends, [".", ".."])
    func aDotSegmentRequestorIDIsRefusedBeforeAnyRequest(backend: AccessEnabler.Backend, requestorID: String)
        async throws
    {
        let harness = Harness(backend: backend)
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.setRequestor(requestorID)
        }
        #expect(error == .invalidArgument)
        #expect(error?.isFromSDK == true)
        #expect(await harness.emulator.requests.isEmpty, "nothing reaches the network")
    }

    /// An MVPD ID from the server is a path segment on REST v2: a dot segment stays one segment.
    @Test func aDotSegmentMVPDIDStaysInItsPathSegment() async throws {
        var scenario = EmulatorScenario.standard
        scenario.requestors[0].mvpds = [".."]
        scenario.mvpds.append(
            .init(
                id: "..", displayName: "Dots", autoLogin: true,
                users: [.init(username: "dave", password: "dave-password", userID: "dave-user-id")]))
        let harness = Harness(backend: .restV2, scenario: scenario)
        try await harness.configure()
        try await harness.enabler.authenticate(presenter: harness.presenter(".."))
        _ = try await harness.enabler.authorize(resource: "news")
        let paths = await harness.emulator.requests.map(\.path)
        #expect(paths.contains("/api/v2/REF/profiles/%2E%2E"))
        #expect(paths.contains("/api/v2/REF/decisions/authorize/%2E%2E"))
        #expect(!paths.contains { $0.hasSuffix("/..") || $0.contains("/../") })
    }

    @Test(arguments: allBackends)
    func loopbackHTTPIsAccepted(backend: AccessEnabler.Backend) async throws {
        let clock = TestClock()
        let emulator = PassEmulator(baseURL: URL(string: "http://127.0.0.1:8080")!, clock: clock)
        let harness = Harness(backend: backend, clock: clock, emulator: emulator)
        let configuration = try await harness.configure()
        #expect(configuration.mvpds.first?.serviceProvider == URL(string: "http://127.0.0.1:8080"))
    }

    @Test(arguments: allBackends)
    func serviceProvidersAreQueriedConcurrentlyAndMergedFirstAnswerWins(backend: AccessEnabler.Backend) async throws {
        let clock = TestClock()
        let fast = PassEmulator(baseURL: URL(string: "https://fast.pass-emulator.test")!, clock: clock)
        var slowScenario = EmulatorScenario.standard
        slowScenario.requestors = [
            .init(id: "REF", name: "Slow name", domains: ["slow.com"], mvpds: ["AutoCable", "SlowOnly"])
        ]
        slowScenario.mvpds.append(
            .init(
                id: "SlowOnly", displayName: "Slow Only", autoLogin: true,
                users: [.init(username: "carol", password: "carol-password", userID: "carol-user-id")]))
        let slow = PassEmulator(
            scenario: slowScenario, baseURL: URL(string: "https://slow.pass-emulator.test")!, clock: clock)
        let failing = PassEmulator(baseURL: URL(string: "https://failing.pass-emulator.test")!, clock: clock)
        let gate = EmulatorGate()
        await slow.inject(.hold(gate), on: backend.configurationRoute)
        await failing.inject(.html(status: 503), on: backend.configurationRoute)

        let logLines = LogRecorder()
        let configuration = Self.configuration(backend, clock, logLines: logLines, serving: slow, fast, failing)
        let enabler = AccessEnabler(softwareStatement: Harness.softwareStatement, configuration: configuration)
        let providers = [slow.baseURL, fast.baseURL, failing.baseURL]
        let loading = Task { try await enabler.setRequestor("REF", serviceProviders: providers) }

        // The slow provider is held; the others answer meanwhile, so the calls run concurrently.
        // The SDK has taken the fast answer in before the slow one is let go: the first answer in
        // binds an MVPD both list.
        try await slow.waitForRequests(to: backend.configurationRoute, count: 1)
        await Self.takenIn(fast, logLines: logLines)
        await failing.waitForAnswer(on: backend.configurationRoute)
        gate.open()
        let merged = try await loading.value(awaiting: "the MVPD list load")

        #expect(merged.mvpds.map(\.id) == ["Cablevision", "AutoCable", "TempPass", "SlowOnly"])
        #expect(merged.mvpd(withID: "AutoCable")?.serviceProvider == fast.baseURL, "bound to the first to answer")
        #expect(merged.mvpd(withID: "SlowOnly")?.serviceProvider == slow.baseURL)
        #expect(merged.name == "Reference Requestor")
        #expect(merged.domains == ["adobe.com", "slow.com"])
        #expect(merged.failures.map(\.serviceProvider) == [failing.baseURL])
        #expect(merged.failures.first?.error == .internalError)
        #expect(merged.failures.first?.error.status.status == 503)

        // Later calls for an MVPD go to the provider it is bound to.
        try await enabler.authenticate(
            presenter: HeadlessPresenter(mvpdID: "SlowOnly", transport: configuration.transport))
        #expect(await slow.requests(to: backend.sessionRoute).count == 1)
        #expect(await fast.requests(to: backend.sessionRoute).isEmpty)
        _ = try await enabler.authorize(resource: "news")
        #expect(await slow.requests(to: backend.authorizeRoute).count == 1)
        #expect(await fast.requests(to: backend.authorizeRoute).isEmpty)
    }

    @Test(arguments: allBackends)
    func slowServiceProvidersAreCutOffAtTheDeadline(backend: AccessEnabler.Backend) async throws {
        let clock = TestClock()
        let fast = PassEmulator(baseURL: URL(string: "https://fast.pass-emulator.test")!, clock: clock)
        let stuck = PassEmulator(baseURL: URL(string: "https://stuck.pass-emulator.test")!, clock: clock)
        let gate = EmulatorGate()
        await stuck.inject(.hold(gate), on: backend.configurationRoute)
        let logLines = LogRecorder()
        var configuration = Self.configuration(backend, clock, logLines: logLines, serving: fast, stuck)
        configuration.configurationTimeout = .seconds(10)
        let enabler = AccessEnabler(softwareStatement: Harness.softwareStatement, configuration: configuration)
        let loading = Task { try await enabler.setRequestor("REF", serviceProviders: [fast.baseURL, stuck.baseURL]) }
        try await stuck.waitForRequests(to: backend.configurationRoute, count: 1)
        // The SDK has taken the fast answer in, and waits for the stuck one until the deadline.
        await Self.takenIn(fast, logLines: logLines)
        await eventually { clock.pendingSleeps > 0 }
        clock.advance(by: .seconds(10))
        let merged = try await loading.value(awaiting: "the MVPD list load")
        #expect(merged.mvpds.count == 3)
        #expect(merged.failures.map(\.serviceProvider) == [stuck.baseURL])
        #expect(merged.failures.first?.error == .networkError)
        gate.open()
    }

    /// Failures are listed in the order of the service providers given, not in the order they
    /// came: here the first one fails last (cut off at the deadline), after the second's 503.
    @Test(arguments: allBackends)
    func failuresComeInTheOrderOfTheServiceProviders(backend: AccessEnabler.Backend) async throws {
        let clock = TestClock()
        let stuck = PassEmulator(baseURL: URL(string: "https://stuck.pass-emulator.test")!, clock: clock)
        let failing = PassEmulator(baseURL: URL(string: "https://failing.pass-emulator.test")!, clock: clock)
        let fast = PassEmulator(baseURL: URL(string: "https://fast.pass-emulator.test")!, clock: clock)
        let gate = EmulatorGate()
        await stuck.inject(.hold(gate), on: backend.configurationRoute)
        await failing.inject(.html(status: 503), on: backend.configurationRoute)
        let logLines = LogRecorder()
        var configuration = Self.configuration(backend, clock, logLines: logLines, serving: stuck, failing, fast)
        configuration.configurationTimeout = .seconds(10)
        let enabler = AccessEnabler(softwareStatement: Harness.softwareStatement, configuration: configuration)
        let loading = Task {
            try await enabler.setRequestor("REF", serviceProviders: [stuck.baseURL, failing.baseURL, fast.baseURL])
        }
        try await stuck.waitForRequests(to: backend.configurationRoute, count: 1)
        await Self.takenIn(failing, "failed (internal_error)", logLines: logLines)
        await Self.takenIn(fast, logLines: logLines)
        await eventually { clock.pendingSleeps > 0 }
        clock.advance(by: .seconds(10))
        let merged = try await loading.value(awaiting: "the MVPD list load")
        #expect(merged.failures.map(\.serviceProvider) == [stuck.baseURL, failing.baseURL])
        #expect(merged.failures.map(\.error.code) == [AccessEnablerError.networkError.code, "internal_error"])
        gate.open()
    }

    @Test(arguments: allBackends)
    func everyServiceProviderFailingThrowsTheFirstError(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        await harness.emulator.inject(.status(500, body: "", contentType: "text/plain"), on: backend.configurationRoute)
        let error = await #expect(throws: AccessEnablerError.self) { try await harness.configure() }
        #expect(error == .internalError)
        #expect(error?.action == .retry)
    }

    @Test(arguments: allBackends)
    func callsMadeDuringConfigurationWaitForIt(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        let gate = EmulatorGate()
        await harness.emulator.inject(.hold(gate), on: backend.configurationRoute)
        let loading = Task { try await harness.configure() }
        try await harness.emulator.waitForRequests(to: backend.configurationRoute, count: 1)

        let checking = Task { await harness.enabler.checkAuthentication() }
        // preauthorize does not wait: it fails at once while the configuration is held.
        await #expect(throws: AccessEnablerError.requestorNotConfigured) {
            try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
        }
        gate.open()
        _ = try await loading.value(awaiting: "the MVPD list load")
        guard case .notAuthenticated(let reason) = await checking.value(awaiting: "the authentication check") else {
            Issue.record("expected not authenticated")
            return
        }
        #expect(reason == .authenticationSessionMissing, "it waited for the configuration, then checked the session")
    }

    @Test(arguments: allBackends)
    func refreshDropsAuthenticationWhoseMVPDIsNoLongerOffered(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        let events = EventRecorder(harness.enabler.events)
        try await harness.signIn("AutoCable")
        #expect(await harness.enabler.checkAuthentication().isAuthenticated)

        var scenario = EmulatorScenario.standard
        scenario.requestors[0].mvpds = ["Cablevision", "TempPass"]
        await harness.emulator.setScenario(scenario)
        let refreshed = try await harness.enabler.setRequestor(Harness.requestor, refresh: true)
        #expect(refreshed.mvpd(withID: "AutoCable") == nil)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
        await events.waitFor { $0 == .authenticationRemoved(reason: .providerNotAvailable) }
    }

    /// Two service providers; the viewer signs in with an MVPD only the second one offers.
    struct TwoServiceProviders {
        let clock = TestClock()
        let first: PassEmulator
        let second: PassEmulator
        let storage = InMemoryTokenStorage()
        let backend: AccessEnabler.Backend

        init(backend: AccessEnabler.Backend) {
            self.backend = backend
            first = PassEmulator(baseURL: URL(string: "https://first.pass-emulator.test")!, clock: clock)
            var scenario = EmulatorScenario.standard
            scenario.requestors[0].mvpds = ["SecondOnly"]
            scenario.mvpds.append(
                .init(
                    id: "SecondOnly", displayName: "Second Only", autoLogin: true,
                    users: [.init(username: "carol", password: "carol-password", userID: "carol-user-id")]))
            second = PassEmulator(
                scenario: scenario, baseURL: URL(string: "https://second.pass-emulator.test")!, clock: clock)
        }

        /// A new SDK instance over the same storage (a relaunch when called again).
        func launch() -> AccessEnabler {
            var configuration = AccessEnabler.Configuration()
            configuration.backend = backend
            configuration.retryPolicy = .none
            configuration.transport = PassEmulatorTransport(first, second)
            configuration.storage = storage
            configuration.clock = clock
            configuration.environment = .init(serviceProviders: [first.baseURL, second.baseURL])
            return AccessEnabler(softwareStatement: Harness.softwareStatement, configuration: configuration)
        }

        var authenticationKeys: [String] { storage.keys.filter { $0.hasPrefix("authn|") }.sorted() }
    }

    @Test(arguments: allBackends, [EmulatorFault.html(status: 503), .timeout, .dropConnection])
    func aFailingServiceProviderKeepsTheSessionOfItsMVPD(backend: AccessEnabler.Backend, fault: EmulatorFault)
        async throws
    {
        let setup = TwoServiceProviders(backend: backend)
        let enabler = setup.launch()
        let events = EventRecorder(enabler.events)
        try await enabler.setRequestor("REF")
        try await enabler.authenticate(
            presenter: HeadlessPresenter(
                mvpdID: "SecondOnly", transport: PassEmulatorTransport(setup.first, setup.second)))
        #expect(setup.authenticationKeys == ["authn|REF"])

        // A refresh during which the second service provider fails (server error, time-out, lost
        // connection) says nothing about its MVPDs: the session stays, bound where it was.
        await setup.second.inject(fault, on: backend.configurationRoute)
        let refreshed = try await enabler.setRequestor("REF", refresh: true)
        #expect(refreshed.failures.map(\.serviceProvider) == [setup.second.baseURL])
        #expect(refreshed.mvpd(withID: "SecondOnly")?.serviceProvider == setup.second.baseURL)
        #expect(await enabler.checkAuthentication().isAuthenticated)
        #expect(setup.authenticationKeys == ["authn|REF"])
        #expect(!events.all.contains { if case .authenticationRemoved = $0 { true } else { false } })
        _ = try await enabler.authorize(resource: "news")
        #expect(await setup.second.requests(to: backend.authorizeRoute).count == 1)

        // After a relaunch there is no previous configuration in memory: the stored authentication
        // still binds its MVPD to the service provider that failed.
        let relaunched = setup.launch()
        await setup.second.inject(fault, on: backend.configurationRoute)
        let afterRelaunch = try await relaunched.setRequestor("REF", refresh: true)
        #expect(afterRelaunch.mvpd(withID: "SecondOnly")?.serviceProvider == setup.second.baseURL)
        #expect(await relaunched.checkAuthentication().isAuthenticated)
        #expect(setup.authenticationKeys == ["authn|REF"])

        // Only an answer without the MVPD removes it.
        var withoutIt = EmulatorScenario.standard
        withoutIt.requestors[0].mvpds = ["AutoCable"]
        await setup.second.setScenario(withoutIt)
        let answered = try await relaunched.setRequestor("REF", refresh: true)
        #expect(answered.mvpd(withID: "SecondOnly") == nil)
        #expect(await relaunched.checkAuthentication().isAuthenticated == false)
        #expect(setup.authenticationKeys.isEmpty)
    }

    @Test(arguments: allBackends)
    func switchingRequestorsKeepsEachSessionApart(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn("AutoCable")
        let other = try await harness.enabler.setRequestor("OTHER")
        #expect(other.mvpds.map(\.id) == ["AutoCable"])
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
        try await harness.configure()
        #expect(await harness.enabler.checkAuthentication().isAuthenticated)
    }
}
