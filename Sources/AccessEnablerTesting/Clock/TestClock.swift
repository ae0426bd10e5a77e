import AccessEnabler
import Foundation

/// A manual clock for tests: time moves only when the test calls ``advance(by:)`` or ``set(_:)``.
///
/// Give the same instance to the SDK and to ``PassEmulator`` to test expiry, TTLs and waits
/// without sleeping. ``sleep(for:)`` suspends until the clock's ``uptime`` reaches the deadline
/// and honours task cancellation. The wall clock (``now``) and the monotonic clock (``uptime``)
/// move together, except through ``setWallClock(_:)``, which changes the wall clock alone, as
/// a viewer who sets the device's time does.
public final class TestClock: AccessEnablerClock, @unchecked Sendable {
    private struct Sleeper {
        /// The ``uptime`` it wakes at.
        var deadline: Duration
        var continuation: CheckedContinuation<Void, any Error>
        /// A time limit raced against other work (``sleep(asTimeLimit:)``), not a wait.
        var isTimeLimit: Bool
    }

    private struct State {
        var now: Date
        var uptime: Duration = .zero
        var sleepers: [UInt64: Sleeper] = [:]
        var nextID: UInt64 = 0
    }

    private let lock = NSLock()
    private var state: State

    /// Creates a clock showing `now` (by default 2027-01-15, a fixed, recognisable instant).
    public init(now: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        state = State(now: now)
    }

    /// The clock's current time.
    public var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return state.now
    }

    /// The clock's monotonic time: how far it has been advanced since it was created.
    public var uptime: Duration {
        lock.lock()
        defer { lock.unlock() }
        return state.uptime
    }

    /// The number of tasks suspended in ``sleep(for:)``: waits such as retry back-offs, not the
    /// time limits of requests in flight.
    public var pendingSleeps: Int {
        lock.lock()
        defer { lock.unlock() }
        return state.sleepers.values.count(where: { !$0.isTimeLimit })
    }

    /// The number of time limits running (``sleep(asTimeLimit:)``): one per request the SDK has
    /// in flight.
    public var pendingTimeLimits: Int {
        lock.lock()
        defer { lock.unlock() }
        return state.sleepers.values.count(where: \.isTimeLimit)
    }

    /// Moves the clock forward by `duration` and wakes every sleeper whose deadline has passed.
    public func advance(by duration: Duration) {
        lock.lock()
        state.now = state.now.addingTimeInterval(duration.timeInterval)
        state.uptime += max(duration, .zero)
        let due = takeDueSleepers()
        lock.unlock()
        due.forEach { $0.resume() }
    }

    /// Sets the clock to `date` and wakes every sleeper whose deadline has passed: forwards, time
    /// passes (``uptime`` moves as far); backwards, only the wall clock moves, as with
    /// ``setWallClock(_:)``.
    public func set(_ date: Date) {
        lock.lock()
        state.uptime += max(.seconds(date.timeIntervalSince(state.now)), .zero)
        state.now = date
        let due = takeDueSleepers()
        lock.unlock()
        due.forEach { $0.resume() }
    }

    /// Sets the wall clock (``now``) to `date`, backwards or forwards, without time passing:
    /// ``uptime`` and the sleepers stay as they are, as when a viewer sets the device's time.
    public func setWallClock(_ date: Date) {
        lock.lock()
        state.now = date
        lock.unlock()
    }

    /// Suspends until the clock has been advanced to `now + duration`; a zero or negative duration
    /// returns at once. Throws `CancellationError` as soon as the calling task is cancelled.
    public func sleep(for duration: Duration) async throws {
        try await suspend(for: duration, isTimeLimit: false)
    }

    /// Like ``sleep(for:)``, counted in ``pendingTimeLimits`` instead of ``pendingSleeps``.
    public func sleep(asTimeLimit duration: Duration) async throws {
        try await suspend(for: duration, isTimeLimit: true)
    }

    private func suspend(for duration: Duration, isTimeLimit: Bool) async throws {
        guard duration > .zero else {
            try Task.checkCancellation()
            return
        }
        let (id, deadline): (UInt64, Duration) = lock.withLock {
            state.nextID += 1
            return (state.nextID, state.uptime + duration)
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case suspended, wake, cancel }
                lock.lock()
                let outcome: Outcome
                if Task.isCancelled {
                    outcome = .cancel
                } else if state.uptime >= deadline {
                    outcome = .wake
                } else {
                    state.sleepers[id] = Sleeper(
                        deadline: deadline, continuation: continuation, isTimeLimit: isTimeLimit)
                    outcome = .suspended
                }
                lock.unlock()
                switch outcome {
                case .suspended: break
                case .wake: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            lock.lock()
            let sleeper = state.sleepers.removeValue(forKey: id)
            lock.unlock()
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Removes and returns the continuations of due sleepers; call with the lock held.
    private func takeDueSleepers() -> [CheckedContinuation<Void, any Error>] {
        let now = state.uptime
        let dueIDs = state.sleepers.filter { $0.value.deadline <= now }.map(\.key)
        return dueIDs.compactMap { state.sleepers.removeValue(forKey: $0)?.continuation }
    }
}
