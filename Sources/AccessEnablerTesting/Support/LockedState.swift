import Foundation

/// A value guarded by an `NSLock`, so that `Sendable` classes can hold mutable state.
final class LockedState<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) { self.state = state }

    /// Runs `body` with exclusive access to the state. Never resume continuations inside `body`.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
