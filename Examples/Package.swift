// swift-tools-version:6.1
import PackageDescription

// The sample apps' code, as library targets so that it can be type-checked without Xcode
// (.ci/check-examples). Apps/project.yml (XcodeGen) makes an app target of each app's @main file
// in Apps/ with these products. Targets name their dependencies by name ("AccessEnabler"), which
// SwiftPM resolves to the root package's products: the type-check tools follow only by-name
// dependencies.
// Apple platforms only: SwiftUI and UIKit are not on Linux, so `swift build` of this package
// works on a Mac only.

let package = Package(
    name: "AccessEnablerExamples",
    platforms: [.iOS(.v16), .tvOS(.v16)],
    products: [
        .library(name: "SampleSupport", targets: ["SampleSupport"]),
        .library(name: "SampleUI", targets: ["SampleUI"]),
        .library(name: "SampleiOS", targets: ["SampleiOS"]),
        .library(name: "SampleTV", targets: ["SampleTV"]),
        .library(name: "SampleLegacy", targets: ["SampleLegacy"]),
    ],
    dependencies: [
        .package(name: "AccessEnabler", path: "../")
    ],
    targets: [
        // Which server, the channel line-up and what an error says: Foundation and the SDK only.
        .target(name: "SampleSupport", dependencies: ["AccessEnabler"]),
        // The SwiftUI pieces the iOS and tvOS apps share: the session model and the channel list.
        .target(name: "SampleUI", dependencies: ["SampleSupport"]),
        // iOS: the MVPD picker and WebAuthenticationSessionPresenter.
        .target(name: "SampleiOS", dependencies: ["SampleUI"]),
        // tvOS: the second-screen sign-in and the TV Provider's single sign-on.
        .target(name: "SampleTV", dependencies: ["SampleUI"]),
        // UIKit on the callback API of Adobe's Objective-C SDK, in the Swift 5 mode such apps
        // build in.
        .target(
            name: "SampleLegacy",
            dependencies: ["AccessEnablerLegacy"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
