import AccessEnabler
import AccessEnablerTesting
import Benchmark
import BenchmarkSupport

/// The SDK on the network path against the raw baseline: the same request built by hand and
/// sent with the same `URLSession` configuration to the same emulator (mounted behind a
/// `URLProtocol`).
///
/// One preauthorize request carries all 10 resources on both sides (`preauthorizeChunkSize` 10),
/// so each pair compares exactly one HTTP exchange. Each iteration runs three calls — the SDK,
/// the lean raw client (header fields set at once, as the SDK's transport sets them: the
/// headline baseline) and the raw client as apps usually write it (one `addValue` per field) —
/// rotating which goes first, and times all three (``Suite/subjectNanoseconds``,
/// ``Suite/baselineNanoseconds`` for the lean client, ``Suite/appStyleNanoseconds``): the p50s
/// come from the same iterations. Two benchmarks run seconds apart moved a ratio by ±15% on a
/// shared machine. The benchmark's own wall time and mallocs are the SDK call's. The operations
/// are `NetworkOperation.all`, which the profiling tool (`AccessEnablerProfile`) runs too.
/// Every iteration checks that each of its three calls sent exactly one request to the emulator
/// (counted outside the measured window), so an answer from a cache cannot pass for a network path.
func registerNetworkPathBenchmarks() {
    let configuration = Suite.pairedConfiguration(
        iterations: 3_000, seconds: 8, warmup: 20, extraMetrics: [Suite.appStyleNanoseconds])

    for operation in NetworkOperation.all {
        let name = operation.name
        Benchmark(name, configuration: configuration) { (benchmark: Benchmark, pair: NetworkPair) in
            let clock = ContinuousClock()
            let lean = pair.lean
            let emulator = pair.fixture.emulator
            var sdk: (ok: Bool, time: Duration) = (false, .zero)
            var leanRaw = sdk
            var appStyle = sdk
            // The requests each call sent (SDK, lean raw, app-style raw): one each.
            var requests = [0, 0, 0]
            let first = benchmark.currentIteration % 3
            for turn in 0..<3 {
                let call = (first + turn) % 3
                let before = await emulator.requestCount(to: operation.route)
                switch call {
                case 0:
                    benchmark.startMeasurement()
                    sdk = await timed(clock) { try await operation.sdk(pair.fixture.enabler) }
                    benchmark.stopMeasurement()
                case 1: leanRaw = await timed(clock) { try await operation.raw(lean) }
                default: appStyle = await timed(clock) { try await operation.raw(pair.raw) }
                }
                requests[call] = await emulator.requestCount(to: operation.route) - before
            }
            benchmark.measurement(Suite.subjectNanoseconds, sdk.time.nanoseconds)
            benchmark.measurement(Suite.baselineNanoseconds, leanRaw.time.nanoseconds)
            benchmark.measurement(Suite.appStyleNanoseconds, appStyle.time.nanoseconds)
            if !sdk.ok || !leanRaw.ok || !appStyle.ok { benchmark.error("\(name): a call failed") }
            if requests != [1, 1, 1] {
                benchmark.error(
                    "\(name): requests to \(operation.route) per call (SDK, lean raw, app-style raw) \(requests), "
                        + "expected 1 each")
            }
        } setup: {
            try await NetworkPair.make(operation)
        }
    }
}
