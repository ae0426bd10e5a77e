import Foundation

/// The source of time for every TTL, expiry and wait in the SDK.
///
/// Two readings: ``now``, the wall clock, for what the server dates (expiries, TTLs), and
/// ``uptime``, a monotonic clock, for how long something has lasted (a poll's deadline, a
/// call's storage deadline, the retry deadline): setting the device's clock back or forward
/// moves ``now`` only.
///
/// Inject a clock through ``AccessEnabler/Configuration/clock`` to test expiry without sleeping
/// (`AccessEnablerTesting` ships a `TestClock`).
public protocol AccessEnablerClock: Sendable {
    /// The current wall-clock time, compared with the server's epoch-millisecond expiries.
    var now: Date { get }
    /// How long the clock has run since an arbitrary start: monotonic (never set, never goes
    /// back), on the same time scale as ``sleep(for:)``. The SDK measures durations and
    /// deadlines with it. By default it is ``now`` since 1970, which a change of the wall clock
    /// moves: implement it in a clock of your own.
    var uptime: Duration { get }
    /// Suspends for `duration` of this clock's time; throws `CancellationError` when cancelled.
    func sleep(for duration: Duration) async throws
    /// Suspends for `duration` as the time limit of work raced against it (a request's
    /// time-out), which usually finishes first and cancels it. Implement it only to tell time
    /// limits apart from waits (as `TestClock` does); by default it is ``sleep(for:)``.
    func sleep(asTimeLimit duration: Duration) async throws
}

extension AccessEnablerClock {
    public func sleep(asTimeLimit duration: Duration) async throws {
        try await sleep(for: duration)
    }

    /// The wall clock's time since 1970: a clock that predates ``uptime`` keeps measuring as it did.
    public var uptime: Duration { .seconds(now.timeIntervalSince1970) }
}

/// The real clock: `Date()`, `ContinuousClock` (which goes on while the device sleeps) and
/// `Task.sleep`.
public struct SystemClock: AccessEnablerClock {
    /// Creates the system clock.
    public init() {}
    public var now: Date { Date() }
    public var uptime: Duration { ContinuousClock.now - Self.origin }
    /// The instant ``uptime`` counts from: the first reading in the process.
    private static let origin = ContinuousClock.now
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

extension Date {
    /// Milliseconds since 1970, as the wire protocol counts them.
    package var epochMilliseconds: Int64 { Int64(saturating: (timeIntervalSince1970 * 1000).rounded()) }

    /// The date `milliseconds` after 1970.
    init(epochMilliseconds milliseconds: Int64) {
        self.init(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }

    /// This date moved by `duration`.
    func adding(_ duration: Duration) -> Date {
        addingTimeInterval(duration.timeInterval)
    }
}

extension Int64 {
    /// `value` rounded toward zero and clamped to the range of `Int64` (NaN is 0). Server data can
    /// hold any number; a plain conversion of an out-of-range `Double` traps.
    package init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9_223_372_036_854_775_808.0 {  // 2^63: the first Double above Int64.max
            self = .max
        } else if value <= -9_223_372_036_854_775_808.0 {
            self = .min
        } else {
            self = Int64(value)
        }
    }
}
