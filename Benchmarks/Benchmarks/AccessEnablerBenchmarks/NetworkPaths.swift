import AccessEnabler
import AccessEnablerTesting
import Benchmark
import BenchmarkSupport

/// The SDK on the network path against the raw baseline: the same request built by hand and
/// sent with the same `URLSession` configuration to the same emulator (mounted behind a
/// `URLProtocol`).
///
/// One preauthorize request carries all 10 resources on both sides (`preauthorizeChunkSize` 10),
/// so each pair compares exactly one HTTP exchange. Each iteration runs both calls, which one
/// goes first alternating, and times both (``Suite/subjectNanoseconds`` for the SDK,
/// ``Suite/baselineNanoseconds`` for the raw call): the two p50s come from the same iterations.
/// Two benchmarks run seconds apart moved the ratio by ±15% on a shared machine. The benchmark's
/// own wall time and mallocs are the SDK call's. The operations are `NetworkOperation.all`,
/// which the profiling tool (`AccessEnablerProfile`) runs too.
func registerNetworkPathBenchmarks() {
    let configuration = Suite.pairedConfiguration(iterations: 3_000, seconds: 8, warmup: 20)

    for operation in NetworkOperation.all {
        let name = operation.name
        Benchmark(name, configuration: configuration) { (benchmark: Benchmark, pair: NetworkPair) in
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
            if !sdk.ok || !raw.ok { benchmark.error("\(name): a call failed") }
        } setup: {
            try await NetworkPair.make(operation)
        }
    }
}
