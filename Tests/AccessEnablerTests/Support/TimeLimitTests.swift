import AccessEnablerTesting
import Foundation
import Testing
@testable import AccessEnabler

/// The shared timer behind every time limit on the system clock, driven by hand: the limits run
/// on a ``ManualWakeUp`` whose time moves only when the test moves it, so the order in which they
/// expire does not depend on how the machine schedules threads. The assertions are about order,
/// never about how long anything took.
@Suite(.timeLimit(.minutes(5))) struct TimeLimitTests {
    @Test func aShorterLimitStartedAfterALongerOneExpiresFirst() {
        let wakeUp = ManualWakeUp()
        let limits = SystemTimeLimits(wakeUp: wakeUp)
        let fired = LockedValue<[String]>([])
        _ = limits.start(.seconds(600)) { fired.withLock { $0.append("long") } }
        _ = limits.start(.milliseconds(20)) { fired.withLock { $0.append("short") } }
        #expect(wakeUp.alarm == 20_000_000, "the alarm moved to the shorter limit")
        wakeUp.advance(by: .milliseconds(20))
        #expect(fired.withLock { $0 } == ["short"])
        #expect(wakeUp.alarm == 600_000_000_000, "the alarm is set again for the longer limit")
        #expect(limits.count == 1)
    }

    @Test func aCancelledLimitNeverExpires() {
        let wakeUp = ManualWakeUp()
        let limits = SystemTimeLimits(wakeUp: wakeUp)
        let fired = LockedValue<[String]>([])
        let cancelled = limits.start(.milliseconds(10)) { fired.withLock { $0.append("cancelled") } }
        limits.cancel(cancelled)
        _ = limits.start(.milliseconds(30)) { fired.withLock { $0.append("later") } }
        // The alarm still goes off for the cancelled limit's deadline and finds nothing due.
        wakeUp.advance(by: .milliseconds(10))
        #expect(fired.withLock { $0 }.isEmpty)
        #expect(wakeUp.alarm == 30_000_000)
        wakeUp.advance(by: .milliseconds(20))
        #expect(fired.withLock { $0 } == ["later"])
        #expect(wakeUp.alarm == nil, "no limit left, no alarm")
    }

    @Test func limitsExpireInTheOrderOfTheirDeadlines() {
        let wakeUp = ManualWakeUp()
        let limits = SystemTimeLimits(wakeUp: wakeUp)
        let fired = LockedValue<[Int]>([])
        for (index, milliseconds) in [40, 10, 30, 20].enumerated() {
            _ = limits.start(.milliseconds(milliseconds)) { fired.withLock { $0.append(index) } }
        }
        wakeUp.advance(by: .milliseconds(15))
        #expect(fired.withLock { $0 } == [1])
        // Several due at one wake-up expire earliest deadline first.
        wakeUp.advance(by: .milliseconds(25))
        #expect(fired.withLock { $0 } == [1, 3, 2, 0])
    }

    /// The real dispatch timer: a limit expires and is gone (no order, no time asserted).
    @Test func onTheDispatchTimerALimitExpires() async {
        let limits = SystemTimeLimits()
        let fired = LockedValue(false)
        _ = limits.start(.milliseconds(1)) { fired.withLock { $0 = true } }
        await eventually("a 1 ms limit on the dispatch timer to expire") { fired.withLock { $0 } }
        #expect(limits.count == 0)
    }

    /// A time limit on another clock is a sleep on that clock, one per limit, gone when cancelled.
    @Test func onATestClockEachLimitIsOneTimeLimitSleep() async {
        let clock = TestClock()
        let first = TimeLimitTimer.start(.seconds(5), on: clock) {}
        await eventually("the first limit asleep on the test clock") { clock.pendingTimeLimits == 1 }
        let expired = LockedValue(false)
        _ = TimeLimitTimer.start(.seconds(2), on: clock) { expired.withLock { $0 = true } }
        await eventually("the second limit asleep on the test clock") { clock.pendingTimeLimits == 2 }
        clock.advance(by: .seconds(2))
        await eventually("the 2 s limit to expire") { expired.withLock { $0 } }
        #expect(clock.pendingTimeLimits == 1)
        first.cancel()
        await eventually("the cancelled limit to leave the test clock") { clock.pendingTimeLimits == 0 }
    }
}

/// A wake-up whose time and alarm the test moves by hand: ``advance(by:)`` goes off when it
/// reaches the alarm, on the test's own thread.
final class ManualWakeUp: TimeLimitWakeUp, Sendable {
    private struct State {
        var now: UInt64 = 0
        var alarm: UInt64?
        var handler: (@Sendable () -> Void)?
    }

    private let state = LockedValue(State())

    var now: UInt64 { state.withLock { $0.now } }
    /// The uptime the alarm is set for; nil when none is.
    var alarm: UInt64? { state.withLock { $0.alarm } }

    func schedule(_ deadline: UInt64?) { state.withLock { $0.alarm = deadline } }
    func onWake(_ handler: @escaping @Sendable () -> Void) { state.withLock { $0.handler = handler } }

    /// Moves the time forward; the alarm goes off (once) if it falls within.
    func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            state.now += UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
            guard let alarm = state.alarm, alarm <= state.now else { return nil }
            state.alarm = nil
            return state.handler
        }
        wake?()
    }
}
