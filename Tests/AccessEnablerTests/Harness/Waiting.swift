import AccessEnablerTesting
import Foundation

/// Polls until `condition` holds: waits for an asynchronous fact without asserting anything about
/// time. It sleeps between polls (rather than yielding) so the work it waits for always gets to run.
func eventually(_ condition: @Sendable () async -> Bool) async {
    while await !condition() { try? await Task.sleep(for: .milliseconds(1)) }
}

extension PassEmulator {
    /// Waits until the first request to `route` has been answered.
    func waitForAnswer(on route: EmulatorRoute) async {
        await eventually { await self.requests(to: route).first?.responseStatus != nil }
    }
}
