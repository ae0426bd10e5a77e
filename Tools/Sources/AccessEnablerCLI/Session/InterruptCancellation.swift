import Dispatch
import Foundation

/// Runs an operation that Ctrl-C (SIGINT) cancels instead of killing the process, so the SDK
/// stops its work (a second-screen poll) and the command reports the cancellation.
enum InterruptCancellation {
    /// Runs `operation` in a task that SIGINT cancels; the default SIGINT handling is restored
    /// afterwards.
    static func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Task { try await operation() }
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { task.cancel() }
        source.resume()
        defer {
            source.cancel()
            signal(SIGINT, SIG_DFL)
        }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }
}
