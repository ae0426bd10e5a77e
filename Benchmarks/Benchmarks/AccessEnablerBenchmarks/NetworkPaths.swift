import AccessEnabler
import AccessEnablerTesting
import Benchmark

/// The SDK on the network path against the raw baseline: the same request built by hand and
/// sent with the same `URLSession` to the same emulator (mounted behind a `URLProtocol`).
///
/// One preauthorize request carries all 10 resources on both sides (`preauthorizeChunkSize` 10),
/// so each pair compares exactly one HTTP exchange. Each iteration runs both calls, which one
/// goes first alternating, and times both (``Suite/subjectNanoseconds`` for the SDK,
/// ``Suite/baselineNanoseconds`` for the raw call): the two p50s come from the same iterations.
/// Two benchmarks run seconds apart moved the ratio by ±15% on a shared machine. The benchmark's
/// own wall time and mallocs are the SDK call's.
func registerNetworkPathBenchmarks() {
    let configuration = Suite.pairedConfiguration(iterations: 3_000, seconds: 8, warmup: 20)
    let resources = Fixture.resources(10)
    let uncached = PreauthorizeRequest(resources: resources, disabledFeatures: [.localCache])

    for backend in [AccessEnabler.Backend.restV2, .restV1] {
        let suffix = backend == .restV2 ? "" : "V1"

        let preauthorize = NetworkOperation(
            sdk: { enabler in (try await enabler.preauthorize(uncached)).authorizedResources.count == 10 },
            raw: { raw in
                try await (backend == .restV2 ? raw.preauthorizeV2(resources) : raw.preauthorizeV1(resources)) == 10
            },
            route: backend == .restV2 ? .preauthorizeV2 : .preauthorize)
        // v2: every authorize is one decisions/authorize call. v1: the authZ token is cached (by
        // the SDK call in setup), so every authorize is one media-token request.
        let authorize = NetworkOperation(
            sdk: { enabler in !(try await enabler.authorize(resource: "news")).serializedToken.isEmpty },
            raw: { raw in
                !(try await backend == .restV2 ? raw.authorizeV2("news") : raw.mediaTokenV1("news")).isEmpty
            },
            route: backend == .restV2 ? .authorizeV2 : .mediaToken)

        for (operationName, operation) in [("Preauthorize", preauthorize), ("Authorize", authorize)] {
            Benchmark("\(operationName)Network\(suffix)", configuration: configuration) {
                (benchmark: Benchmark, pair: NetworkPair) in
                let clock = ContinuousClock()
                let rawFirst = benchmark.currentIteration % 2 == 0
                var raw: (ok: Bool, time: Duration) = (false, .zero)
                if rawFirst { raw = await timed(clock) { try await operation.raw(pair.raw) } }
                benchmark.startMeasurement()
                let sdk = await timed(clock) { try await operation.sdk(pair.fixture.enabler) }
                benchmark.stopMeasurement()
                if !rawFirst { raw = await timed(clock) { try await operation.raw(pair.raw) } }
                benchmark.measurement(Suite.subjectNanoseconds, sdk.time.nanoseconds)
                benchmark.measurement(Suite.baselineNanoseconds, raw.time.nanoseconds)
                if !sdk.ok || !raw.ok { benchmark.error("\(operationName)Network\(suffix): a call failed") }
            } setup: {
                try await NetworkPair.make(backend: backend, operation: operation)
            }
        }
    }
}

/// One network operation, through the SDK and by hand; each returns whether it succeeded.
struct NetworkOperation: Sendable {
    let sdk: @Sendable (AccessEnabler) async throws -> Bool
    let raw: @Sendable (RawClient) async throws -> Bool
    /// The emulator route of the SDK's request, whose device headers the raw client copies.
    let route: EmulatorRoute
}

/// An authenticated SDK on the URLSession mount and a raw client on a plain session with the same
/// configuration.
struct NetworkPair: Sendable {
    let fixture: Fixture
    let raw: RawClient

    static func make(backend: AccessEnabler.Backend, operation: NetworkOperation) async throws -> NetworkPair {
        let fixture = try await Fixture.make(
            backend: backend, mount: .urlSession, configure: { $0.preauthorizeChunkSize = 10 })
        guard try await operation.sdk(fixture.enabler) else { throw BenchmarkFailure("the SDK call failed in setup") }
        guard let template = await fixture.emulator.requests(to: operation.route).last, let session = fixture.session
        else {
            throw BenchmarkFailure("no SDK request to \(operation.route) to copy the device headers from")
        }
        let raw = try await RawClient.make(session: session, baseURL: fixture.emulator.baseURL, template: template)
        await fixture.emulator.setRequestLogging(false)
        guard try await operation.raw(raw) else { throw BenchmarkFailure("the raw call failed in setup") }
        return NetworkPair(fixture: fixture, raw: raw)
    }
}
