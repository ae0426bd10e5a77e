import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// Faults are injected on operations: the routes both REST API versions have fire on either, and
/// a fault on a route the clients' version never calls is reported instead of silently waiting.
@Suite(.timeLimit(.minutes(5))) struct BackendNeutralFaultTests {
    /// An SDK client of `backend` signed in with AutoCable against a fresh emulator.
    private func signedIn(_ backend: AccessEnabler.Backend) async throws -> (PassEmulator, AccessEnabler, Warnings) {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let warnings = Warnings()
        await emulator.setWarningHandler { warnings.append($0) }
        var configuration = AccessEnabler.Configuration()
        configuration.backend = backend
        configuration.transport = emulator.transport
        configuration.clock = clock
        configuration.storage = InMemoryTokenStorage()
        configuration.environment = .init(serviceProviders: [emulator.baseURL])
        let enabler = AccessEnabler(softwareStatement: "test", configuration: configuration)
        try await enabler.setRequestor("REF")
        try await enabler.authenticate(presenter: HeadlessPresenter(mvpdID: "AutoCable", transport: emulator.transport))
        return (emulator, enabler, warnings)
    }

    @Test(
        "a fault on a route of one version fires on the same operation of the other",
        arguments: [
            (AccessEnabler.Backend.restV2, EmulatorRoute.authorize),
            (.restV1, .authorizeDecisions), (.restV2, .authorizeDecisions), (.restV1, .authorize),
        ])
    func pairedRoutesShareTheirFaults(backend: AccessEnabler.Backend, route: EmulatorRoute) async throws {
        let (emulator, enabler, warnings) = try await signedIn(backend)
        // 403 with an enhanced body: answered once, on either version, without retries.
        let body = #"{"status":403,"code":"authorization_denied_by_mvpd","message":"No","details":"injected"}"#
        await emulator.inject(.status(403, body: body, contentType: "application/json"), on: route)
        let error = await #expect(throws: AccessEnablerError.self) { try await enabler.authorize(resource: "news") }
        #expect(error?.status.details == "injected")
        #expect(await !emulator.hasQueuedFault(on: route))
        // The log keeps the endpoint the client really called.
        let called: EmulatorRoute = backend == .restV2 ? .authorizeDecisions : .authorize
        #expect(await emulator.requests(to: called).last?.responseStatus == 403)
        #expect(warnings.all.isEmpty)
        #expect(try await enabler.authorize(resource: "news").resource == "news")
    }

    @Test("the pairs: configuration, login start, preauthorize, authorize, logout")
    func counterparts() {
        let pairs = EmulatorRoute.allCases.compactMap { route in route.counterpart.map { (route, $0) } }
        #expect(pairs.count == 10)
        for (route, counterpart) in pairs {
            #expect(counterpart.counterpart == route)
            #expect(route.backend != counterpart.backend)
            #expect(route.faultKey == counterpart.faultKey)
        }
        #expect(EmulatorRoute.register.backend == nil)
        #expect(EmulatorRoute.mediaToken.isCalled(by: .restV1))
        #expect(!EmulatorRoute.mediaToken.isCalled(by: .restV2))
        #expect(!EmulatorRoute.profiles.isCalled(by: .restV1))
        #expect(EmulatorRoute.authorize.isCalled(by: .restV2))
    }

    @Test("a fault on a route only REST v1 calls, while the client speaks v2, is a warning")
    func unreachableFaultIsReportedWhenInjected() async throws {
        let (emulator, enabler, warnings) = try await signedIn(.restV2)
        await emulator.inject(.tooManyRequests(retryAfter: "3"), on: .mediaToken)
        let reported = await emulator.warnings
        #expect(reported.count == 1)
        #expect(warnings.all == reported)
        let warning = try #require(reported.first)
        #expect(warning.contains("tooManyRequests injected on mediaToken (GET /api/v1/tokens/media) will not fire"))
        #expect(warning.contains("only REST API v1 clients call that route"))
        #expect(warning.contains("speak REST API v2"))
        #expect(warning.contains("authorizeDecisions"))
        // Still queued: it really does not fire.
        _ = try await enabler.authorize(resource: "news")
        #expect(await emulator.hasQueuedFault(on: .mediaToken))
        // Reported once.
        await emulator.inject(.timeout, on: .createSession)
        #expect(await emulator.warnings.count == 1)
        await emulator.reset()
        #expect(await emulator.warnings.isEmpty)
    }

    @Test("a fault injected before any request is reported when the first request shows the version")
    func unreachableFaultIsReportedOnTheFirstRequest() async throws {
        let emulator = PassEmulator()
        let warnings = Warnings()
        await emulator.setWarningHandler { warnings.append($0) }
        await emulator.inject(.dropConnection, on: .profiles, times: nil)
        await emulator.inject(.dropConnection, on: .authorize)
        #expect(warnings.all.isEmpty, "no client yet")
        var configuration = AccessEnabler.Configuration()
        configuration.backend = .restV1
        configuration.transport = emulator.transport
        configuration.storage = InMemoryTokenStorage()
        configuration.environment = .init(serviceProviders: [emulator.baseURL])
        try await AccessEnabler(softwareStatement: "test", configuration: configuration).setRequestor("REF")
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.contains("injected on profiles") == true)
        #expect(warnings.all.first?.contains("authenticationToken") == true, "the nearest v1 route")
    }

    @Test("no warning while a client of the route's version uses the emulator")
    func noWarningForTheRightVersion() async throws {
        let (emulator, _, warnings) = try await signedIn(.restV1)
        await emulator.inject(.malformedJSON, on: .mediaToken)
        await emulator.inject(.malformedJSON, on: .userMetadata)
        #expect(warnings.all.isEmpty)
        #expect(await emulator.warnings.isEmpty)
    }

    @Test("over HTTP, POST /emulator/faults answers the warning and GET /emulator/warnings lists them")
    func controlRouteReportsWarnings() async throws {
        let (emulator, _, _) = try await signedIn(.restV2)
        func post(_ json: String) async throws -> HTTPTransportResponse {
            try await emulator.handle(
                HTTPTransportRequest(
                    method: .post, url: emulator.baseURL.appendingPathComponent("emulator/faults"),
                    headers: ["Content-Type": "application/json"],
                    body: Data(json.utf8)))
        }
        let fine = try await post(#"{"route": "authorize", "fault": "timeout"}"#)
        #expect(fine.status == 204)
        let unreachable = try await post(#"{"route": "userMetadata", "fault": "timeout"}"#)
        #expect(unreachable.status == 200)
        let body = try JSONDecoder().decode([String: [String]].self, from: unreachable.body)
        #expect(body["warnings"]?.first?.contains("injected on userMetadata") == true)
        let listed = try await emulator.handle(
            HTTPTransportRequest(
                method: .get, url: emulator.baseURL.appendingPathComponent("emulator/warnings")))
        #expect(try JSONDecoder().decode([String].self, from: listed.body) == body["warnings"])
    }
}

/// Warnings handed to a handler.
private final class Warnings: Sendable {
    private let values = LockedValue<[String]>([])
    func append(_ warning: String) { values.withLock { $0.append(warning) } }
    var all: [String] { values.withLock { $0 } }
}
