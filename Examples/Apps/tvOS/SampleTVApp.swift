import SampleSupport
import SampleTV
import SampleUI
import SwiftUI

/// The tvOS sample: `accessenabler emulator serve` on this Mac unless the scheme names Adobe staging.
@main
@MainActor
struct SampleTVApp: App {
    @StateObject private var session = TVProviderSignIn.session(server: .fromEnvironment())

    var body: some Scene {
        WindowGroup {
            TVRootView(session: session)
        }
    }
}
