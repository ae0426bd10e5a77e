@testable import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// Cancels each flow at each of its network calls: the caller returns at once, and once the held
/// request completes nothing half-written is left behind; the flow works again afterwards.
@Suite(.timeLimit(.minutes(5))) struct CancellationTests {
    enum Flow: String, Sendable, CaseIterable {
        case setRequestor, authenticate, preauthorize, authorize, userMetadata
    }

    struct Point: Sendable, CustomTestStringConvertible {
        var backend: AccessEnabler.Backend
        var flow: Flow
        var route: EmulatorRoute
        var testDescription: String { "\(backend) \(flow.rawValue) at \(route.rawValue)" }
    }

    /// Every network call of every flow, in the order the flow makes them.
    static let points: [Point] = AccessEnabler.Backend.allCases.flatMap { backend -> [Point] in
        let v2 = backend == .restV2
        let routes: [(Flow, [EmulatorRoute])] = [
            (.setRequestor, [.register, .token, backend.configurationRoute]),
            (.authenticate, v2 ? [.createSession, .profile] : [.authenticationToken]),
            (.preauthorize, [backend.preauthorizeRoute]),
            (.authorize, v2 ? [.authorizeDecisions] : [.authorize, .mediaToken]),
            (.userMetadata, v2 ? [] : [.userMetadata]),
        ]
        return routes.flatMap { flow, routes in routes.map { Point(backend: backend, flow: flow, route: $0) } }
    }

    static func userRecords(_ storage: InMemoryTokenStorage) throws -> [String: JSONValue] {
        try storage.records.filter {
            ["authn|", "authz|", "selected-mvpd|", "user-metadata|"].contains(where: $0.key.hasPrefix)
        }
        .mapValues { try JSONDecoder().decode(JSONValue.self, from: $0) }
    }

    func run(_ flow: Flow, _ enabler: AccessEnabler, _ harness: Harness) async throws {
        switch flow {
        // Forced: a REST v2 instance would otherwise answer from the stored configuration.
        case .setRequestor: try await enabler.setRequestor("REF", refresh: true)
        case .authenticate:
            try await enabler.authenticate(forceAuthentication: true, presenter: harness.presenter("AutoCable"))
        case .preauthorize:
            _ = try await enabler.preauthorize(
                PreauthorizeRequest(resources: ["movies"], disabledFeatures: [.localCache]))
        case .authorize: _ = try await enabler.authorize(resource: "sports")
        case .userMetadata: _ = try await enabler.getMetadata(.userMetadata("zip"))
        }
    }

    @Test(arguments: points)
    func cancellingAtEachCallLeavesNoHalfWrittenState(_ point: Point) async throws {
        let storage = InMemoryTokenStorage()
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        var harness = Harness(backend: point.backend, clock: clock, emulator: emulator, storage: storage)
        if point.flow != .setRequestor {
            try await harness.signIn("Cablevision")
            if point.route == .mediaToken { _ = try await harness.enabler.authorize(resource: "sports") }
        }
        if point.flow == .setRequestor && (point.route == .configuration || point.route == .configurationV2) {
            try await harness.signIn("Cablevision")
            harness = Harness(backend: point.backend, clock: clock, emulator: emulator, storage: storage)
        }
        let before = try Self.userRecords(storage)
        let earlier = await emulator.requests(to: point.route).count

        let gate = EmulatorGate()
        await emulator.inject(.hold(gate), on: point.route)
        let enabler = harness.enabler
        let flow = point.flow
        let call = Task { [harness] in try await run(flow, enabler, harness) }
        try await emulator.waitForRequests(to: point.route, count: earlier + 1)
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value(awaiting: "the call") }
        #expect(!gate.isOpen, "the caller returned while its request was still held")

        gate.open()
        // Whether the held request completes or was cancelled with its caller, nothing comes back:
        // wait until the emulator has finished with it (answered, or thrown with the cancellation).
        await eventually {
            let held = await emulator.requests(to: point.route)[earlier]
            return held.responseStatus != nil || held.failure != nil
        }
        #expect(gate.waiting == 0)
        #expect(try Self.userRecords(storage) == before, "no half-written state")

        // The flow works again.
        try await run(point.flow, enabler, harness)
    }

    @Test(arguments: allBackends)
    func aCancelledWaiterDoesNotCancelOthersWaitingForTheConfiguration(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        let gate = EmulatorGate()
        await harness.emulator.inject(.hold(gate), on: backend.configurationRoute)
        let loading = Task { try await harness.configure() }
        try await harness.emulator.waitForRequests(to: backend.configurationRoute, count: 1)
        let impatient = Task { await harness.enabler.checkAuthentication() }
        let patient = Task { await harness.enabler.checkAuthentication() }
        impatient.cancel()
        if case .notAuthenticated(let reason) = await impatient.value(awaiting: "the cancelled caller") {
            #expect(reason == .requestorNotConfigured || reason == .authenticationSessionMissing)
        } else {
            Issue.record("expected not authenticated (nobody signed in)")
        }
        gate.open()
        #expect(
            try await loading.value(awaiting: "the MVPD list load").mvpds.count == 3,
            "the load itself was not cancelled")
        guard case .notAuthenticated(let reason) = await patient.value(awaiting: "the patient caller") else {
            Issue.record("expected not authenticated")
            return
        }
        #expect(reason == .authenticationSessionMissing, "the patient caller got the loaded configuration")
    }

    @Test(arguments: allBackends)
    func aCancelledCallerDoesNotCancelTheSharedTokenRenewal(backend: AccessEnabler.Backend) async throws {
        var scenario = EmulatorScenario.standard
        scenario.accessTokenTTL = 600
        let harness = Harness(backend: backend, scenario: scenario)
        try await harness.signIn()
        harness.clock.advance(by: .seconds(601))
        let gate = EmulatorGate()
        await harness.emulator.inject(.hold(gate), on: .token)
        // The patient caller starts the renewal and the impatient one joins it: cancelled while it
        // was the only caller, the renewal would be abandoned, and rightly started again.
        let patient = Task { try await harness.enabler.authorize(resource: "sports") }
        try await harness.emulator.waitForRequests(to: .token, count: 2)
        let impatient = Task { try await harness.enabler.authorize(resource: "news") }
        await eventually("the impatient caller joined the renewal") {
            await harness.enabler.tokens.renewals.values.first?.waiterCount == 2
        }
        impatient.cancel()
        await #expect(throws: CancellationError.self) { try await impatient.value(awaiting: "the cancelled caller") }
        gate.open()
        #expect(try await patient.value(awaiting: "the patient caller").resource == "sports")
        #expect(await harness.emulator.requests(to: .token).count == 2, "one renewal, shared")
    }
}
