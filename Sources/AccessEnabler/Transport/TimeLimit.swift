import Dispatch
import Foundation

/// A request's time limit running on the injected clock: `expire` runs once the duration has
/// passed on that clock, unless the timer was cancelled first.
///
/// On ``SystemClock`` every limit shares one dispatch timer (``SystemTimeLimits``): starting and
/// stopping a limit costs a lock and a dictionary entry, not a timer or a task of its own. On any
/// other clock the limit is a task suspended in ``AccessEnablerClock/sleep(asTimeLimit:)``, so
/// that a test clock sees, and controls, one time limit per request in flight.
enum TimeLimitTimer: Sendable {
    case system(SystemTimeLimits.ID)
    case task(Task<Void, Never>)

    /// Starts a timer of `duration` on `clock` that calls `expire` (at most once, on another
    /// thread) when it runs out. `expire` may still run if ``cancel()`` races with it.
    static func start(
        _ duration: Duration, on clock: any AccessEnablerClock, expire: @escaping @Sendable () -> Void
    ) -> TimeLimitTimer {
        if clock is SystemClock {
            return .system(SystemTimeLimits.shared.start(duration, expire: expire))
        }
        return .task(
            Task {
                do {
                    try await clock.sleep(asTimeLimit: duration)
                } catch {
                    return
                }
                expire()
            })
    }

    /// Stops the timer; `expire` will not be called unless it has already started.
    func cancel() {
        switch self {
        case .system(let id): SystemTimeLimits.shared.cancel(id)
        case .task(let task): task.cancel()
        }
    }
}

/// The time limits running on the system clock, served by one dispatch timer set for the earliest
/// of them. Requests usually end long before their limit, and each new limit usually ends after
/// those already running, so the timer is rarely set again: when it fires it calls the limits
/// that are due and is set for the next one.
///
/// Deadlines are on `DispatchTime` (monotonic: a change of the wall clock moves no limit).
final class SystemTimeLimits: Sendable {
    static let shared = SystemTimeLimits()

    struct ID: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    private struct Limit {
        var deadline: UInt64
        var expire: @Sendable () -> Void
    }

    private struct State {
        var limits: [ID: Limit] = [:]
        var nextID: UInt64 = 0
        /// The uptime (ns) the timer is set for; nil while it is idle.
        var armed: UInt64?
    }

    private let state = LockedValue(State())
    private let wakeUp: any TimeLimitWakeUp

    /// Limits served by `wakeUp` (tests move a hand-driven one; the default is a dispatch timer).
    init(wakeUp: any TimeLimitWakeUp = DispatchTimeLimitWakeUp()) {
        self.wakeUp = wakeUp
        wakeUp.onWake { [unowned self] in self.fire() }
    }

    /// Starts a limit of `duration` from now; `expire` runs on the timer's queue when it passes.
    func start(_ duration: Duration, expire: @escaping @Sendable () -> Void) -> ID {
        let now = wakeUp.now
        let (seconds, attoseconds) = duration.components
        let nanoseconds =
            seconds < 0
            ? 0
            : seconds >= Int64(UInt64.max / 2_000_000_000)
                ? UInt64.max / 2 : UInt64(seconds) * 1_000_000_000 + UInt64(max(0, attoseconds / 1_000_000_000))
        let deadline = now + min(nanoseconds, UInt64.max - now)
        return state.withLock { state in
            state.nextID += 1
            let id = ID(value: state.nextID)
            state.limits[id] = Limit(deadline: deadline, expire: expire)
            if state.armed.map({ deadline < $0 }) ?? true {
                // Set under the lock, so that the timer ends up set for the earliest limit
                // whatever the order in which concurrent callers get here.
                state.armed = deadline
                wakeUp.schedule(deadline)
            }
            return id
        }
    }

    /// Stops a limit. The timer stays set: when it fires it finds nothing due and is set again
    /// for the next limit, if any.
    func cancel(_ id: ID) {
        _ = state.withLock { $0.limits.removeValue(forKey: id) }
    }

    /// The number of limits running (for tests).
    var count: Int { state.withLock { $0.limits.count } }

    private func fire() {
        let now = wakeUp.now
        let due = state.withLock { state -> [Limit] in
            var due: [Limit] = []
            var next: UInt64?
            for (id, limit) in state.limits {
                if limit.deadline <= now {
                    // Earliest deadline first, when several came due together: each put in its
                    // place as it is found (a sort is specialized per element type, 2 KB of an
                    // app's code for this list of one or two).
                    due.insert(limit, at: due.firstIndex { $0.deadline > limit.deadline } ?? due.endIndex)
                    state.limits[id] = nil
                } else {
                    next = min(next ?? limit.deadline, limit.deadline)
                }
            }
            state.armed = next
            wakeUp.schedule(next)
            return due
        }
        for limit in due { limit.expire() }
    }
}

/// The one wake-up behind ``SystemTimeLimits``: the time it reads and the alarm it sets.
protocol TimeLimitWakeUp: Sendable {
    /// The current uptime, in nanoseconds (monotonic).
    var now: UInt64 { get }
    /// Sets the alarm for the uptime `deadline` (nil: none), replacing the one set before.
    func schedule(_ deadline: UInt64?)
    /// Sets what runs, on another thread, when the alarm goes off; called once, before `schedule`.
    func onWake(_ handler: @escaping @Sendable () -> Void)
}

/// A dispatch timer on the system's uptime, on a serial queue of its own.
final class DispatchTimeLimitWakeUp: TimeLimitWakeUp, @unchecked Sendable {
    // @unchecked: `timer` is set up in `init`; a dispatch source may be rescheduled from any thread.
    private let timer: any DispatchSourceTimer

    init() {
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "com.adobe.pass.AccessEnabler.time-limits"))
        timer.schedule(deadline: .distantFuture)
        timer.activate()
    }

    deinit {
        timer.cancel()
    }

    var now: UInt64 { DispatchTime.now().uptimeNanoseconds }

    func schedule(_ deadline: UInt64?) {
        timer.schedule(deadline: deadline.map { DispatchTime(uptimeNanoseconds: $0) } ?? .distantFuture)
    }

    func onWake(_ handler: @escaping @Sendable () -> Void) {
        timer.setEventHandler(handler: handler)
    }
}

/// A transport that bounds an exchange by a time limit itself, with no task of its own: the
/// SDK's ``URLSessionTransport`` on the sessions it creates, whose delegate already ends a load
/// early when its body grows too large or the caller is cancelled.
protocol TimeLimitedTransport: HTTPTransport {
    /// Sends `request`; throws ``RequestTimedOut`` (and stops the transfer) when the whole
    /// exchange has not completed within `limit` on `clock`.
    func send(_ request: HTTPTransportRequest, within limit: Duration, on clock: any AccessEnablerClock) async throws
        -> HTTPTransportResponse
}

enum TimeLimit {
    /// Runs `operation` in a task of its own that is cancelled when `limit` passes on `clock`
    /// (then ``RequestTimedOut`` is thrown) or when the caller is cancelled. Like a task group,
    /// it returns only once `operation` has ended: a transport must stop when cancelled.
    static func race<Value: Sendable>(
        _ limit: Duration, on clock: any AccessEnablerClock, _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let work = Task { try await operation() }
        let expired = LockedValue(false)
        let timer = TimeLimitTimer.start(limit, on: clock) {
            expired.withLock { $0 = true }
            work.cancel()
        }
        defer { timer.cancel() }
        do {
            return try await withTaskCancellationHandler {
                try await work.value
            } onCancel: {
                work.cancel()
            }
        } catch {
            // The caller's own cancellation wins over a limit that ran out at the same time.
            if expired.withLock({ $0 }), !Task.isCancelled { throw RequestTimedOut(limit: limit) }
            throw error
        }
    }
}
