import Foundation

extension AccessEnabler {
    /// Runs `operation` as one call for the storage: all its storage operations share one
    /// ``TokenStorageWaitBudget`` (so a store held by another process costs the call one
    /// `lockTimeout`, not one per read or write), unless the task runs one already.
    func asOneCall<T>(_ operation: () async throws -> T) async rethrows -> T {
        if TokenStorageWaitBudget.current != nil { return try await operation() }
        return try await TokenStorageWaitBudget.withCurrent(newWaitBudget(), operation: operation)
    }

    /// The budget of a call that starts now: the call's ``RetryPolicy/deadline``.
    nonisolated func newWaitBudget() -> TokenStorageWaitBudget {
        TokenStorageWaitBudget(limit: configuration.retryPolicy.deadline)
    }
}
