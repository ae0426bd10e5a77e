import AccessEnablerTesting
import Foundation
import Testing
@testable import AccessEnabler

@Suite(.timeLimit(.minutes(5))) struct SharedOperationTests {
    @Test func concurrentWaitersShareOneExecution() async throws {
        let runs = LockedValue(0)
        let latch = TestLatch()
        let operation = SharedOperation<Int> {
            runs.withLock { $0 += 1 }
            await latch.wait()
            return 42
        }
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<50 { group.addTask { try await operation.value() } }
            latch.open()
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(values == Array(repeating: 42, count: 50))
        #expect(runs.withLock { $0 } == 1)
        #expect(operation.isFinished)
    }

    @Test func cancelledWaiterReturnsWhileTheWorkIsStillBlocked() async throws {
        let latch = TestLatch()
        let operation = SharedOperation<String> {
            await latch.wait()
            return "done"
        }
        let patient = Task { try await operation.value() }
        let impatient = Task { try await operation.value() }
        // Both callers are waiting before one is cancelled (a caller cancelled before it waits
        // while nobody else waits would abandon the work instead).
        await eventually { operation.waiterCount == 2 }
        impatient.cancel()
        // The latch is still closed: the cancelled caller must come back on its own.
        await #expect(throws: CancellationError.self) { try await impatient.value(awaiting: "the cancelled waiter") }
        #expect(!operation.isFinished)
        #expect(!operation.isAbandoned)
        #expect(operation.waiterCount == 1, "the patient caller still waits")
        latch.open()
        #expect(try await patient.value(awaiting: "the patient waiter") == "done")
    }

    @Test func workIsCancelledWhenEveryWaiterIsGone() async throws {
        let sawCancellation = LockedValue<Bool?>(nil)
        let recorded = TestLatch()
        // The sleep ends early (throwing) only when the work is cancelled.
        let clock = TestClock()
        let operation = SharedOperation<Int> {
            try? await clock.sleep(for: .seconds(3600))
            sawCancellation.withLock { $0 = Task.isCancelled }
            recorded.open()
            throw CancellationError()
        }
        let waiter = Task { try await operation.value() }
        await eventually { operation.waiterCount == 1 }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value(awaiting: "the cancelled waiter") }
        #expect(operation.isAbandoned)
        await #expect(throws: SharedOperation<Int>.Abandoned.self) { try await operation.value() }
        // Had the work not been cancelled it would still be asleep: wake it, so that case fails
        // below instead of hanging.
        clock.advance(by: .seconds(3600))
        await recorded.wait("the work to record whether it was cancelled")
        #expect(sawCancellation.withLock { $0 } == true, "the work itself was cancelled")
    }

    @Test func abandonedWorkThatFinishesAnywayStaysAbandoned() async throws {
        let latch = TestLatch()
        // The work ignores its cancellation and returns a value once let go.
        let operation = SharedOperation<Int> {
            await latch.wait()
            return 7
        }
        let waiter = Task { try await operation.value() }
        await eventually { operation.waiterCount == 1 }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value(awaiting: "the cancelled waiter") }
        #expect(operation.isAbandoned)
        latch.open()
        await operation.workEnded()
        // Its value reaches nobody: the owner starts fresh work for the next caller.
        #expect(!operation.isFinished)
        #expect(operation.isAbandoned)
        await #expect(throws: SharedOperation<Int>.Abandoned.self) { try await operation.value() }
    }

    @Test func failuresReachEveryWaiter() async {
        let operation = SharedOperation<Int> { throw AccessEnablerError.networkError }
        for _ in 0..<3 {
            await #expect(throws: AccessEnablerError.networkError) { try await operation.value() }
        }
    }
}
