import AccessEnablerTesting
import Foundation
import Testing
@testable import AccessEnabler
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Another process holds the store's lock: an operation waits for it, suspended on the SDK's
/// clock, until the call's deadline (one per public call) and never blocks a thread. Time is
/// the test clock's: a wait ends when the test moves it.
@Suite(.timeLimit(.minutes(2))) struct LockWaitDeadlineTests {
    /// A store whose lock another open file description holds, as another process would.
    final class HeldStore: Sendable {
        let folder: URL
        let url: URL
        let holder: Int32

        init() async throws {
            folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("LockWaitDeadlineTests-\(UUID().uuidString)", isDirectory: true)
            url = folder.appendingPathComponent("tokens.json")
            try await FileTokenStorage(url: url).writeRecord(Data("x".utf8), forKey: "unknown record")
            holder = open(folder.appendingPathComponent("tokens.json.lock").path, O_RDWR)
            guard holder >= 0, flock(holder, LOCK_EX) == 0 else { throw CocoaError(.fileLocking) }
        }

        deinit {
            close(holder)
            try? FileManager.default.removeItem(at: folder)
        }

        /// Lets the other holder go.
        func release() { flock(holder, LOCK_UN) }
    }

    /// Waits until something sleeps on `clock` (a lock wait between two tries).
    private func waitForSleeper(_ clock: TestClock, sourceLocation: SourceLocation = #_sourceLocation) async {
        await eventually("a lock wait asleep on the test clock", sourceLocation: sourceLocation) {
            clock.pendingSleeps > 0
        }
    }

    @Test func anOperationWaitsForTheLockUntilItsDeadline() async throws {
        let store = try await HeldStore()
        let clock = TestClock()
        let storage = FileTokenStorage(url: store.url)
        let deadline = TokenStorageDeadline(after: .seconds(30), on: clock)
        let load = Task { try await storage.loadRecords(before: deadline) }
        await waitForSleeper(clock)
        clock.advance(by: .seconds(29))
        await waitForSleeper(clock)
        clock.advance(by: .seconds(2))
        await #expect(throws: FileTokenStorageError.lockTimedOut) {
            try await load.value(awaiting: "the load past its deadline")
        }
    }

    @Test func anOperationTakesTheLockOnceTheOtherProcessLetsItGo() async throws {
        let store = try await HeldStore()
        let clock = TestClock()
        let storage = FileTokenStorage(url: store.url)
        let write = Task {
            try await storage.writeRecord(Data("y".utf8), forKey: "k", before: .init(after: .seconds(30), on: clock))
        }
        await waitForSleeper(clock)
        store.release()
        clock.advance(by: .seconds(1))
        try await write.value(awaiting: "the write after the lock was released")
        #expect(try await storage.loadRecords()["k"] == Data("y".utf8))
    }

    /// The deadline is on the monotonic clock: setting the device's time back does not extend it.
    @Test func settingTheWallClockBackDoesNotExtendTheWait() async throws {
        let store = try await HeldStore()
        let clock = TestClock()
        let storage = FileTokenStorage(url: store.url)
        let load = Task { try await storage.loadRecords(before: .init(after: .seconds(30), on: clock)) }
        await waitForSleeper(clock)
        clock.setWallClock(clock.now.addingTimeInterval(-3600))
        clock.advance(by: .seconds(31))
        await #expect(throws: FileTokenStorageError.lockTimedOut) {
            try await load.value(awaiting: "the load past its deadline")
        }
    }

    @Test func theLockTimeoutCapsAnOperationWhoseDeadlineIsLater() async throws {
        let store = try await HeldStore()
        let clock = TestClock()
        let storage = FileTokenStorage(url: store.url, lockTimeout: .seconds(5))
        let load = Task { try await storage.loadRecords(before: .init(after: .seconds(30), on: clock)) }
        await waitForSleeper(clock)
        clock.advance(by: .seconds(6))
        await #expect(throws: FileTokenStorageError.lockTimedOut) {
            try await load.value(awaiting: "the load past the lock timeout")
        }
    }

    @Test func aCancelledOperationStopsWaitingForTheLock() async throws {
        let store = try await HeldStore()
        let clock = TestClock()
        let storage = FileTokenStorage(url: store.url)
        let load = Task { try await storage.loadRecords(before: .init(after: .seconds(30), on: clock)) }
        await waitForSleeper(clock)
        load.cancel()
        await #expect(throws: CancellationError.self) {
            try await load.value(awaiting: "the lock wait of a cancelled call")
        }
    }

    /// Waits suspend: more of them than the pool has threads leave it free for other work. (With
    /// a blocking wait, the other work would not run until the waits timed out.)
    @Test func waitingOperationsLeaveThePoolFree() async throws {
        let store = try await HeldStore()
        let clock = TestClock()
        let storage = FileTokenStorage(url: store.url)
        let waiting = ProcessInfo.processInfo.activeProcessorCount * 4
        let loads = (0..<waiting).map { _ in
            Task { try await storage.loadRecords(before: .init(after: .seconds(30), on: clock)) }
        }
        await eventually("\(waiting) lock waits asleep on the test clock (\(clock.pendingSleeps) are)") {
            clock.pendingSleeps >= waiting
        }
        let other = Task.detached { (1...1000).reduce(0, +) }
        #expect(await other.value(awaiting: "other work while the loads wait") == 500_500)
        clock.advance(by: .seconds(31))
        for load in loads {
            await #expect(throws: FileTokenStorageError.lockTimedOut) {
                try await load.value(awaiting: "a load past its deadline")
            }
        }
    }

    /// Instances of one process on the same files take turns on the process's lock: they never
    /// wait for each other on the clock (which this test never moves).
    @Test func instancesOfOneProcessNeverWaitForEachOtherOnTheClock() async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("LockWaitDeadlineTests-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("tokens.json")
        let clock = TestClock()
        let instances = (0..<4).map { _ in FileTokenStorage(url: url) }
        let writes = (0..<64).map { index in
            Task {
                try await instances[index % instances.count].writeRecord(
                    Data("\(index)".utf8), forKey: "k\(index)", before: .init(after: .seconds(30), on: clock))
            }
        }
        for write in writes { try await write.value(awaiting: "a write of one of the instances") }
        #expect(clock.pendingSleeps == 0)
        #expect(try await instances[0].loadRecords().count == 64)
    }

    /// `setRequestor` reads the stored configuration, then the device seed to fetch one: two
    /// reads, one deadline. Once it has passed, the second fails at once instead of waiting again.
    @Test func aCallsOperationsShareOneDeadline() async throws {
        let store = try await HeldStore()
        let harness = Harness(backend: .restV2, storage: FileTokenStorage(url: store.url))
        let configure = Task { try await harness.configure() }
        await waitForSleeper(harness.clock)
        harness.clock.advance(by: .seconds(31))
        await #expect(throws: AccessEnablerError.storageFailure) {
            try await configure.value(awaiting: "setRequestor past its storage deadline")
        }
    }

    @Test func theCallsRetryDeadlineIsItsStorageDeadline() async throws {
        let store = try await HeldStore()
        let harness = Harness(storage: FileTokenStorage(url: store.url)) { $0.retryPolicy.deadline = .seconds(10) }
        let configure = Task { try await harness.configure() }
        await waitForSleeper(harness.clock)
        harness.clock.advance(by: .seconds(11))
        await #expect(throws: AccessEnablerError.storageFailure) {
            try await configure.value(awaiting: "setRequestor past its storage deadline")
        }
    }
}
