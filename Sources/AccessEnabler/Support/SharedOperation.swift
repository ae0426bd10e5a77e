import Foundation

/// One unit of async work that several callers await together (single flight).
///
/// Actors are re-entrant, so deduplication must store the work itself, not a flag. Each caller
/// awaits ``value()``; a caller that is cancelled returns `CancellationError` at once without
/// disturbing the others. When every caller has been cancelled the work itself is cancelled and
/// the operation is marked abandoned, so the owner starts fresh work for the next caller.
final class SharedOperation<Value: Sendable>: @unchecked Sendable {
    /// Thrown to a caller that joined an operation at the moment it was abandoned; the owner
    /// should start a new operation and wait on that.
    struct Abandoned: Error {}

    private let lock = NSLock()
    // Running while both are unset. Two fields, not an enum with a `Result<Value, any Error>`
    // payload, whose value witnesses would be compiled for any `Value` (1.9 KB of an app's code);
    // an optional `Result` uses the runtime's.
    /// The outcome, once the work finished.
    private var result: Result<Value, any Error>?
    /// Whether every caller was cancelled before the work finished.
    private var abandoned = false
    private var waiters: [UInt64: CheckedContinuation<Value, any Error>] = [:]
    private var cancelledBeforeWaiting: Set<UInt64> = []
    private var nextWaiterID: UInt64 = 0
    private var task: Task<Void, Never>?

    @_semantics("optimize.sil.specialize.generic.never")  // One copy for all types: docs/performance.md
    init(_ operation: @escaping @Sendable () async throws -> Value) {
        let task = Task { [weak self] in
            let result: Result<Value, any Error>
            do { result = .success(try await operation()) } catch { result = .failure(error) }
            self?.finish(result)
        }
        lock.withLock { self.task = task }
    }

    /// Whether the work has completed (successfully or not).
    var isFinished: Bool {
        lock.withLock { result != nil }
    }

    /// Whether every caller was cancelled and the work was cancelled with them.
    var isAbandoned: Bool {
        lock.withLock { abandoned }
    }

    /// The number of callers suspended in ``value()`` (for tests that must wait until a caller has
    /// registered before cancelling it).
    var waiterCount: Int { lock.withLock { waiters.count } }

    /// Returns once the work has ended and its outcome was recorded (or dropped, when abandoned):
    /// for tests of what happens after it.
    func workEnded() async {
        let task = lock.withLock { self.task }
        await task?.value
    }

    /// Waits for the result. Throws `CancellationError` promptly if the calling task is cancelled.
    @_semantics("optimize.sil.specialize.generic.never")  // One copy for all types: docs/performance.md
    func value() async throws -> Value {
        let id: UInt64 = lock.withLock {
            nextWaiterID += 1
            return nextWaiterID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                lock.lock()
                if let result {
                    lock.unlock()
                    continuation.resume(with: result)
                } else if abandoned {
                    lock.unlock()
                    continuation.resume(throwing: Abandoned())
                } else if cancelledBeforeWaiting.remove(id) != nil {
                    let abandonedTask = abandonIfUnwatched()
                    lock.unlock()
                    abandonedTask?.cancel()
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters[id] = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            lock.lock()
            guard result == nil, !abandoned else {
                lock.unlock()
                return
            }
            if let continuation = waiters.removeValue(forKey: id) {
                let abandonedTask = abandonIfUnwatched()
                lock.unlock()
                abandonedTask?.cancel()
                continuation.resume(throwing: CancellationError())
            } else {
                cancelledBeforeWaiting.insert(id)
                lock.unlock()
            }
        }
    }

    /// Marks the operation abandoned when nobody waits any more; returns the task to cancel.
    /// Call with the lock held.
    private func abandonIfUnwatched() -> Task<Void, Never>? {
        guard waiters.isEmpty, cancelledBeforeWaiting.isEmpty else { return nil }
        abandoned = true
        return task
    }

    private func finish(_ result: Result<Value, any Error>) {
        lock.lock()
        guard self.result == nil, !abandoned else {
            lock.unlock()
            return
        }
        self.result = result
        let toResume = waiters
        waiters = [:]
        lock.unlock()
        for continuation in toResume.values { continuation.resume(with: result) }
    }
}
