import Foundation

/// When an SDK call stops waiting for storage that another process holds (the lock of a
/// ``FileTokenStorage``): the call's start plus its ``RetryPolicy/deadline`` (30 s by default),
/// measured on the SDK's clock (``AccessEnablerClock/uptime``, which setting the device's time
/// does not move).
///
/// Each public call of `AccessEnabler` makes one and hands it to every storage operation it
/// makes, so however many reads and writes a call makes, together they wait until the deadline
/// at most. A store that waits asks ``remaining`` and suspends with ``sleep(upTo:)``; it never
/// blocks the thread.
///
/// ```swift
/// let records = try await storage.loadRecords(before: TokenStorageDeadline(after: .seconds(5)))
/// ```
public struct TokenStorageDeadline: Sendable {
    /// The clock the deadline is measured and slept on.
    public let clock: any AccessEnablerClock
    /// The clock's ``AccessEnablerClock/uptime`` at which the deadline passes.
    public let uptime: Duration

    /// A deadline `duration` from now on `clock` (a negative duration: one that has passed).
    public init(after duration: Duration, on clock: any AccessEnablerClock = SystemClock()) {
        self.clock = clock
        self.uptime = clock.uptime + duration
    }

    /// How long until the deadline; zero once it has passed.
    public var remaining: Duration {
        max(uptime - clock.uptime, .zero)
    }

    /// Whether the deadline has passed.
    public var hasPassed: Bool {
        clock.uptime >= uptime
    }

    /// Suspends for `duration`, or until the deadline if that comes first, on the deadline's
    /// clock. Throws `CancellationError` when the task is cancelled.
    public func sleep(upTo duration: Duration) async throws {
        try await clock.sleep(for: min(duration, remaining))
    }
}
