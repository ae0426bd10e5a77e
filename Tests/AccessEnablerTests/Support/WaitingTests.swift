import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// The test helpers' waits end: a wait for something that never happens fails the test with a
/// message naming what it waited for, instead of hanging the run. Each wait here gets a short
/// limit; the tests assert the failure and its message, never how long the wait took.
@Suite(.timeLimit(.minutes(5))) struct WaitingTests {
    @Test func eventuallyFailsNamingWhatItAwaited() async {
        let polls = LockedValue(0)
        await withKnownIssue {
            await eventually("the flag nobody sets", within: .milliseconds(20)) {
                polls.withLock { $0 += 1 }
                return false
            }
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("the flag nobody sets") && $0.rawValue.contains("timed out")
            }
        }
        #expect(polls.withLock { $0 } >= 1)
    }

    @Test func eventuallyThatHoldsRecordsNothing() async {
        let polls = LockedValue(0)
        await eventually("the third poll", within: .seconds(600)) {
            polls.withLock { polls in
                polls += 1
                return polls >= 3
            }
        }
        #expect(polls.withLock { $0 } == 3)
    }

    @Test func anEventThatNeverArrivesFailsNamingItAndWhatDidArrive() async {
        let (stream, continuation) = AsyncStream<EntitlementEvent>.makeStream()
        let events = EventRecorder(stream)
        continuation.yield(.loggedOut)
        await events.waitFor("the first event") { _ in true }
        await withKnownIssue {
            await events.waitFor("a partner logout", within: .milliseconds(20)) {
                $0 == .partnerLogoutRequired(mvpdID: "AutoCable")
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("a partner logout") && $0.rawValue.contains("loggedOut") }
        }
        continuation.finish()
    }

    @Test func aRequestThatNeverArrivesThrowsNamingTheRoute() async {
        let emulator = PassEmulator()
        let error = await #expect(throws: RequestWaitTimedOut.self) {
            try await emulator.waitForRequests(to: .logout, count: 2, within: .milliseconds(20))
        }
        #expect(error?.route == .logout)
        #expect(error?.awaited == 2)
        #expect(error?.arrived == 0)
        #expect(error?.description.contains("2 requests to logout") == true)
    }

    @Test func aTaskThatNeverFinishesFailsNamingItAndIsCancelled() async {
        let endless = Task { try await Task.sleep(for: .seconds(86_400)) }
        await withKnownIssue {
            await #expect(throws: CancellationError.self) {
                try await endless.value(awaiting: "the day-long task", within: .milliseconds(20))
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("the day-long task never finished") }
        }
        #expect(endless.isCancelled)
    }

    @Test func aSequenceThatNeverYieldsFailsNamingIt() async {
        let (silent, continuation) = AsyncStream<Int>.makeStream()
        let first = LockedValue<Int?>(-1)
        await withKnownIssue {
            // Cancelled, the stream's iteration ends without an element.
            let element = try? await silent.first(awaiting: "the silent stream", within: .milliseconds(20))
            first.withLock { $0 = element ?? nil }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("the silent stream never finished") }
        }
        #expect(first.withLock { $0 } == nil)
        continuation.finish()
    }

    @Test func aSequenceIsCollectedToItsEnd() async throws {
        let (numbers, continuation) = AsyncStream<Int>.makeStream()
        for number in 1...3 { continuation.yield(number) }
        continuation.finish()
        #expect(try await numbers.collect(awaiting: "the numbers", within: .seconds(600)) == [1, 2, 3])
    }

    @Test func aLatchNobodyOpensFailsNamingWhatWasAwaited() async {
        let latch = TestLatch()
        await withKnownIssue {
            await latch.wait("the latch nobody opens", within: .milliseconds(20))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("the latch nobody opens never happened") }
        }
        #expect(latch.waiting == 0, "the expired wait is no longer held")
        latch.open()
        await latch.wait("the opened latch", within: .seconds(600))
    }

    @Test func aTaskThatFinishesGivesItsValue() async throws {
        let quick = Task { () async throws -> Int in 42 }
        #expect(try await quick.value(awaiting: "the quick task", within: .seconds(600)) == 42)
    }

    /// The deadline of the retry driver is on the test clock: work that sleeps on it for ever
    /// fails once the driver has moved it by its limit, and is cancelled.
    @Test func drivenWorkThatNeverEndsFailsOnTheTestClock() async {
        let clock = TestClock()
        let start = clock.now
        await withKnownIssue {
            await #expect(throws: CancellationError.self) {
                try await driving(clock, step: .seconds(1), limit: .seconds(30)) {
                    while true { try await clock.sleep(for: .seconds(3600)) }
                }
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("still running after 30") }
        }
        #expect(clock.now.timeIntervalSince(start) == 30, "the driver stopped at its limit on the test clock")
    }
}
