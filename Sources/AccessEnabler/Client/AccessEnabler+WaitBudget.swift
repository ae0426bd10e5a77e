import Foundation

extension AccessEnabler {
    /// Runs `operation` as one call for the storage: all its storage operations share one
    /// ``TokenStorageWaitBudget`` (so a store held by another process costs the call one
    /// `lockTimeout`, not one per read or write), unless the task runs one already.
    func asOneCall<T>(_ operation: () async throws -> T) async rethrows -> T {
        try await TokenStorageWaitBudget.withCurrentOrNew(newWaitBudget, operation: operation)
    }

    /// The budget of a call that starts now: the call's ``RetryPolicy/deadline``.
    nonisolated func newWaitBudget() -> TokenStorageWaitBudget {
        TokenStorageWaitBudget(limit: configuration.retryPolicy.deadline)
    }
}

extension TokenStorageWaitBudget {
    /// Runs `operation` with the task's budget, or with a new one from `makeBudget` when the task
    /// has none (a tool that bounds a whole command keeps its own).
    static func withCurrentOrNew<R>(
        _ makeBudget: () -> TokenStorageWaitBudget, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async rethrows -> R {
        if current != nil { return try await operation() }
        return try await withCurrent(makeBudget(), isolation: isolation, operation: operation)
    }
}
