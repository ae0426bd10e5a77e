import Foundation
import Testing

/// How long a test waits for a callback or a fact before it fails. Generous on purpose: it turns
/// a hang into a failure that names what was awaited, and never asserts how long anything took.
let waitLimit: Duration = .seconds(60)

/// Polls until `condition` holds, sleeping between polls so the main actor can deliver callbacks.
/// After `limit` of real time (or when the test is cancelled) it records an issue at the caller
/// that names `awaited`, evaluated then, and returns.
@MainActor
func eventually(
    _ awaited: @autoclosure () -> Comment? = nil, within limit: Duration = waitLimit,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
) async {
    let deadline = ContinuousClock.now.advanced(by: limit)
    while !condition() {
        if Task.isCancelled || ContinuousClock.now >= deadline {
            let reason = Task.isCancelled ? "cancelled" : "timed out after \(limit)"
            Issue.record(
                "Wait \(reason): \(awaited() ?? "the condition of this eventually") never held",
                sourceLocation: sourceLocation)
            return
        }
        try? await Task.sleep(for: .milliseconds(1))
    }
}

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
