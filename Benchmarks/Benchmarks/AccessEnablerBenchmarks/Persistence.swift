import AccessEnabler
import AccessEnablerTesting
import Benchmark
import BenchmarkSupport
import Foundation

/// Persistence growth with `FileTokenStorage`, at 100, 1,000 and 10,000 stored authZ tokens
/// (`Suite.storeSizes`). The store is filled through the public API only: in setup, the SDK
/// authorizes that many distinct resources (REST API v1, in process), each of which stores one
/// authZ token.
///
/// - `AuthorizeStore<N>`: one `authorize` of a resource never authorized before, which stores one
///   more authZ token (an authorize request, the write, and a media-token request: each iteration
///   checks that both requests were sent).
/// - `ColdStart<N>`: a new `AccessEnabler` on the existing file: `setRequestor` (which loads the
///   store, then makes the configuration call in process) and then `checkAuthentication()`, the
///   first local call, which must find the stored authentication (each iteration checks that the
///   configuration request was sent).
func registerPersistenceBenchmarks() {
    for size in Suite.storeSizes {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("accessenabler-bench-\(ProcessInfo.processInfo.processIdentifier)-\(size)")
        let file = directory.appendingPathComponent("tokens.json")
        let removeDirectory: @Sendable () async throws -> Void = {
            try? FileManager.default.removeItem(at: directory)
        }
        let iterations = size >= 10_000 ? 25 : 100

        Benchmark(
            "AuthorizeStore\(size)", configuration: Suite.configuration(iterations: iterations, seconds: 10, warmup: 2)
        ) { (benchmark: Benchmark, fixture: Fixture) in
            let resource = "fresh-\(benchmark.currentIteration)"
            let before = await requestCounts(fixture.emulator, [.authorize, .mediaToken])
            benchmark.startMeasurement()
            let token = try? await fixture.enabler.authorize(resource: resource)
            benchmark.stopMeasurement()
            if token == nil { benchmark.error("AuthorizeStore\(size): no media token") }
            let sent = zip(await requestCounts(fixture.emulator, [.authorize, .mediaToken]), before).map { $0 - $1 }
            if sent != [1, 1] {
                benchmark.error("AuthorizeStore\(size): authorize and media-token requests \(sent), expected 1 each")
            }
        } setup: {
            try await populatedFixture(size: size, file: file)
        } teardown: {
            try await removeDirectory()
        }

        Benchmark(
            "ColdStart\(size)", configuration: Suite.configuration(iterations: iterations, seconds: 10, warmup: 1)
        ) { (benchmark: Benchmark, fixture: Fixture) in
            var configuration = fixture.enabler.configuration
            configuration.storage = FileTokenStorage(url: file)
            let before = await fixture.emulator.requestCount(to: .configuration)
            benchmark.startMeasurement()
            let enabler = AccessEnabler(softwareStatement: Fixture.softwareStatement, configuration: configuration)
            let loaded = try? await enabler.setRequestor(Fixture.requestorID)
            let status = await enabler.checkAuthentication()
            benchmark.stopMeasurement()
            if loaded == nil || !status.isAuthenticated { benchmark.error("ColdStart\(size): not authenticated") }
            let sent = await fixture.emulator.requestCount(to: .configuration) - before
            if sent != 1 { benchmark.error("ColdStart\(size): \(sent) configuration requests, expected 1") }
        } setup: {
            try await populatedFixture(size: size, file: file)
        } teardown: {
            try await removeDirectory()
        }
    }
}

/// The arrivals so far at each of `routes`.
private func requestCounts(_ emulator: PassEmulator, _ routes: [EmulatorRoute]) async -> [Int] {
    var counts: [Int] = []
    for route in routes { counts.append(await emulator.requestCount(to: route)) }
    return counts
}

/// An authenticated REST API v1 instance on a new `FileTokenStorage` at `file` that already
/// holds `size` authZ tokens.
private func populatedFixture(size: Int, file: URL) async throws -> Fixture {
    try? FileManager.default.removeItem(at: file.deletingLastPathComponent())
    let fixture = try await Fixture.make(backend: .restV1, configure: { $0.storage = FileTokenStorage(url: file) })
    await fixture.emulator.setRequestLogging(false)
    for index in 0..<size {
        _ = try await fixture.enabler.authorize(resource: "stored-\(index)")
    }
    // Record keys are the SDK's business: only check that at least one record per token is there.
    let stored = try await FileTokenStorage(url: file).loadRecords(before: TokenStorageDeadline(after: .seconds(30)))
        .count
    guard stored >= size else { throw BenchmarkFailure("the store holds \(stored) records, expected \(size) or more") }
    return fixture
}
