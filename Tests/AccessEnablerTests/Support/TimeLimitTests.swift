import AccessEnablerTesting
import Foundation
import Testing
@testable import AccessEnabler

/// The shared timer behind every time limit on the system clock. The assertions are about order,
/// never about how long anything took.
@Suite struct TimeLimitTests {
    /// Runs `body` and waits until `expire` has been called.
    private static func expiry(_ start: (@escaping @Sendable () -> Void) -> Void) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            start { continuation.resume() }
        }
    }

    @Test func aShorterLimitStartedAfterALongerOneExpiresFirst() async {
        let fired = LockedValue<[String]>([])
        let long = SystemTimeLimits.shared.start(.seconds(600)) { fired.withLock { $0.append("long") } }
        await Self.expiry { done in
            _ = SystemTimeLimits.shared.start(.milliseconds(20)) {
                fired.withLock { $0.append("short") }
                done()
            }
        }
        SystemTimeLimits.shared.cancel(long)
        #expect(fired.withLock { $0 } == ["short"])
    }

    @Test func aCancelledLimitNeverExpires() async {
        let fired = LockedValue<[String]>([])
        let cancelled = SystemTimeLimits.shared.start(.milliseconds(10)) { fired.withLock { $0.append("cancelled") } }
        SystemTimeLimits.shared.cancel(cancelled)
        // Due after the cancelled one: by the time it runs, the cancelled one would have run.
        await Self.expiry { done in
            _ = SystemTimeLimits.shared.start(.milliseconds(30)) {
                fired.withLock { $0.append("later") }
                done()
            }
        }
        #expect(fired.withLock { $0 } == ["later"])
    }

    @Test func limitsExpireInTheOrderOfTheirDeadlines() async {
        let fired = LockedValue<[Int]>([])
        await Self.expiry { done in
            for (index, milliseconds) in [40, 10, 30, 20].enumerated() {
                _ = SystemTimeLimits.shared.start(.milliseconds(milliseconds)) {
                    let count = fired.withLock { fired in
                        fired.append(index)
                        return fired.count
                    }
                    if count == 4 { done() }
                }
            }
        }
        #expect(fired.withLock { $0 } == [1, 3, 2, 0])
    }

    /// A time limit on another clock is a sleep on that clock, one per limit, gone when cancelled.
    @Test func onATestClockEachLimitIsOneTimeLimitSleep() async {
        let clock = TestClock()
        let first = TimeLimitTimer.start(.seconds(5), on: clock) {}
        await eventually { clock.pendingTimeLimits == 1 }
        await Self.expiry { done in
            _ = TimeLimitTimer.start(.seconds(2), on: clock, expire: done)
            Task {
                await eventually { clock.pendingTimeLimits == 2 }
                clock.advance(by: .seconds(2))
            }
        }
        #expect(clock.pendingTimeLimits == 1)
        first.cancel()
        await eventually { clock.pendingTimeLimits == 0 }
    }
}
