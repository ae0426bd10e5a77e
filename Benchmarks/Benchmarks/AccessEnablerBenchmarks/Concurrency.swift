import AccessEnabler
import AccessEnablerTesting
import Benchmark
import BenchmarkSupport
import Foundation

/// Work the SDK shares or runs concurrently: shared authorization, chunked preauthorization,
/// multi-service-provider configuration. All in process (`PassEmulator.transport`).
func registerConcurrencyBenchmarks() {
    registerSharedAuthorization()
    registerChunkedPreauthorization()
    registerBoundedPreauthorization()
    registerMultiServiceProviderConfiguration()
}

/// 1,000 concurrent `authorize` calls for one resource with no cached authZ token (REST API v1):
/// one `/api/v1/authorize` request for all of them, and a media-token request each. Reports the
/// number of authorize requests as the custom metric `authzRequests` (must be 1). Request records
/// are off, so the emulator only counts arrivals inside the measured window.
private func registerSharedAuthorization() {
    let callers = 1_000
    let configuration = Suite.configuration(
        iterations: 30, seconds: 10, warmup: 1, extraMetrics: [Suite.authorizeRequests])
    Benchmark("AuthorizeConcurrent1000", configuration: configuration) { (benchmark: Benchmark, fixture: Fixture) in
        // A new resource each iteration, so that no authZ token is cached.
        let resource = "burst-\(benchmark.currentIteration)"
        let enabler = fixture.enabler
        await fixture.emulator.clearRequestLog()
        benchmark.startMeasurement()
        let granted = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<callers {
                group.addTask { (try? await enabler.authorize(resource: resource)) != nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        benchmark.stopMeasurement()
        let authorizeRequests = await fixture.emulator.requestCount(to: .authorize)
        benchmark.measurement(Suite.authorizeRequests, authorizeRequests)
        if granted != callers { benchmark.error("AuthorizeConcurrent1000: \(granted) of \(callers) granted") }
        if authorizeRequests != 1 {
            benchmark.error("AuthorizeConcurrent1000: \(authorizeRequests) /api/v1/authorize requests, expected 1")
        }
    } setup: {
        let fixture = try await Fixture.make(backend: .restV1)
        await fixture.emulator.setRequestLogging(false)
        return fixture
    }
}

/// `preauthorize` of 100 resources with a 20 ms delay on every preauthorize request: the SDK
/// sends its 20 chunks of 5 at most 8 at a time (the default `preauthorizeConcurrency`); the
/// baseline calls the SDK once per chunk (the same 5-resource chunks), one after another. Local
/// cache disabled on both. Every iteration checks that it sent its 20 preauthorize requests.
private func registerChunkedPreauthorization() {
    let configuration = Suite.configuration(iterations: 40, seconds: 8, warmup: 2)
    let resources = Fixture.resources(100)
    let chunkSize = 5
    let chunks = stride(from: 0, to: resources.count, by: chunkSize).map {
        PreauthorizeRequest(resources: Array(resources[$0..<$0 + chunkSize]), disabledFeatures: [.localCache])
    }
    let all = PreauthorizeRequest(resources: resources, disabledFeatures: [.localCache])

    @Sendable func delayedFixture() async throws -> Fixture {
        let fixture = try await Fixture.make(configure: { $0.preauthorizeChunkSize = chunkSize })
        await fixture.emulator.setRequestLogging(false)
        await fixture.emulator.inject(.delay(.milliseconds(20)), on: .preauthorizeDecisions, times: nil)
        return fixture
    }

    /// Fails the iteration unless it sent one preauthorize request per chunk.
    @Sendable func checkRequests(_ name: String, _ benchmark: Benchmark, _ fixture: Fixture, since before: Int) async {
        let sent = await fixture.emulator.requestCount(to: .preauthorizeDecisions) - before
        if sent != chunks.count { benchmark.error("\(name): \(sent) preauthorize requests, expected \(chunks.count)") }
    }

    Benchmark("PreauthorizeChunked100", configuration: configuration) { (benchmark: Benchmark, fixture: Fixture) in
        let before = await fixture.emulator.requestCount(to: .preauthorizeDecisions)
        benchmark.startMeasurement()
        let response = try? await fixture.enabler.preauthorize(all)
        benchmark.stopMeasurement()
        if response?.authorizedResources.count != 100 { benchmark.error("PreauthorizeChunked100: not 100 decisions") }
        await checkRequests("PreauthorizeChunked100", benchmark, fixture, since: before)
    } setup: {
        try await delayedFixture()
    }

    Benchmark("PreauthorizeSequential100", configuration: configuration) { (benchmark: Benchmark, fixture: Fixture) in
        var authorized = 0
        let before = await fixture.emulator.requestCount(to: .preauthorizeDecisions)
        benchmark.startMeasurement()
        for chunk in chunks {
            authorized += (try? await fixture.enabler.preauthorize(chunk))?.authorizedResources.count ?? 0
        }
        benchmark.stopMeasurement()
        if authorized != 100 { benchmark.error("PreauthorizeSequential100: \(authorized) of 100 decisions") }
        await checkRequests("PreauthorizeSequential100", benchmark, fixture, since: before)
    } setup: {
        try await delayedFixture()
    }
}

/// `preauthorize` of 1,000 resources against a server that takes 50 ms per request: 200 chunks
/// of 5, at most `preauthorizeConcurrency` (8, the default) in flight, so ideally
/// ceil(200 / 8) × 50 ms = 1.25 s. Much faster would mean the bound does not hold; much slower,
/// that chunks wait for more than their turn. The transport counts what each iteration sent
/// (custom metrics `boundedRequests`, target exactly 200, and `boundedPeakInFlight`, target at
/// most 8): those counts do not depend on the machine, so `run.sh` fails when they miss.
private func registerBoundedPreauthorization() {
    let configuration = Suite.configuration(
        iterations: 6, seconds: 20, warmup: 1, extraMetrics: Bounded.metrics, checked: [])
    let all = PreauthorizeRequest(resources: Fixture.resources(1_000), disabledFeatures: [.localCache])

    struct BoundedFixture: Sendable {
        let fixture: Fixture
        let transport: CountingTransport
    }

    Benchmark("PreauthorizeBounded1000", configuration: configuration) {
        (benchmark: Benchmark, bounded: BoundedFixture) in
        _ = bounded.transport.take()
        benchmark.startMeasurement()
        let response = try? await bounded.fixture.enabler.preauthorize(all)
        benchmark.stopMeasurement()
        let counts = bounded.transport.take()
        benchmark.measurement(Bounded.requests, counts.requests)
        benchmark.measurement(Bounded.peakInFlight, counts.peakInFlight)
        if response?.authorizedResources.count != 1_000 {
            benchmark.error("PreauthorizeBounded1000: not 1,000 decisions")
        }
    } setup: {
        var counting: CountingTransport?
        let fixture = try await Fixture.make(configure: {
            $0.preauthorizeChunkSize = 5
            let transport = CountingTransport($0.transport)
            counting = transport
            $0.transport = transport
        })
        guard let counting else { throw BenchmarkFailure("no counting transport") }
        await fixture.emulator.setRequestLogging(false)
        await fixture.emulator.inject(.delay(.milliseconds(50)), on: .preauthorizeDecisions, times: nil)
        return BoundedFixture(fixture: fixture, transport: counting)
    }
}

/// The bounded preauthorization's custom metrics.
enum Bounded {
    /// Requests one 1,000-resource `preauthorize` sent (200 chunks of 5).
    static let requests = BenchmarkMetric.custom("boundedRequests", useScalingFactor: false)
    /// The most of them in flight at once (`preauthorizeConcurrency`, 8).
    static let peakInFlight = BenchmarkMetric.custom("boundedPeakInFlight", useScalingFactor: false)
    static let metrics = [requests, peakInFlight]
}

/// `setRequestor(refresh: true)` against three service providers whose configuration calls take
/// 10, 50 and 200 ms (three emulators with different base URLs behind one transport), against one
/// service provider that takes 200 ms. DCR happens once, in setup; each iteration is the
/// configuration fetch an app asks for when it returns to the foreground after a long time.
/// `refresh: true` fetches whatever is stored (REST API v2 would otherwise answer from the
/// configuration the setup stored, inside its TTL); every iteration checks that each service
/// provider got exactly one configuration request.
private func registerMultiServiceProviderConfiguration() {
    let configuration = Suite.configuration(iterations: 25, seconds: 8, warmup: 1)

    struct Providers: Sendable {
        let enabler: AccessEnabler
        let emulators: [PassEmulator]
    }

    @Sendable func providers(delays milliseconds: [Int]) async throws -> Providers {
        var emulators: [PassEmulator] = []
        for (index, delay) in milliseconds.enumerated() {
            let emulator = PassEmulator(baseURL: URL(string: "https://sp\(index + 1).pass-emulator.test")!)
            await emulator.setRequestLogging(false)
            await emulator.inject(.delay(.milliseconds(delay)), on: .configurationV2, times: nil)
            emulators.append(emulator)
        }
        var settings = AccessEnabler.Configuration()
        settings.storage = InMemoryTokenStorage()
        settings.deviceIDSeed = Fixture.deviceSeed
        settings.transport = PassEmulatorTransport(emulators)
        settings.environment = .init(serviceProviders: emulators.map(\.baseURL))
        let enabler = AccessEnabler(softwareStatement: Fixture.softwareStatement, configuration: settings)
        let loaded = try await enabler.setRequestor(Fixture.requestorID)
        guard loaded.failures.isEmpty else { throw BenchmarkFailure("a service provider failed: \(loaded.failures)") }
        return Providers(enabler: enabler, emulators: emulators)
    }

    for (name, delays) in [("SetRequestor3SP", [10, 50, 200]), ("SetRequestor1SP", [200])] {
        Benchmark(name, configuration: configuration) { (benchmark: Benchmark, providers: Providers) in
            for emulator in providers.emulators { await emulator.clearRequestLog() }
            benchmark.startMeasurement()
            let loaded = try? await providers.enabler.setRequestor(Fixture.requestorID, refresh: true)
            benchmark.stopMeasurement()
            if loaded == nil || loaded?.failures.isEmpty == false {
                benchmark.error("\(name): not every service provider answered")
            }
            var fetches: [Int] = []
            for emulator in providers.emulators { fetches.append(await emulator.requestCount(to: .configurationV2)) }
            if fetches.contains(where: { $0 != 1 }) {
                benchmark.error("\(name): configuration requests per service provider \(fetches), expected 1 each")
            }
        } setup: {
            try await providers(delays: delays)
        }
    }
}
