import AccessEnabler
import AccessEnablerLegacy
import Benchmark

/// The legacy adapter's preauthorize round trip against the async call, for the same 10 cached
/// resources. Both start and end on the main actor, as an app's UI code does: the legacy call is
/// `preauthorize(_:didCompleteWith:)` until `onResponse` runs; the async call is
/// `try await preauthorize(_:)` from a main-actor function. As with the network pairs, both
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
        benchmark.startMeasurement()
        let response = await legacyRoundTrip(fixture.legacy, request)
        benchmark.stopMeasurement()
        if response.authorizedResources.count != 10 || other?.authorizedResources.count != 10 {
            benchmark.error("LegacyPreauthorizeRoundTrip: not 10 decisions")
        }
    } setup: {
        try await makeLegacyFixture()
    }

    Benchmark("AsyncPreauthorizeRoundTrip", configuration: configuration) { (benchmark: Benchmark, fixture: LegacyFixture) in
        let other = await legacyRoundTrip(fixture.legacy, request)
        benchmark.startMeasurement()
        let response = await asyncRoundTrip(fixture.legacy.accessEnabler, request)
        benchmark.stopMeasurement()
        if response?.authorizedResources.count != 10 || other.authorizedResources.count != 10 {
            benchmark.error("AsyncPreauthorizeRoundTrip: not 10 decisions")
        }
    } setup: {
        try await makeLegacyFixture()
    }
}

/// Calls the legacy API on the main actor and waits for its callback.
@MainActor
private func legacyRoundTrip(_ legacy: LegacyAccessEnabler, _ request: PreauthorizeRequest) async -> PreauthorizeResponse {
    await withCheckedContinuation { continuation in
        legacy.preauthorize(request, didCompleteWith: AccessEnablerCallback(
            onResponse: { continuation.resume(returning: $0) },
            onFailure: { continuation.resume(returning: $0) }))
    }
}

/// The same call through the async API, from the main actor.
@MainActor
private func asyncRoundTrip(_ enabler: AccessEnabler, _ request: PreauthorizeRequest) async -> PreauthorizeResponse? {
    try? await enabler.preauthorize(request)
}
