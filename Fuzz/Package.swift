// swift-tools-version:6.1
import PackageDescription

// Fuzzing the SDK's response handling with libFuzzer (`run.sh`). A nested package so the root
// keeps zero dependencies and no unsafe flags. `swift test --package-path Fuzz` replays the seed
// corpus and every input that once crashed (`Regressions/`).
let package = Package(
    name: "AccessEnablerFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "AccessEnabler", path: ".."),
    ],
    targets: [
        .target(
            name: "AccessEnablerFuzzing",
            dependencies: [
                .product(name: "AccessEnabler", package: "AccessEnabler"),
                .product(name: "AccessEnablerTesting", package: "AccessEnabler"),
            ]
        ),
        // libFuzzer supplies `main` when built with `--sanitize=fuzzer -Xswiftc -DFUZZING`;
        // otherwise the target replays input files given on the command line.
        .executableTarget(
            name: "FuzzResponses",
            dependencies: ["AccessEnablerFuzzing"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(name: "FuzzCorpus", dependencies: ["AccessEnablerFuzzing"]),
        .testTarget(name: "AccessEnablerFuzzingTests", dependencies: ["AccessEnablerFuzzing"]),
    ],
    swiftLanguageModes: [.v6]
)
