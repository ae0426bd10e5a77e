import AccessEnabler
import Benchmark
import BenchmarkSupport

/// The calls an app makes on every screen, answered from the token cache alone.
func registerLocalPathBenchmarks() {
    let configuration = Suite.configuration(iterations: 20_000, seconds: 3, warmup: 100)

    // `checkAuthentication()` while authenticated: the token cache only, no network.
    Benchmark("CheckAuthentication", configuration: configuration) { (benchmark: Benchmark, fixture: Fixture) in
        benchmark.startMeasurement()
        let status = await fixture.enabler.checkAuthentication()
        benchmark.stopMeasurement()
        if !status.isAuthenticated { benchmark.error("checkAuthentication: not authenticated") }
    } setup: {
        try await Fixture.make()
    }

    // `preauthorize` of 10 resources whose decisions are all in the local cache.
    let cached = PreauthorizeRequest(resources: Fixture.resources(10))
    Benchmark("PreauthorizeCached", configuration: configuration) { (benchmark: Benchmark, fixture: Fixture) in
        benchmark.startMeasurement()
        let response = try? await fixture.enabler.preauthorize(cached)
        benchmark.stopMeasurement()
        if response?.authorizedResources.count != 10 { benchmark.error("PreauthorizeCached: not 10 decisions") }
    } setup: {
        // One 10-resource request fills the cache (chunk size 10: one chunk).
        let fixture = try await Fixture.make(configure: { $0.preauthorizeChunkSize = 10 })
        _ = try await fixture.enabler.preauthorize(cached)
        await fixture.emulator.setRequestLogging(false)
        return fixture
    }
}
