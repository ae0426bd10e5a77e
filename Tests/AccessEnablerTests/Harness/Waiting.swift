import AccessEnablerTesting
import Foundation

/// Yields until `condition` holds; used to wait for an asynchronous fact without sleeping.
func eventually(_ condition: @Sendable () async -> Bool) async {
    while await !condition() { await Task.yield() }
}

extension PassEmulator {
    /// Waits until the first request to `route` has been answered.
    func waitForAnswer(on route: EmulatorRoute) async {
        await eventually { await self.requests(to: route).first?.responseStatus != nil }
    }
}
