import AccessEnabler
import AccessEnablerLegacy
import Benchmark

/// The legacy adapter's preauthorize round trip against the async call, for the same 10 cached
/// resources. Both are measured on the main actor, as an app's UI code sees them: the legacy call
/// from `preauthorize(_:didCompleteWith:)` until `onResponse` runs; the async call from
/// `try await preauthorize(_:)` until the line after it runs. The hops into and out of the main
/// actor that the benchmark itself needs are outside the measurement. As with the network pairs, both
/// benchmarks run the two calls alternately and each measures only its own, so both see the same
/// thread and scheduler state (these round trips are mostly thread hand-offs).
func registerLegacyBenchmarks() {
    let configuration = Suite.configuration(iterations: 10_000, seconds: 3, warmup: 100)
    let request = PreauthorizeRequest.Builder().setResources(resources: Fixture.resources(10)).build()

    struct LegacyFixture: Sendable {
        let legacy: LegacyAccessEnabler
        let fixture: Fixture
    }

    @Sendable func makeLegacyFixture() async throws -> LegacyFixture {
        // The adapter makes its own core from this configuration; the fixture configures that core.
        var core: LegacyAccessEnabler?
        let fixture = try await Fixture.make(makeEnabler: { configuration in
            let adapter = await LegacyAccessEnabler(softwareStatement: Fixture.softwareStatement, configuration: configuration)
            core = adapter
            return adapter.accessEnabler
        }, configure: { $0.preauthorizeChunkSize = 10 })
        guard let core else { throw BenchmarkFailure("no adapter") }
        _ = try await fixture.enabler.preauthorize(request)
        await fixture.emulator.setRequestLogging(false)
        return LegacyFixture(legacy: core, fixture: fixture)
    }

    Benchmark("LegacyPreauthorizeRoundTrip", configuration: configuration) { (benchmark: Benchmark, fixture: LegacyFixture) in
        let other = await asyncRoundTrip(fixture.legacy.accessEnabler, request)
        let response = await legacyRoundTrip(fixture.legacy, request, measuring: MeasurementWindow(benchmark))
        if response.authorizedResources.count != 10 || other?.authorizedResources.count != 10 {
            benchmark.error("LegacyPreauthorizeRoundTrip: not 10 decisions")
        }
    } setup: {
        try await makeLegacyFixture()
    }

    Benchmark("AsyncPreauthorizeRoundTrip", configuration: configuration) { (benchmark: Benchmark, fixture: LegacyFixture) in
        let other = await legacyRoundTrip(fixture.legacy, request)
        let response = await asyncRoundTrip(fixture.legacy.accessEnabler, request, measuring: MeasurementWindow(benchmark))
        if response?.authorizedResources.count != 10 || other.authorizedResources.count != 10 {
            benchmark.error("AsyncPreauthorizeRoundTrip: not 10 decisions")
        }
    } setup: {
        try await makeLegacyFixture()
    }
}

/// Calls the legacy API on the main actor and waits for its callback; `window` spans the call
/// to the start of `onResponse`.
@MainActor
private func legacyRoundTrip(
    _ legacy: LegacyAccessEnabler, _ request: PreauthorizeRequest, measuring window: MeasurementWindow? = nil
) async -> PreauthorizeResponse {
    await withCheckedContinuation { continuation in
        window?.start()
        legacy.preauthorize(request, didCompleteWith: AccessEnablerCallback(
            onResponse: { window?.stop(); continuation.resume(returning: $0) },
            onFailure: { window?.stop(); continuation.resume(returning: $0) }))
    }
}

/// The same call through the async API, from the main actor; `window` spans the `await`.
@MainActor
private func asyncRoundTrip(
    _ enabler: AccessEnabler, _ request: PreauthorizeRequest, measuring window: MeasurementWindow? = nil
) async -> PreauthorizeResponse? {
    window?.start()
    let response = try? await enabler.preauthorize(request)
    window?.stop()
    return response
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
