import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

@Suite(.timeLimit(.minutes(5))) struct TestClockTests {
    /// Waits until `clock` has `count` suspended sleepers; fails the test (not hangs) otherwise.
    private func waitForSleepers(_ clock: TestClock, _ count: Int, sourceLocation: SourceLocation = #_sourceLocation)
        async
    {
        await eventually(
            "\(count) tasks asleep on the test clock (\(clock.pendingSleeps) are)",
            sourceLocation: sourceLocation
        ) { clock.pendingSleeps >= count }
    }

    @Test func startsAtTheFixedInstantAndMovesOnlyWhenTold() {
        let clock = TestClock()
        #expect(clock.now == Date(timeIntervalSince1970: 1_800_000_000))
        // Wall-clock time passing does not move it (spin until the system clock has ticked).
        let wallClockStart = Date()
        while Date() == wallClockStart {}
        #expect(clock.now == Date(timeIntervalSince1970: 1_800_000_000))
        clock.advance(by: .seconds(90))
        #expect(clock.now == Date(timeIntervalSince1970: 1_800_000_090))
        clock.advance(by: .milliseconds(500))
        #expect(clock.now.timeIntervalSince1970 == 1_800_000_090.5)
        clock.set(Date(timeIntervalSince1970: 5))
        #expect(clock.now == Date(timeIntervalSince1970: 5))
    }

    @Test func zeroAndNegativeSleepsReturnAtOnce() async throws {
        let clock = TestClock()
        try await clock.sleep(for: .zero)
        try await clock.sleep(for: .seconds(-3))
        #expect(clock.pendingSleeps == 0)
    }

    @Test func sleepEndsWhenTheClockReachesTheDeadline() async throws {
        let clock = TestClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        await waitForSleepers(clock, 1)
        clock.advance(by: .seconds(59))
        #expect(clock.pendingSleeps == 1)
        clock.advance(by: .seconds(1))
        try await sleeper.value(awaiting: "the sleeper on the test clock")
        #expect(clock.pendingSleeps == 0)
    }

    @Test func advancingWakesOnlyTheDueSleepers() async throws {
        let clock = TestClock()
        let short = Task { try await clock.sleep(for: .seconds(10)) }
        let long = Task { try await clock.sleep(for: .seconds(100)) }
        await waitForSleepers(clock, 2)
        clock.advance(by: .seconds(30))
        try await short.value(awaiting: "the short sleeper")
        #expect(clock.pendingSleeps == 1)
        clock.set(clock.now.addingTimeInterval(70))
        try await long.value(awaiting: "the long sleeper")
        #expect(clock.pendingSleeps == 0)
    }

    @Test func cancellingASleeperThrowsCancellationError() async throws {
        let clock = TestClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(3600)) }
        await waitForSleepers(clock, 1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) {
            try await sleeper.value(awaiting: "the sleeper on the test clock")
        }
        #expect(clock.pendingSleeps == 0)
        // A later advance must not resume the cancelled continuation a second time.
        clock.advance(by: .seconds(7200))
    }

    @Test func aTaskCancelledBeforeSleepingThrowsAtOnce() async {
        let clock = TestClock()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) {
            try await sleeper.value(awaiting: "the sleeper on the test clock")
        }
        #expect(clock.pendingSleeps == 0)
    }

    @Test func manySleepersAllWake() async throws {
        let clock = TestClock()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 1...20 {
                group.addTask { try await clock.sleep(for: .seconds(index)) }
            }
            await waitForSleepers(clock, 20)
            clock.advance(by: .seconds(20))
            try await group.waitForAll()
        }
        #expect(clock.pendingSleeps == 0)
    }
}
