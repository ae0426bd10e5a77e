import SampleSupport
import SampleUI
import SampleiOS
import SwiftUI

/// The iOS sample: `accessenabler emulator serve` on this Mac unless the scheme names Adobe staging.
@main
@MainActor
struct SampleApp: App {
    @StateObject private var session = SampleSession(server: .fromEnvironment())

    var body: some Scene {
        WindowGroup {
            SampleRootView(session: session)
        }
    }
}
