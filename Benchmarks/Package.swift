// swift-tools-version:6.1
import PackageDescription

// The AccessEnabler benchmark suite: a nested package so that the SDK keeps zero dependencies.
// Run it with `bash Benchmarks/run.sh` (release builds only; see the README's Benchmarks section).
let package = Package(
    name: "AccessEnablerBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "AccessEnabler", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "AccessEnablerBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "AccessEnabler", package: "AccessEnabler"),
                .product(name: "AccessEnablerLegacy", package: "AccessEnabler"),
                .product(name: "AccessEnablerTesting", package: "AccessEnabler"),
            ],
            path: "Benchmarks/AccessEnablerBenchmarks",
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The fixture, the raw baseline client and the paired network operations, shared by the
        // suite and the profiling tool. Under Sources/: the benchmark plugin takes every
        // executable in a folder named Benchmarks for a benchmark.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "AccessEnabler", package: "AccessEnabler"),
                .product(name: "AccessEnablerTesting", package: "AccessEnabler"),
            ],
            path: "Sources/BenchmarkSupport",
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        // One side of a network pair run N times, for callgrind / DHAT (Benchmarks/profile.sh).
        .executableTarget(
            name: "AccessEnablerProfile",
            dependencies: ["BenchmarkSupport", .product(name: "AccessEnabler", package: "AccessEnabler")],
            path: "Sources/AccessEnablerProfile",
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
