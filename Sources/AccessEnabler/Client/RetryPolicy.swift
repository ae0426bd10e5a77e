import Foundation

/// When and how the SDK retries a failed request.
///
/// Only idempotent calls are retried — configuration, authentication and authorization reads,
/// preauthorization decisions, user metadata, and the DCR token call — after a transport
/// failure, a 5xx, or a 429. Calls that change state on the server (DCR registration, creating a
/// login session, TempPass login, logout, REST v2 authorization decisions, which may use up a
/// TempPass quota) are never retried; DCR has its own recovery
/// (a 401 renews the token once, `invalid_client` registers again once).
///
/// Waits grow exponentially with jitter. A 429 waits for its `Retry-After` (seconds or an HTTP
/// date), or at least ``minimumThrottleDelay`` without one. No wait starts that would end after
/// ``deadline``; when retries are exhausted the last failure is returned to the caller with its
/// action (`retry`, `retry-after` with ``AccessEnablerError/retryAfter``). Waits use
/// ``AccessEnabler/Configuration/clock``.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts per call, the first included (1 disables retries).
    public var maxAttempts: Int
    /// The wait before the first retry; each later wait doubles, up to ``maximumBackoff``.
    public var initialBackoff: Duration
    /// The longest wait between attempts (a longer `Retry-After` ends the retries instead).
    public var maximumBackoff: Duration
    /// The shortest wait after a 429 that has no `Retry-After` (Adobe asks for at least 1 s).
    public var minimumThrottleDelay: Duration
    /// The time one call may spend, retries and waits included.
    public var deadline: Duration

    /// Creates a policy.
    public init(
        maxAttempts: Int = 3, initialBackoff: Duration = .milliseconds(500), maximumBackoff: Duration = .seconds(8),
        minimumThrottleDelay: Duration = .seconds(1), deadline: Duration = .seconds(30)
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.minimumThrottleDelay = minimumThrottleDelay
        self.deadline = deadline
    }

    /// Three attempts, 0.5 s doubling to 8 s, at least 1 s after a 429, 30 s per call.
    public static let `default` = RetryPolicy()
    /// No retries: every failure reaches the caller at once.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The exponential wait before attempt `attempt + 1`, with "equal jitter": between half and
    /// all of the nominal wait, so concurrent clients spread out but never retry at once.
    func backoff(afterAttempt attempt: Int, random: Double) -> Duration {
        let nominal = min(initialBackoff * (1 << min(attempt - 1, 20)), maximumBackoff)
        return nominal / 2 + nominal * (0.5 * min(max(random, 0), 1))
    }
}
