// swift-tools-version:6.1
import PackageDescription

// The `accessenabler` command-line tool. A nested package so that the SDK itself keeps zero
// dependencies; it refers to the root as "AccessEnabler" whatever folder the checkout is in.
let package = Package(
    name: "AccessEnablerTools",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "accessenabler", targets: ["accessenabler"]),
    ],
    dependencies: [
        .package(name: "AccessEnabler", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .executableTarget(
            name: "accessenabler",
            dependencies: [
                .product(name: "AccessEnabler", package: "AccessEnabler"),
                .product(name: "AccessEnablerTesting", package: "AccessEnabler"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
