import AccessEnabler
import Foundation

/// Warnings: mistakes in how a test drives the emulator that would otherwise go unnoticed, such
/// as a fault injected on a route the clients never call.
extension PassEmulator {
    /// Every warning since the emulator was created or ``reset()``, oldest first.
    ///
    /// For example: `the fault tooManyRequests injected on mediaToken (GET /api/v1/tokens/media)
    /// will not fire: only REST API v1 clients call that route, and the clients of this emulator
    /// speak REST API v2. …`
    public var warnings: [String] { warningLog }

    /// Sends each new warning to `handler` instead of standard error (the default). Warnings are
    /// kept in ``warnings`` either way.
    public func setWarningHandler(_ handler: @escaping @Sendable (String) -> Void) {
        warningHandler = handler
    }

    /// Records `message` and hands it to the warning handler.
    func warn(_ message: String) {
        warningLog.append(message)
        warningHandler(message)
    }

    /// Warns about each queued fault that no client of this emulator will trigger: its route
    /// belongs to one REST API version only, and the requests so far came from the other one.
    /// Checked when a fault is injected and when the first request of a version arrives.
    func warnAboutFaultsThatCannotFire() {
        guard !seenBackends.isEmpty else { return }
        let spoken = seenBackends.map(\.displayName).sorted().joined(separator: " and ")
        for (route, fault) in faults.unwarnedFaults(notCalledBy: seenBackends) {
            guard let only = route.backend else { continue }
            var message =
                "the fault \(fault.kindName) injected on \(route.rawValue) (\(route.endpointDescription)) "
                + "will not fire: only \(only.displayName) clients call that route, and the clients of this "
                + "emulator speak \(spoken)."
            if let nearest = route.nearestOnOtherBackend {
                message += " The nearest route they call is \(nearest.rawValue) (\(nearest.endpointDescription))."
            }
            warn(message)
        }
    }

    @Sendable static func writeToStandardError(_ message: String) {
        FileHandle.standardError.write(Data("warning: PassEmulator: \(message)\n".utf8))
    }
}
