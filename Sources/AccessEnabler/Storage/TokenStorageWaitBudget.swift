import Foundation

/// How long one SDK call may still wait for storage that another process holds (the lock of a
/// ``FileTokenStorage``).
///
/// Each call of the `AccessEnabler` actor (and of the legacy adapter, through it) runs with one budget
/// as ``current``: however many storage operations the call makes, together they wait at most
/// the budget's ``limit`` (the call's ``RetryPolicy/deadline``), and at most the store's own
/// timeout (``FileTokenStorage/lockTimeout``) in total. Once a wait has used it up, a later
/// operation of the same call that finds the lock taken fails at once.
///
/// A task that already has a budget keeps it: a command-line tool can bound a whole command,
/// several SDK calls, with one.
///
/// ```swift
/// try await TokenStorageWaitBudget.withCurrent(TokenStorageWaitBudget(limit: .seconds(30))) {
///     try await enabler.setRequestor("REF")
///     return await enabler.checkAuthentication()
/// }
/// ```
///
/// A custom ``TokenStorage`` that waits for other processes should ask ``allowance(within:)``
/// before a wait and report it with ``recordWait(_:)``.
public final class TokenStorageWaitBudget: @unchecked Sendable {
    /// The budget of the call running in this task, if any.
    public static var current: TokenStorageWaitBudget? { slot.get() }

    /// A task-local value declared without the `@TaskLocal` macro, which the Apple SDK check
    /// cannot expand.
    private static let slot = TaskLocal<TokenStorageWaitBudget?>(wrappedValue: nil)

    /// Runs `operation` with `budget` as ``current`` (and in the tasks it creates, detached ones
    /// aside).
    public static func withCurrent<R>(
        _ budget: TokenStorageWaitBudget?, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async rethrows -> R {
        try await slot.withValue(budget, operation: operation, isolation: isolation)
    }

    /// Runs `operation` with `budget` as ``current``.
    public static func withCurrent<R>(_ budget: TokenStorageWaitBudget?, operation: () throws -> R) rethrows -> R {
        try slot.withValue(budget, operation: operation)
    }

    /// The most the call may wait in total.
    public let limit: Duration
    /// Guarded by ``ledger``. Every call makes a budget and almost none waits, so the budgets share
    /// one lock instead of allocating their own: a call that never meets a held store pays for one
    /// object, nothing more. A bare lock rather than `LockedValue(())`: Thread Sanitizer takes the
    /// inout access to a zero-sized value for a write racing with the lock's own field.
    private var spent = Duration.zero
    private static let ledger = NSLock()

    /// Creates a budget of `limit` (a negative limit allows no wait).
    public init(limit: Duration) {
        self.limit = max(limit, .zero)
    }

    /// How long waits have lasted so far.
    public var waited: Duration {
        Self.ledger.lock()
        defer { Self.ledger.unlock() }
        return spent
    }

    /// How long the next wait may last, for a store that allows at most `timeout` of waiting
    /// per call: what is left of the smaller of `timeout` and ``limit``.
    public func allowance(within timeout: Duration) -> Duration {
        let waited = self.waited
        return max(.zero, min(limit, timeout) - waited)
    }

    /// Records a wait that lasted `duration`.
    public func recordWait(_ duration: Duration) {
        Self.ledger.lock()
        defer { Self.ledger.unlock() }
        spent += max(duration, .zero)
    }
}
