// swift-tools-version:6.1
import PackageDescription

// The `accessenabler` command-line tool and the standalone emulator server. A nested package so
// that the SDK itself keeps zero dependencies; it refers to the root as "AccessEnabler" whatever
// folder the checkout is in.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "AccessEnablerTools",
    // Hummingbird 2 needs macOS 14 (Linux has no minimum).
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "accessenabler", targets: ["accessenabler"]),
    ],
    dependencies: [
        .package(name: "AccessEnabler", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
        // Serves a PassEmulator over real HTTP/1.1 with Hummingbird.
        .target(
            name: "EmulatorServer",
            dependencies: [
                .product(name: "AccessEnabler", package: "AccessEnabler"),
                .product(name: "AccessEnablerTesting", package: "AccessEnabler"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings
        ),
        // The commands, the login presenter and the output formats (a library so tests can use them).
        .target(
            name: "AccessEnablerCLI",
            dependencies: [
                "EmulatorServer",
                .product(name: "AccessEnabler", package: "AccessEnabler"),
                .product(name: "AccessEnablerTesting", package: "AccessEnabler"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // The loopback listener that catches a browser login's last redirect.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "accessenabler",
            dependencies: ["AccessEnablerCLI"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AccessEnablerToolsTests",
            dependencies: [
                // Listed so that `swift test` always builds the executable the end-to-end tests spawn.
                "accessenabler",
                "AccessEnablerCLI",
                "EmulatorServer",
                .product(name: "AccessEnabler", package: "AccessEnabler"),
                .product(name: "AccessEnablerTesting", package: "AccessEnabler"),
                // Listed so that its module is built: the README's and the DocC articles' Swift
                // snippets are type-checked against it.
                .product(name: "AccessEnablerLegacy", package: "AccessEnabler"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
