import AccessEnablerTesting
import Foundation
import Testing

@testable import AccessEnabler

/// A serial executor that runs a queued job only when the test picks it, so a test decides which
/// caller's turn on an actor comes first. Jobs run on a queue of their own: run inside the test's
/// task, a job would leave the test's task marked as running on this executor.
final class SteppedExecutor: SerialExecutor {
    private let jobs = LockedValue<[UnownedJob]>([])
    private let thread = DispatchQueue(label: "SteppedExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
    }

    /// How many jobs wait for their turn.
    var queued: Int { jobs.withLock { $0.count } }

    /// Runs the job that was queued `index`-th of those waiting (0: the oldest), to its next
    /// suspension.
    func run(at index: Int) async {
        let job = jobs.withLock { $0.remove(at: index) }
        await withCheckedContinuation { (ran: CheckedContinuation<Void, Never>) in
            thread.async {
                job.runSynchronously(on: self.asUnownedSerialExecutor())
                ran.resume()
            }
        }
    }
}

/// An owner that caches a value once a caller has it back, the way ``ServiceTokenSource`` keeps
/// the app's answer, on a ``SteppedExecutor``.
actor CachingAfterwardOwner {
    nonisolated let executor = SteppedExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private let work: @Sendable () async throws -> Int
    private var cache: Int?
    private var inFlight: SharedOperation<Int>?
    private var started = 0
    /// The operation last recorded in flight, for a test to see its callers.
    nonisolated let lastOperation = LockedValue<SharedOperation<Int>?>(nil)

    init(work: @escaping @Sendable () async throws -> Int) { self.work = work }

    func value() async throws -> Int {
        let value = try await SingleFlight.value(
            inFlight: { inFlight },
            setInFlight: { operation in
                inFlight = operation
                if let operation { lastOperation.withLock { $0 = operation } }
            }, startedCount: { started },
            didStart: { started += 1 }, cached: { cache }, fetch: work)
        cache = value
        return value
    }
}

@Suite(.timeLimit(.minutes(3))) struct SingleFlightTests {
    /// Runs `owner`'s queued jobs, oldest first, until `task` is done; its value.
    func drive(_ owner: CachingAfterwardOwner, until task: Task<Int, any Error>) async throws -> Int {
        let done = LockedValue(false)
        let watcher = Task {
            _ = await task.result
            done.withLock { $0 = true }
        }
        while !done.withLock({ $0 }) {
            await eventually("a job of the caller on the owner, or its end") {
                owner.executor.queued > 0 || done.withLock { $0 }
            }
            guard owner.executor.queued > 0 else { break }
            await owner.executor.run(at: 0)
        }
        await watcher.value
        return try await task.value
    }

    /// A caller that comes after the work ended, before its starter is back on the owner (which
    /// keeps the value only then), joins the ended operation: the cache is still empty, and a
    /// second operation would ask the provider again (CI's Thread Sanitizer run, 2026-12-02:
    /// `ServiceTokenTests.anExpiredTokenIsReplacedOnceThroughTheProvider` saw `.expired` twice).
    @Test func aCallerBetweenTheEndOfTheWorkAndItsStartersReturnJoinsIt() async throws {
        let fetches = LockedValue(0)
        let latch = TestLatch()
        let owner = CachingAfterwardOwner {
            let fetch = fetches.withLock { count in
                count += 1
                return count
            }
            await latch.wait("the test to let the work end")
            return fetch
        }
        let starter = Task { try await owner.value() }
        await eventually("the starter's turn on the owner") { owner.executor.queued == 1 }
        await owner.executor.run(at: 0)
        await eventually("the work started") { latch.waiting == 1 }
        latch.open()
        await eventually("the starter's return queued on the owner") { owner.executor.queued == 1 }

        let latecomer = Task { try await owner.value() }
        await eventually("the latecomer queued behind it") { owner.executor.queued == 2 }
        await owner.executor.run(at: 1)  // the latecomer's turn first
        #expect(try await drive(owner, until: latecomer) == 1, "the first operation's value")
        #expect(try await drive(owner, until: starter) == 1)
        #expect(fetches.withLock { $0 } == 1, "one operation")
        let cached = Task { try await owner.value() }
        #expect(try await drive(owner, until: cached) == 1, "cached")
    }

    /// Once a caller has the outcome back the operation is forgotten: the next miss starts anew.
    @Test func anOperationWhoseCallerIsBackIsNotJoinedAgain() async throws {
        let fetches = LockedValue(0)
        let owner = CachingAfterwardOwner {
            fetches.withLock { $0 += 1 }
            throw AccessEnablerError.networkError
        }
        for _ in 0..<2 {
            let caller = Task { try await owner.value() }
            await #expect(throws: AccessEnablerError.networkError) {
                try await drive(owner, until: caller)
            }
        }
        #expect(fetches.withLock { $0 } == 2, "a failure is not kept for the next caller")
    }

    /// A caller that joined gets the outcome back first when the starter was cancelled: it forgets
    /// the ended operation, so the next caller starts anew instead of getting an old failure.
    @Test func anEndedOperationIsForgottenByAJoinedCallerToo() async throws {
        let fetches = LockedValue(0)
        let latch = TestLatch()
        let owner = CachingAfterwardOwner {
            fetches.withLock { $0 += 1 }
            await latch.wait("the test to let the work end")
            throw AccessEnablerError.networkError
        }
        let starter = Task { try await owner.value() }
        await eventually("the starter's turn") { owner.executor.queued == 1 }
        await owner.executor.run(at: 0)
        let joiner = Task { try await owner.value() }
        await eventually("the joiner's turn") { owner.executor.queued == 1 }
        await owner.executor.run(at: 0)
        await eventually("both wait for the work") { owner.lastOperation.withLock { $0 }?.waiterCount == 2 }
        starter.cancel()
        await #expect(throws: CancellationError.self) { try await drive(owner, until: starter) }
        latch.open()
        await #expect(throws: AccessEnablerError.networkError) { try await drive(owner, until: joiner) }

        let next = Task { try await owner.value() }
        await #expect(throws: AccessEnablerError.networkError) { try await drive(owner, until: next) }
        #expect(fetches.withLock { $0 } == 2, "the next caller's own operation")
    }
}
