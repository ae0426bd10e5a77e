import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

@Suite(.timeLimit(.minutes(5))) struct DynamicClientRegistrationTests {
    @Test(arguments: allBackends)
    func registersOnceAndSendsTheBearerEverywhere(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        _ = try await harness.enabler.authorize(resource: "news")
        let log = await harness.emulator.requests
        #expect(log.filter { $0.route == .register }.count == 1)
        #expect(log.filter { $0.route == .token }.count == 1)
        let register = try #require(log.first { $0.route == .register })
        let body = try JSONDecoder().decode([String: String].self, from: try #require(register.body))
        #expect(body["software_statement"] == Harness.softwareStatement)
        #expect(body["redirect_uri"] == "adobepass://ios.app")
        #expect(register.headers["Content-Type"] == "application/json")
        let token = try #require(log.first { $0.route == .token })
        #expect(token.formValue("grant_type") == "client_credentials")
        let bearer = try #require(log.first { $0.route == backend.authorizeRoute }?.headers["Authorization"])
        #expect(bearer.hasPrefix("Bearer "))
        let protected = log.filter {
            [backend.configurationRoute, backend.sessionRoute, backend.authorizeRoute, .mediaToken, .createSession]
                .contains(
                    $0.route)
        }
        #expect(protected.count >= 3)
        #expect(protected.allSatisfy { $0.headers["Authorization"] == bearer })
    }

    @Test(arguments: allBackends)
    func credentialsAndTokenPersistAcrossInstances(backend: AccessEnabler.Backend) async throws {
        let storage = InMemoryTokenStorage()
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        try await Harness(backend: backend, clock: clock, emulator: emulator, storage: storage).signIn()
        let second = Harness(backend: backend, clock: clock, emulator: emulator, storage: storage)
        try await second.configure()
        #expect(await emulator.requests(to: .register).count == 1, "credentials are reused for ever")
        #expect(await emulator.requests(to: .token).count == 1, "the stored token is still valid")
    }

    @Test(arguments: allBackends)
    func fiftyConcurrentCallsRightAfterExpiryShareOneRenewal(backend: AccessEnabler.Backend) async throws {
        var scenario = EmulatorScenario.standard
        scenario.accessTokenTTL = 600
        let harness = Harness(backend: backend, scenario: scenario)
        try await harness.signIn()
        harness.clock.advance(by: .seconds(601))
        await harness.emulator.clearRequestLog()
        let enabler = harness.enabler
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        _ = try await enabler.authorize(resource: "news")
                    } else {
                        _ = try await enabler.preauthorize(
                            PreauthorizeRequest(resources: ["sports"], disabledFeatures: [.localCache]))
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(await harness.emulator.requests(to: .token).count == 1)
        #expect(await harness.emulator.requests(to: .register).isEmpty)
        #expect(await harness.emulator.requests.allSatisfy { $0.responseStatus != 401 })
    }

    @Test(arguments: allBackends)
    func rejectedTokenIsRenewedOnceAndTheCallRetriedOnce(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        await harness.emulator.expireAccessTokens()
        await harness.emulator.clearRequestLog()
        _ = try await harness.enabler.authorize(resource: "news")
        let authorize = backend.authorizeRoute.rawValue
        #expect(await harness.emulator.routeLog() == ["\(authorize) 401", "token 201"] + backend.authorizeCalls)
    }

    @Test(arguments: allBackends)
    func concurrentRejectionsShareOneRenewal(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        await harness.emulator.expireAccessTokens()
        await harness.emulator.clearRequestLog()
        try await Self.twentyConcurrentPreauthorizations(harness.enabler)
        #expect(await harness.emulator.requests(to: .token).count == 1)
    }

    @Test(arguments: allBackends)
    func persistentRejectionSurfacesAccessTokenUnavailableAfterOneRenewal(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        await harness.emulator.clearRequestLog()
        await harness.emulator.inject(
            .status(401, body: "", contentType: "text/plain"), on: backend.authorizeRoute, times: 2)
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.authorize(resource: "news")
        }
        #expect(error == .accessTokenUnavailable)
        #expect(error?.status.status == 401)
        #expect(error?.action == .applicationRegistration)
        #expect(await harness.emulator.requests(to: .token).count == 1)
        #expect(await harness.emulator.requests(to: backend.authorizeRoute).count == 2)
    }

    @Test(arguments: allBackends)
    func revokedClientRegistersAgainOnceAndRetries(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        await harness.emulator.revokeClients()
        await harness.emulator.clearRequestLog()
        _ = try await harness.enabler.authorize(resource: "news")
        let authorize = backend.authorizeRoute.rawValue
        #expect(
            await harness.emulator.routeLog() == ["\(authorize) 403", "register 201", "token 201"]
                + backend.authorizeCalls)
    }

    @Test(arguments: allBackends)
    func concurrentInvalidClientAnswersRegisterOnce(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        await harness.emulator.revokeClients()
        await harness.emulator.clearRequestLog()
        try await Self.twentyConcurrentPreauthorizations(harness.enabler)
        // New credentials lose the viewer's sessions on the server: one registration, never a
        // second one that wipes the first.
        #expect(await harness.emulator.requests(to: .register).count == 1)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated)
    }

    @Test(arguments: allBackends)
    func tokenCallWithUnknownClientRegistersAgain(backend: AccessEnabler.Backend) async throws {
        var scenario = EmulatorScenario.standard
        scenario.accessTokenTTL = 600
        let harness = Harness(backend: backend, scenario: scenario)
        try await harness.signIn()
        await harness.emulator.revokeClients()
        harness.clock.advance(by: .seconds(601))
        await harness.emulator.clearRequestLog()
        _ = try await harness.enabler.authorize(resource: "news")
        #expect(
            await harness.emulator.routeLog() == ["token 400", "register 201", "token 201"] + backend.authorizeCalls)
    }

    @Test(arguments: allBackends)
    func rejectedSoftwareStatementMeansNoAccessToken(backend: AccessEnabler.Backend) async throws {
        var scenario = EmulatorScenario.standard
        scenario.softwareStatements = .init(revoked: [Harness.softwareStatement])
        let harness = Harness(backend: backend, scenario: scenario)
        let error = await #expect(throws: AccessEnablerError.self) { try await harness.configure() }
        #expect(error == .accessTokenUnavailable)
        #expect(error?.status.status == 0)
        #expect(error?.action == Status.Action.none)
        #expect(error?.status.details == "unapproved_software_statement")
    }

    /// Twenty concurrent preauthorize calls that each go to the server.
    static func twentyConcurrentPreauthorizations(_ enabler: AccessEnabler) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    _ = try await enabler.preauthorize(
                        PreauthorizeRequest(resources: ["news"], disabledFeatures: [.localCache]))
                }
            }
            try await group.waitForAll()
        }
    }
}
