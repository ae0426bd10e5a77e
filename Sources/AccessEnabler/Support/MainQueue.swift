import Dispatch
import Foundation

/// Whether the caller runs where the main actor runs, and running work there. On Apple platforms
/// that is the main thread. Elsewhere the main actor runs on the main dispatch queue, which is
/// not always drained by the process's first thread (Linux test runners drain it from another
/// one), so the queue itself is asked. `package`: the legacy adapter dispatches with it too.
package enum MainQueue {
    /// The key, set on the main queue once (Dispatch does not declare the key type `Sendable`;
    /// it is never mutated).
    private final class Marker: @unchecked Sendable {
        let key = DispatchSpecificKey<Bool>()
        init() { DispatchQueue.main.setSpecific(key: key, value: true) }
    }

    private static let marker = Marker()

    package static var isCurrent: Bool {
        #if canImport(Darwin)
        if Thread.isMainThread { return true }
        #endif
        return DispatchQueue.getSpecific(key: marker.key) == true
    }

    /// Runs `body` on the main actor: before returning when called there (a UIKit delegate that
    /// must begin presenting before it returns), else after what the main queue already holds.
    package static func run(_ body: @escaping @MainActor @Sendable () -> Void) {
        if isCurrent {
            MainActor.assumeIsolated { body() }
        } else {
            DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
        }
    }
}
