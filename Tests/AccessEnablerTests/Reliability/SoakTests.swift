import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// A small, seedable generator (SplitMix64), so a failing soak can be replayed with its seed.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Mixed operations from many concurrent tasks against the emulator with random faults. Runs a
/// reduced size by default; `ACCESSENABLER_SOAK_FULL=1` runs 10,000 operations from 50 tasks;
/// `ACCESSENABLER_SOAK_SEED` replays a seed.
@Suite(.timeLimit(.minutes(10))) struct SoakTests {
    static let full = ProcessInfo.processInfo.environment["ACCESSENABLER_SOAK_FULL"] == "1"
    static let seed = ProcessInfo.processInfo.environment["ACCESSENABLER_SOAK_SEED"].flatMap(UInt64.init) ?? 20_261_121
    static let tasks = full ? 50 : 10
    static let operationsPerTask = full ? 200 : 60
    static let entitled: Set<String> = ["news", "sports", "movies", "kids"]
    static let resources = ["news", "sports", "movies", "kids", "premium", "unlisted-1", "unlisted-2"]

    static let faults: [EmulatorFault] = [
        .timeout, .dropConnection, .status(500, body: "", contentType: "text/plain"), .html(status: 502),
        .tooManyRequests(retryAfter: "1"), .tooManyRequests(retryAfter: nil), .malformedJSON, .wrongTypes, .emptyBody,
        .status(401, body: "", contentType: "text/plain"),
        .status(403, body: #"{"error":"invalid_client"}"#, contentType: "application/json"),
    ]

    /// The kinds of operation the soak mixes.
    enum Kind: Hashable, Sendable {
        case checkAuthentication, preauthorize, authorize, metadata, authenticate, setRequestor
    }

    /// What the soak observed, shared by the tasks.
    final class Observations: Sendable {
        let violations = LockedValue<[String]>([])
        let operations = LockedValue(0)
        let failures = LockedValue(0)
        /// Successful operations per kind, so a run where (say) every authorize failed is caught.
        let successes = LockedValue<[Kind: Int]>([:])
        let lastObtained = LockedValue<Date?>(nil)
        func violation(_ text: String) { violations.withLock { $0.append(text) } }
        func succeeded(_ kind: Kind) { successes.withLock { $0[kind, default: 0] += 1 } }
        func successCount(_ kind: Kind) -> Int { successes.withLock { $0[kind, default: 0] } }
    }

    @Test(arguments: allBackends)
    func mixedOperationsUnderRandomFaultsKeepTheInvariants(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        let emulator = harness.emulator
        await emulator.setRequestLogging(false)
        try await harness.signIn("AutoCable")
        let deviceID = try #require(try await harness.enabler.getMetadata(.deviceID).value.stringValue)
        let routes: [EmulatorRoute] =
            [
                .token, backend.configurationRoute, backend.preauthorizeRoute, backend.authorizeRoute,
                backend.sessionRoute,
            ] + (backend == .restV1 ? [.mediaToken, .userMetadata] : [.createSession])
        let observations = Observations()
        let enabler = harness.enabler
        let clock = harness.clock

        await withTaskGroup(of: Void.self) { group in
            for taskIndex in 0..<Self.tasks {
                group.addTask {
                    var random = SeededGenerator(seed: Self.seed &+ UInt64(taskIndex) &* 7919)
                    for _ in 0..<Self.operationsPerTask {
                        if Int.random(in: 0..<100, using: &random) < 30 {
                            let fault = Self.faults.randomElement(using: &random)!
                            let route = routes.randomElement(using: &random)!
                            // At most one fault waits per route: faults on a route the run seldom
                            // calls (the DCR token) would otherwise pile up into a long outage of
                            // that route, which every caller sharing its renewal then sees.
                            if await !emulator.hasQueuedFault(on: route) {
                                await emulator.inject(fault, on: route, times: 1)
                            }
                        }
                        await Self.operation(
                            enabler: enabler, harness: harness, clock: clock, random: &random,
                            observations: observations)
                        observations.operations.withLock { $0 += 1 }
                    }
                }
            }
        }
        await emulator.clearFaults()
        #expect(observations.operations.withLock { $0 } == Self.tasks * Self.operationsPerTask)
        #expect(observations.violations.withLock { $0 } == [])

        // Faults are frequent, but not so frequent that a whole kind of operation never succeeded.
        #expect(observations.successCount(.preauthorize) > 0, "some preauthorize calls succeeded")
        #expect(observations.successCount(.authorize) > 0, "some authorize calls succeeded")

        // The state the run left behind (signed in or not, at random): a local session is one the
        // server still holds, and a valid session the SDK obtained last was not lost.
        let server = await emulator.session(requestor: "REF", deviceID: deviceID)
        let local = await enabler.checkAuthentication()
        if let authentication = local.authentication {
            #expect(server?.mvpd == authentication.mvpd.id, "the local session exists on the server")
            #expect(server.map { $0.expires > clock.now } == true)
        }
        if let server, server.expires > clock.now, server.expires == observations.lastObtained.withLock({ $0 }) {
            #expect(local.isAuthenticated, "a valid session the SDK obtained is still held")
        }

        // Then, with the faults gone, the SDK recovers for certain: it signs in (or keeps the
        // session it has) and authorizes every entitled resource, and what it holds locally is
        // what the server holds.
        let authentication = try await harness.signIn("AutoCable")
        let held = try #require(await emulator.session(requestor: "REF", deviceID: deviceID))
        #expect(held.mvpd == authentication.mvpd.id, "the local session exists on the server")
        #expect(held.expires > clock.now)
        #expect(await enabler.checkAuthentication().authentication == authentication)
        for resource in Self.entitled.sorted() {
            #expect(try await enabler.authorize(resource: resource).resource == resource)
        }
        for resource in Self.resources {
            if Self.entitled.contains(resource) {
                let expiry = try #require(try await enabler.getMetadata(.authorizationExpiry(resource: resource)).date)
                let serverExpiry = await emulator.authorizationExpiry(
                    requestor: "REF", deviceID: deviceID, resource: resource)
                #expect(
                    serverExpiry.map { $0 >= expiry.addingTimeInterval(-1) } == true, "the server holds \(resource)")
            } else {
                await #expect(
                    throws: AccessEnablerError.authorizationNotFound, "no local authorization for \(resource)"
                ) {
                    try await enabler.getMetadata(.authorizationExpiry(resource: resource))
                }
            }
        }
    }

    static func operation(
        enabler: AccessEnabler, harness: Harness, clock: TestClock, random: inout SeededGenerator,
        observations: Observations
    ) async {
        let choice = Int.random(in: 0..<100, using: &random)
        do {
            switch choice {
            case 0..<20:
                _ = await enabler.checkAuthentication()
                observations.succeeded(.checkAuthentication)
            case 20..<45:
                let count = Int.random(in: 1...8, using: &random)
                let asked = (0..<count).map { _ in resources.randomElement(using: &random)! }
                let features: Set<PreauthorizeRequest.Feature> = Bool.random(using: &random) ? [.localCache] : []
                let response = try await enabler.preauthorize(
                    PreauthorizeRequest(resources: asked, disabledFeatures: features))
                for decision in response.decisions where decision.isAuthorized && !entitled.contains(decision.id) {
                    observations.violation("preauthorize granted \(decision.id)")
                }
                let distinct = asked.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                if response.decisions.map(\.id) != distinct {
                    observations.violation("decisions out of order or missing")
                }
                observations.succeeded(.preauthorize)
            case 45..<70:
                let resource = resources.randomElement(using: &random)!
                let token = try await enabler.authorize(resource: resource)
                if !entitled.contains(token.resource) || token.resource != resource {
                    observations.violation("authorize granted \(resource)")
                }
                observations.succeeded(.authorize)
            case 70..<80:
                let keys: [MetadataKey] = [
                    .authenticationExpiry, .authorizationExpiry(resource: "news"), .deviceID,
                    .userMetadata("zip"),
                ]
                _ = try await enabler.getMetadata(keys.randomElement(using: &random)!)
                observations.succeeded(.metadata)
            case 80..<94:
                if await !enabler.checkAuthentication().isAuthenticated {
                    let authentication = try await enabler.authenticate(presenter: harness.presenter("AutoCable"))
                    observations.lastObtained.withLock { $0 = authentication.expires }
                    observations.succeeded(.authenticate)
                }
            case 94..<98:
                clock.advance(by: .seconds(Int64.random(in: 0...90, using: &random)))
            default:
                try await enabler.setRequestor("REF")
                observations.succeeded(.setRequestor)
            }
        } catch is AccessEnablerError {
            observations.failures.withLock { $0 += 1 }
        } catch {
            observations.violation("unexpected error type \(type(of: error))")
        }
    }
}
