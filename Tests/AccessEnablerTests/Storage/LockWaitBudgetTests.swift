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

/// Another process holds the store's lock: one call waits for it at most once the lock timeout
/// (or its deadline) in total, however many storage operations it makes. No test waits: a seam
/// records how long each wait was allowed and reports it used up without sleeping.
@Suite(.timeLimit(.minutes(5))) struct LockWaitBudgetTests {
    /// A store whose lock another open file description holds (as another process would), and
    /// whose waits are recorded instead of slept.
    final class HeldStore: Sendable {
        let folder: URL
        let url: URL
        let holder: Int32
        let allowed = LockedValue<[Duration]>([])

        init() throws {
            folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("LockWaitBudgetTests-\(UUID().uuidString)", isDirectory: true)
            url = folder.appendingPathComponent("tokens.json")
            try FileTokenStorage(url: url).writeRecord(Data("x".utf8), forKey: "unknown record")
            holder = open(folder.appendingPathComponent("tokens.json.lock").path, O_RDWR)
            guard holder >= 0, flock(holder, LOCK_EX) == 0 else { throw CocoaError(.fileLocking) }
        }

        deinit {
            close(holder)
            try? FileManager.default.removeItem(at: folder)
        }

        /// Storage on the held files whose every wait is recorded and ends without the lock.
        func storage(lockTimeout: Duration = .seconds(30)) -> FileTokenStorage {
            let allowed = self.allowed
            return FileTokenStorage(
                url: url, lockTimeout: lockTimeout,
                hooks: .init(lockWait: { _, allowing in
                    allowed.withLock { $0.append(allowing) }
                    return .init(acquired: false, waited: allowing)
                }))
        }

        /// Lets the other holder go, or take the lock again.
        func held(_ held: Bool) { flock(holder, held ? LOCK_EX : LOCK_UN) }

        var waits: [Duration] { allowed.withLock { $0 } }
        var total: Duration { waits.reduce(.zero, +) }
        func reset() { allowed.withLock { $0 = [] } }
    }

    @Test func aCancelledCallStopsWaitingForTheLock() async throws {
        let store = try HeldStore()
        let descriptor = open(store.folder.appendingPathComponent("tokens.json.lock").path, O_RDWR)
        defer { close(descriptor) }
        let wait = Task { try FileTokenStorage.waitForLock(descriptor, within: .seconds(30)) }
        wait.cancel()
        await #expect(throws: CancellationError.self) {
            try await wait.value(awaiting: "the lock wait of a cancelled call")
        }
    }

    @Test func outsideACallEachOperationWaitsItsTimeout() throws {
        let store = try HeldStore()
        let storage = store.storage()
        #expect(throws: FileTokenStorageError.lockTimedOut) { try storage.loadRecords() }
        #expect(throws: FileTokenStorageError.lockTimedOut) { try storage.writeRecord(Data(), forKey: "k") }
        #expect(store.waits == [.seconds(30), .seconds(30)])
    }

    @Test func withinOneBudgetTheOperationsShareOneTimeout() throws {
        let store = try HeldStore()
        let storage = store.storage()
        TokenStorageWaitBudget.withCurrent(TokenStorageWaitBudget(limit: .seconds(60))) {
            #expect(throws: FileTokenStorageError.lockTimedOut) { try storage.loadRecords() }
            #expect(throws: FileTokenStorageError.lockTimedOut) { try storage.writeRecord(Data(), forKey: "k") }
            #expect(throws: FileTokenStorageError.lockTimedOut) { try storage.removeRecord(forKey: "k") }
        }
        #expect(store.waits == [.seconds(30), .zero, .zero], "the lock timeout is the smaller")
        store.reset()
        TokenStorageWaitBudget.withCurrent(TokenStorageWaitBudget(limit: .seconds(5))) {
            #expect(throws: FileTokenStorageError.lockTimedOut) { try storage.loadRecords() }
            #expect(throws: FileTokenStorageError.lockTimedOut) { try storage.loadRecords() }
        }
        #expect(store.waits == [.seconds(5), .zero], "the budget is the smaller")
    }

    /// `accessenabler status` with a foreign lock (REST API v2): `setRequestor` reads the stored
    /// configuration, then the device seed to fetch one — two reads, one lock timeout.
    @Test func aCallWaitsAtMostOneLockTimeoutInTotal() async throws {
        let store = try HeldStore()
        let harness = Harness(backend: .restV2, storage: store.storage())
        await #expect(throws: AccessEnablerError.storageFailure) { try await harness.configure() }
        #expect(store.waits.count == 2)
        #expect(store.total <= .seconds(30), "setRequestor waited \(store.waits)")
    }

    /// A command-line tool's command runs several calls under one budget of its own.
    @Test func aBudgetTheTaskAlreadyHasCoversEveryCallInIt() async throws {
        let store = try HeldStore()
        let harness = Harness(storage: store.storage())
        await TokenStorageWaitBudget.withCurrent(TokenStorageWaitBudget(limit: .seconds(30))) {
            _ = try? await harness.configure()
            _ = try? await harness.configure()
        }
        #expect(store.waits.count >= 4)
        #expect(store.total <= .seconds(30), "the command waited \(store.waits)")
    }

    @Test func theCallsDeadlineBoundsItsWaitsWhenShorter() async throws {
        let store = try HeldStore()
        let harness = Harness(storage: store.storage()) { $0.retryPolicy.deadline = .seconds(10) }
        await #expect(throws: AccessEnablerError.storageFailure) { try await harness.configure() }
        #expect(store.waits.first == .seconds(10))
        #expect(store.total <= .seconds(10), "setRequestor waited \(store.waits)")
    }
}
