import Foundation

extension Duration {
    /// The duration in seconds, as a `TimeInterval` (named apart from the SDK's internal helper).
    var emulatorSeconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

extension Date {
    /// Milliseconds since 1970, as the wire protocol counts them.
    var emulatorMilliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    /// Whole seconds since 1970.
    var emulatorSeconds: Int64 { Int64(timeIntervalSince1970.rounded(.down)) }
}
