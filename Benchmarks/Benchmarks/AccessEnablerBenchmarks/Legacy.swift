import AccessEnabler
import AccessEnablerLegacy
import Benchmark
import BenchmarkSupport

/// The legacy adapter's preauthorize round trip against the async call, for the same 10 cached
/// resources, measured on the main actor as an app's UI code sees them: the legacy call from
/// `preauthorize(_:didCompleteWith:)` until `onResponse` starts; the async call from
/// `try await preauthorize(_:)` until the next line runs. Each iteration runs both, which one
/// goes first alternating, and times both (``Suite/subjectNanoseconds`` for the legacy call,
/// ``Suite/baselineNanoseconds`` for the async one); the benchmark's wall time and mallocs are
/// the legacy call's. The benchmark's own hops to and from the main actor are not measured.
func registerLegacyBenchmarks() {
    let configuration = Suite.pairedConfiguration(iterations: 10_000, seconds: 6, warmup: 100)
    let request = PreauthorizeRequest.Builder().setResources(resources: Fixture.resources(10)).build()

    struct LegacyFixture: Sendable {
        let legacy: LegacyAccessEnabler
        let fixture: Fixture
    }

    Benchmark("LegacyPreauthorizeRoundTrip", configuration: configuration) {
        (benchmark: Benchmark, fixture: LegacyFixture) in
        let asyncFirst = benchmark.currentIteration % 2 == 0
        var async: (response: PreauthorizeResponse?, time: Duration) = (nil, .zero)
        if asyncFirst { async = await asyncRoundTrip(fixture.legacy.accessEnabler, request) }
        let legacy = await legacyRoundTrip(fixture.legacy, request, measuring: MeasurementWindow(benchmark))
        if !asyncFirst { async = await asyncRoundTrip(fixture.legacy.accessEnabler, request) }
        benchmark.measurement(Suite.subjectNanoseconds, legacy.time.nanoseconds)
        benchmark.measurement(Suite.baselineNanoseconds, async.time.nanoseconds)
        if legacy.response.authorizedResources.count != 10 || async.response?.authorizedResources.count != 10 {
            benchmark.error("LegacyPreauthorizeRoundTrip: not 10 decisions")
        }
    } setup: {
        // The adapter makes its own core from this configuration; the fixture configures that core.
        var core: LegacyAccessEnabler?
        let fixture = try await Fixture.make(
            makeEnabler: { configuration in
                let adapter = LegacyAccessEnabler(
                    softwareStatement: Fixture.softwareStatement, configuration: configuration)
                core = adapter
                return adapter.accessEnabler
            }, configure: { $0.preauthorizeChunkSize = 10 })
        guard let core else { throw BenchmarkFailure("no adapter") }
        _ = try await fixture.enabler.preauthorize(request)
        await fixture.emulator.setRequestLogging(false)
        return LegacyFixture(legacy: core, fixture: fixture)
    }
}

/// Calls the legacy API on the main actor and waits for its callback; `window` and the time
/// span the call to the start of `onResponse`.
@MainActor
private func legacyRoundTrip(
    _ legacy: LegacyAccessEnabler, _ request: PreauthorizeRequest, measuring window: MeasurementWindow
) async -> (response: PreauthorizeResponse, time: Duration) {
    let clock = ContinuousClock()
    return await withCheckedContinuation { continuation in
        window.start()
        let start = clock.now
        let finish: @MainActor @Sendable (PreauthorizeResponse) -> Void = { response in
            let time = clock.now - start
            window.stop()
            continuation.resume(returning: (response, time))
        }
        legacy.preauthorize(request, didCompleteWith: AccessEnablerCallback(onResponse: finish, onFailure: finish))
    }
}

/// The same call through the async API, from the main actor; the time spans the `await`.
@MainActor
private func asyncRoundTrip(
    _ enabler: AsyncAccessEnabler, _ request: PreauthorizeRequest
) async -> (response: PreauthorizeResponse?, time: Duration) {
    let clock = ContinuousClock()
    let start = clock.now
    let response = try? await enabler.preauthorize(request)
    return (response, clock.now - start)
}

/// Starts and stops one benchmark's measurement from the main actor. `Benchmark` is not
/// `Sendable`; this is sound because the benchmark closure is suspended, waiting for the
/// main-actor call, while the window is used, and resumes only after `stop()`.
private struct MeasurementWindow: @unchecked Sendable {
    let benchmark: Benchmark
    init(_ benchmark: Benchmark) { self.benchmark = benchmark }
    func start() { benchmark.startMeasurement() }
    func stop() { benchmark.stopMeasurement() }
}
