import AccessEnabler
import AccessEnablerTesting
import Benchmark

/// The SDK on the network path against the raw baseline: the same request built by hand and
/// sent with the same `URLSession` to the same emulator (mounted behind a `URLProtocol`).
///
/// One preauthorize request carries all 10 resources on both sides (`preauthorizeChunkSize` 10),
/// so each pair compares exactly one HTTP exchange.
func registerNetworkPathBenchmarks() {
    let configuration = Suite.configuration(iterations: 3_000, seconds: 4, warmup: 20)
    let resources = Fixture.resources(10)
    let uncached = PreauthorizeRequest(resources: resources, disabledFeatures: [.localCache])

    for backend in [AccessEnabler.Backend.restV2, .restV1] {
        let suffix = backend == .restV2 ? "" : "V1"
        let preauthorizeRoute: EmulatorRoute = backend == .restV2 ? .preauthorizeV2 : .preauthorize
        // v2: every authorize is one decisions/authorize call. v1: the authZ is cached, so each
        // authorize is one media-token request.
        let authorizeRoute: EmulatorRoute = backend == .restV2 ? .authorizeV2 : .mediaToken

        /// An authenticated SDK on the URLSession mount that has made one call to `route`.
        func networkFixture(warmUp: @escaping @Sendable (AccessEnabler) async throws -> Void) async throws -> Fixture {
            let fixture = try await Fixture.make(
                backend: backend, mount: .urlSession, configure: { $0.preauthorizeChunkSize = 10 })
            try await warmUp(fixture.enabler)
            return fixture
        }

        /// The raw client, with the device headers of the SDK's last request to `route`.
        func rawClient(_ fixture: Fixture, route: EmulatorRoute) async throws -> RawClient {
            guard let template = await fixture.emulator.requests(to: route).last, let session = fixture.session else {
                throw BenchmarkFailure("no SDK request to \(route) to copy the device headers from")
            }
            let raw = try await RawClient.make(session: session, baseURL: fixture.emulator.baseURL, template: template)
            await fixture.emulator.setRequestLogging(false)
            return raw
        }

        // MARK: preauthorize, local cache disabled

        Benchmark("PreauthorizeNetwork\(suffix)", configuration: configuration) { (benchmark: Benchmark, fixture: Fixture) in
            benchmark.startMeasurement()
            let response = try? await fixture.enabler.preauthorize(uncached)
            benchmark.stopMeasurement()
            if response?.authorizedResources.count != 10 { benchmark.error("PreauthorizeNetwork: not 10 decisions") }
        } setup: {
            let fixture = try await networkFixture { _ = try await $0.preauthorize(uncached) }
            await fixture.emulator.setRequestLogging(false)
            return fixture
        }

        Benchmark("PreauthorizeRaw\(suffix)", configuration: configuration) { (benchmark: Benchmark, raw: RawClient) in
            benchmark.startMeasurement()
            let authorized = try? await backend == .restV2 ? raw.preauthorizeV2(resources) : raw.preauthorizeV1(resources)
            benchmark.stopMeasurement()
            if authorized != 10 { benchmark.error("PreauthorizeRaw: not 10 decisions") }
        } setup: {
            let fixture = try await networkFixture { _ = try await $0.preauthorize(uncached) }
            return try await rawClient(fixture, route: preauthorizeRoute)
        }

        // MARK: authorize

        Benchmark("AuthorizeNetwork\(suffix)", configuration: configuration) { (benchmark: Benchmark, fixture: Fixture) in
            benchmark.startMeasurement()
            let token = try? await fixture.enabler.authorize(resource: "news")
            benchmark.stopMeasurement()
            if token == nil { benchmark.error("AuthorizeNetwork: no media token") }
        } setup: {
            // On v1 the first call stores the authZ token, so every measured call is one media-token request.
            let fixture = try await networkFixture { _ = try await $0.authorize(resource: "news") }
            await fixture.emulator.setRequestLogging(false)
            return fixture
        }

        Benchmark("AuthorizeRaw\(suffix)", configuration: configuration) { (benchmark: Benchmark, raw: RawClient) in
            benchmark.startMeasurement()
            let token = try? await backend == .restV2 ? raw.authorizeV2("news") : raw.mediaTokenV1("news")
            benchmark.stopMeasurement()
            if token?.isEmpty ?? true { benchmark.error("AuthorizeRaw: no media token") }
        } setup: {
            let fixture = try await networkFixture { _ = try await $0.authorize(resource: "news") }
            return try await rawClient(fixture, route: authorizeRoute)
        }
    }
}
