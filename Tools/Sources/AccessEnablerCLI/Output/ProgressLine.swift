import Foundation

/// A spinner on standard error while a call takes more than a moment.
///
/// Drawn only when enabled (human output and standard error is a terminal), and only once a call
/// has taken longer than ``delay``; the line is erased when the call ends, so nothing of it stays
/// in the output.
final class ProgressLine: Sendable {
    /// How long a call runs before the spinner appears.
    static let delay: Duration = .milliseconds(250)
    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    private let enabled: Bool
    private let console: Console
    private let state = Locked<State>(State())

    private struct State {
        var generation = 0
        var drawn = false
        var task: Task<Void, Never>?
    }

    /// Creates a progress line that draws only when `enabled`.
    init(enabled: Bool, console: Console) {
        self.enabled = enabled
        self.console = console
    }

    /// Runs `operation` with `label` spinning on standard error while it takes long.
    func during<T: Sendable>(_ label: String, _ operation: () async throws -> T) async throws -> T {
        start(label)
        defer { stop() }
        return try await operation()
    }

    /// Shows `label` (after ``delay``) until ``stop()``.
    func start(_ label: String) {
        guard enabled else { return }
        stop()
        let generation = state.withLock { state -> Int in
            state.generation += 1
            return state.generation
        }
        let task = Task { [weak self] in
            try? await Task.sleep(for: Self.delay)
            var frame = 0
            while !Task.isCancelled, let self {
                // Drawn under the lock, so a frame never lands after stop() erased the line.
                let current = self.state.withLock { state -> Bool in
                    guard state.generation == generation else { return false }
                    state.drawn = true
                    self.console.redrawLine("\(Self.frames[frame % Self.frames.count]) \(label)…")
                    return true
                }
                guard current else { return }
                frame += 1
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        state.withLock { $0.task = task }
    }

    /// Erases the line (if drawn) and stops the spinner; before a prompt, and when a call ends.
    func stop() {
        guard enabled else { return }
        state.withLock { state in
            state.generation += 1
            state.task?.cancel()
            state.task = nil
            if state.drawn { console.eraseLine() }
            state.drawn = false
        }
    }
}
