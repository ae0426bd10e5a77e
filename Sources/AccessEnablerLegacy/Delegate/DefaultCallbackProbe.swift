import AccessEnabler
import Foundation

/// Tells the adapter whether a call on the app's delegate ran one of the protocol's default
/// implementations, that is, whether the app implements the callback: a Swift protocol cannot be
/// asked (`responds(to:)` sees only `@objc` methods), so the defaults of the callbacks whose
/// absence the adapter makes up for (``EntitlementDelegate/presentTvProviderDialog(_:)`` and
/// ``EntitlementDelegate/dismissTvProviderDialog(_:)``) report that they ran. The Objective-C
/// relay reports the same for an Objective-C delegate that does not respond to the selector.
enum DefaultCallbackProbe {
    // Spelled out rather than with the @TaskLocal macro, which needs a compiler plugin.
    private static let current = TaskLocal<LockedValue<Bool>?>(wrappedValue: nil)

    /// Runs `call` (synchronously) and returns whether it reached a default implementation.
    static func reachesDefault(_ call: () -> Void) -> Bool {
        let reached = LockedValue(false)
        current.withValue(reached) { call() }
        return reached.withLock { $0 }
    }

    /// Called by a default implementation: the app does not implement the callback.
    static func reached() {
        current.get()?.withLock { $0 = true }
    }
}
