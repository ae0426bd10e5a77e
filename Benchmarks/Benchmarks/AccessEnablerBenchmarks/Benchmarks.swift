import Benchmark
import Foundation

// The AccessEnabler benchmark suite. Every benchmark measures exactly one operation per
// iteration between `startMeasurement()` and `stopMeasurement()` (setup and checks stay outside)
// and reports its wall time and malloc count. Pairs (`…Network` / `…Raw`, …) are compared by
// `Benchmarks/run.sh`, from one run.
//
// Names have no spaces or slashes: `benchmark thresholds check` looks threshold files up by the
// raw name.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = Suite.configuration(iterations: 1_000, seconds: 3)
    registerLocalPathBenchmarks()
    registerNetworkPathBenchmarks()
    registerConcurrencyBenchmarks()
    registerLegacyBenchmarks()
    registerPersistenceBenchmarks()
    registerLaunchBenchmark()
}

/// Settings shared by the whole suite.
enum Suite {
    /// `ACCESSENABLER_BENCH_QUICK=1`: a handful of iterations per benchmark (CI). Wall times are
    /// then only a smoke test; malloc counts are as exact as in a full run.
    static let isQuick = ProcessInfo.processInfo.environment["ACCESSENABLER_BENCH_QUICK"] == "1"

    /// How many authZ tokens the persistence benchmarks pre-store
    /// (`ACCESSENABLER_BENCH_STORE_SIZES`, comma-separated; default 100,1000,10000, and
    /// 100,1000 in quick mode).
    static let storeSizes: [Int] = {
        if let list = ProcessInfo.processInfo.environment["ACCESSENABLER_BENCH_STORE_SIZES"] {
            return list.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        return isQuick ? [100, 1_000] : [100, 1_000, 10_000]
    }()

    /// The number of `/api/v1/authorize` requests one iteration caused.
    static let authorizeRequests = BenchmarkMetric.custom("authzRequests")
    /// In a paired benchmark, the measured call's wall time (the SDK; the legacy adapter).
    static let subjectNanoseconds = BenchmarkMetric.custom("subjectNanoseconds", useScalingFactor: false)
    /// In a paired benchmark, the baseline's wall time in the same iteration (the lean raw
    /// client; the async call).
    static let baselineNanoseconds = BenchmarkMetric.custom("baselineNanoseconds", useScalingFactor: false)
    /// In a network pair, the wall time in the same iteration of the raw client that sets each
    /// header field with `addValue`, as apps usually write it (slow on swift-corelibs-foundation).
    static let appStyleNanoseconds = BenchmarkMetric.custom("appStyleNanoseconds", useScalingFactor: false)

    static let metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal, .throughput]

    /// A configuration that stops after `iterations` iterations or `seconds` seconds, whichever
    /// comes first (5 iterations in quick mode). Only malloc counts carry thresholds: they do not
    /// depend on the machine's speed.
    /// `extraMetrics` carry a zero-tolerance threshold.
    static func configuration(
        iterations: Int, seconds: Int, warmup: Int = 3, extraMetrics: [BenchmarkMetric] = []
    ) -> Benchmark.Configuration {
        configuration(
            iterations: iterations, seconds: seconds, warmup: warmup, extraMetrics: extraMetrics,
            checked: extraMetrics)
    }

    /// A configuration for a paired benchmark: it also reports ``subjectNanoseconds`` and
    /// ``baselineNanoseconds`` (never thresholded: they are times).
    static func pairedConfiguration(
        iterations: Int, seconds: Int, warmup: Int, extraMetrics: [BenchmarkMetric] = []
    ) -> Benchmark.Configuration {
        configuration(
            iterations: iterations, seconds: seconds, warmup: warmup,
            extraMetrics: [subjectNanoseconds, baselineNanoseconds] + extraMetrics, checked: [])
    }

    /// A configuration that reports `extraMetrics` and gives a zero-tolerance threshold to those
    /// in `checked`.
    static func configuration(
        iterations: Int, seconds: Int, warmup: Int, extraMetrics: [BenchmarkMetric], checked: [BenchmarkMetric]
    ) -> Benchmark.Configuration {
        var thresholds: [BenchmarkMetric: BenchmarkThresholds] = [.mallocCountTotal: .init(absolute: [.p90: 2])]
        for metric in checked { thresholds[metric] = .init(absolute: [.p90: 0]) }
        return .init(
            metrics: metrics + extraMetrics,
            timeUnits: .microseconds,
            warmupIterations: isQuick ? 1 : warmup,
            scalingFactor: .one,
            maxDuration: .seconds(isQuick ? 2 : seconds),
            maxIterations: isQuick ? min(iterations, 5) : iterations,
            thresholds: thresholds)
    }
}

/// Runs `call` and returns whether it succeeded and how long it took.
func timed(
    _ clock: ContinuousClock, _ call: () async throws -> Bool
) async -> (ok: Bool, time: Duration) {
    let start = clock.now
    let ok = (try? await call()) ?? false
    return (ok, clock.now - start)
}

extension Duration {
    /// The duration in whole nanoseconds (benchmark custom metrics are integers).
    var nanoseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }
}
