// One file, linked into each test target (Tests/<target>/SharedWaiting.swift is a symbolic link
// to it): test targets cannot import one another, and a regular target importing Testing would
// be a library target the Apple checks type-check without Testing.
import AccessEnabler
import Foundation
import Testing

/// How long a test waits for an asynchronous fact before it fails. Generous on purpose: it turns
/// a hang into a failure that names what was awaited, and never asserts how long anything took.
/// Two minutes: on a busy two-core machine every test of a `swift test` run waits its turn behind
/// the model runs, so even a trivial test has been measured finishing 65 s after it started.
let waitLimit: Duration = .seconds(120)

/// Polls until `condition` holds: waits for an asynchronous fact without asserting anything about
/// time. It sleeps between polls (rather than yielding) so the work it waits for, callbacks on the
/// main actor included, always gets to run. `condition` runs where the caller runs.
///
/// When `condition` still does not hold after `limit` (real time: the work it waits for runs on
/// the machine's scheduler, whatever clock the test gives the SDK), or the test is cancelled, it
/// records an issue at the caller that names `awaited` (evaluated then, so it can describe what
/// did happen), and returns.
nonisolated(nonsending) func eventually(
    _ awaited: @autoclosure () -> Comment? = nil, within limit: Duration = waitLimit,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async -> Bool
) async {
    let deadline = ContinuousClock.now.advanced(by: limit)
    while await !condition() {
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

/// Runs `body` (which awaits something `cancel` can end) for at most `limit` of real time: then
/// `cancel` runs and, once `body` returns, the test fails at the caller naming `awaited`.
nonisolated(nonsending) func withWaitLimit<T>(
    _ limit: Duration, awaiting awaited: () -> Comment, sourceLocation: SourceLocation,
    cancel: @escaping @Sendable () -> Void, _ body: () async throws -> T
) async rethrows -> T {
    let timedOut = LockedValue(false)
    let watchdog = Task<Void, Never> {
        try? await Task<Never, Never>.sleep(for: limit)
        guard !Task<Never, Never>.isCancelled else { return }
        timedOut.withLock { $0 = true }
        cancel()
    }
    defer {
        watchdog.cancel()
        if timedOut.withLock({ $0 }) {
            Issue.record(
                "Wait timed out after \(limit): \(awaited()) never finished; cancelled it",
                sourceLocation: sourceLocation)
        }
    }
    return try await body()
}

extension Task where Failure == any Error {
    /// The task's value, awaited for at most `limit` of real time: then the test fails at the
    /// caller naming `awaited`, and the task is cancelled (its value is then whatever its
    /// cancellation makes of it, usually `CancellationError`).
    nonisolated(nonsending) func value(
        awaiting awaited: @autoclosure () -> Comment, within limit: Duration = waitLimit,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Success {
        try await withWaitLimit(limit, awaiting: awaited, sourceLocation: sourceLocation, cancel: cancel) {
            try await value
        }
    }
}

extension Task where Failure == any Error {
    /// The task's result, awaited for at most `limit` of real time, as ``value(awaiting:within:sourceLocation:)``
    /// awaits its value: then the test fails at the caller naming `awaited`, and the task is
    /// cancelled.
    nonisolated(nonsending) func result(
        awaiting awaited: @autoclosure () -> Comment, within limit: Duration = waitLimit,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Result<Success, any Error> {
        await withWaitLimit(limit, awaiting: awaited, sourceLocation: sourceLocation, cancel: cancel) {
            await result
        }
    }
}

extension Task where Failure == Never {
    /// The task's value, awaited for at most `limit` of real time: then the test fails at the
    /// caller naming `awaited`, and the task is cancelled (its value is then whatever its
    /// cancellation makes of it).
    nonisolated(nonsending) func value(
        awaiting awaited: @autoclosure () -> Comment, within limit: Duration = waitLimit,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Success {
        await withWaitLimit(limit, awaiting: awaited, sourceLocation: sourceLocation, cancel: cancel) {
            await value
        }
    }
}
