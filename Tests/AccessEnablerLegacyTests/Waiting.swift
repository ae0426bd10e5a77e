import Foundation
import Testing

/// Tasks waiting on the main actor for a number of recorded lines (delegate callbacks), each with
/// a deadline, so that a callback that never comes fails the test instead of hanging it.
@MainActor
final class LineWaiters {
    private var waiters: [UInt64: (count: Int, continuation: CheckedContinuation<Bool, Never>)] = [:]
    private var nextID: UInt64 = 0

    /// Resumes every waiter that `count` recorded lines satisfy.
    func recorded(_ count: Int) {
        let ready = waiters.filter { count >= $0.value.count }
        for id in ready.keys { waiters[id] = nil }
        for waiter in ready.values { waiter.continuation.resume(returning: true) }
    }

    /// Waits until ``recorded(_:)`` reports at least `count` lines (`have` is the number now);
    /// returns false when `limit` of real time passed first.
    func wait(for count: Int, have: Int, within limit: Duration) async -> Bool {
        if have >= count { return true }
        nextID += 1
        let id = nextID
        let timer = Task { [weak self] in
            try? await Task.sleep(for: limit)
            if !Task.isCancelled { self?.expire(id) }
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { waiters[id] = (count, $0) }
    }

    private func expire(_ id: UInt64) {
        waiters.removeValue(forKey: id)?.continuation.resume(returning: false)
    }
}
