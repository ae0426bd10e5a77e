// swift-tools-version:6.1
import PackageDescription

// The root package has no package dependencies: only the toolchain (Foundation, Dispatch,
// FoundationNetworking on Linux; Security and os behind `#if canImport`). Tools and benchmarks
// live in the nested packages `Tools/` and `Benchmarks/`.

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "AccessEnabler",
    platforms: [.iOS(.v16), .tvOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "AccessEnabler", targets: ["AccessEnabler"]),
        .library(name: "AccessEnablerLegacy", targets: ["AccessEnablerLegacy", "AccessEnablerLegacyObjC"]),
        .library(name: "AccessEnablerTesting", targets: ["AccessEnablerTesting"]),
    ],
    targets: [
        // PrivacyInfo.xcprivacy: the App Store's privacy manifest (FileTokenStorage calls stat,
        // fstat and lstat; the device ID goes to Adobe Pass). Copied as is into the module's bundle.
        .target(
            name: "AccessEnabler",
            resources: [.copy("PrivacyInfo.xcprivacy")],
            swiftSettings: swiftSettings
        ),
        .target(name: "AccessEnablerLegacy", dependencies: ["AccessEnabler"], swiftSettings: swiftSettings),
        // The Objective-C apps' one import: its header brings AccessEnablerLegacy's Objective-C
        // interface and declares the legacy constants as macros. Empty outside Objective-C.
        .target(name: "AccessEnablerLegacyObjC", dependencies: ["AccessEnablerLegacy"]),
        .target(name: "AccessEnablerTesting", dependencies: ["AccessEnabler"], swiftSettings: swiftSettings),
        // Integration code written the way apps wrote it against Adobe's Objective-C SDK, in the
        // Swift 5 language mode those apps build in: .ci/run type-checks it against the legacy SDK's
        // Swift interface (the control) and against AccessEnablerLegacy for iOS and tvOS, and
        // AccessEnablerLegacyTests runs it on Linux against the emulator. Not a product.
        .target(
            name: "LegacyMigrationFixture",
            dependencies: ["AccessEnablerLegacy"],
            path: "Tests/LegacyMigrationFixture",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "AccessEnablerTests",
            dependencies: ["AccessEnabler", "AccessEnablerTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AccessEnablerLegacyTests",
            dependencies: ["AccessEnablerLegacy", "AccessEnablerTesting", "LegacyMigrationFixture"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AccessEnablerTestingTests",
            dependencies: ["AccessEnabler", "AccessEnablerTesting"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
