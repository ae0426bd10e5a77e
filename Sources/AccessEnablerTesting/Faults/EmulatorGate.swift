import AccessEnabler
import Foundation

/// A latch that holds requests (``EmulatorFault/hold(_:)``) until the test calls ``open()``.
///
/// Use it to make a request stay in flight for as long as a test needs, for example to cancel it
/// or to start a concurrent call, without any timing assumptions. Once open, it stays open.
public final class EmulatorGate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
        var nextID: UInt64 = 0
    }

    private let state = LockedValue(State())

    /// Creates a closed gate.
    public init() {}

    /// Whether ``open()`` has been called.
    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// The number of requests waiting at the gate.
    public var waiting: Int { state.withLock { $0.waiters.count } }

    /// Opens the gate: every held request proceeds, and later ones pass straight through.
    public func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.isOpen = true
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        waiters.forEach { $0.resume() }
    }

    /// Suspends until the gate opens; throws `CancellationError` when the task is cancelled first.
    func wait() async throws {
        let id: UInt64 = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case suspended, pass, cancel }
                let outcome: Outcome = state.withLock { state in
                    if state.isOpen { return .pass }
                    if Task.isCancelled { return .cancel }
                    state.waiters[id] = continuation
                    return .suspended
                }
                switch outcome {
                case .suspended: break
                case .pass: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
