import Foundation

/// A spinner on standard error while a call takes more than a moment.
///
/// Drawn only when enabled (human output and standard error is a terminal), and only once a call
/// has taken longer than ``delay``; the line is erased when the call ends, so nothing of it stays
/// in the output. A notice given to ``start(_:after:notice:)`` is the one line that stays.
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

    /// Shows `label` (after `delay`) until ``stop()``.
    ///
    /// - Parameter notice: A line printed once, and kept, when ``stop()`` has not come within
    ///   `delay`; printed whether or not the spinner is drawn, since it says what the tool waits for.
    func start(_ label: String, after delay: Duration = ProgressLine.delay, notice: String? = nil) {
        stop()
        guard enabled || notice != nil else { return }
        let generation = state.withLock { state -> Int in
            state.generation += 1
            return state.generation
        }
        let enabled = self.enabled
        let task = Task { [weak self] in
            try? await Task.sleep(for: delay)
            if let notice, let self {
                // Under the lock, so the notice never lands after stop(): the call has ended.
                let current = self.state.withLock { state -> Bool in
                    guard state.generation == generation else { return false }
                    self.console.err(notice)
                    return true
                }
                guard current else { return }
            }
            guard enabled else { return }
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
        state.withLock { state in
            state.generation += 1
            state.task?.cancel()
            state.task = nil
            if state.drawn { console.eraseLine() }
            state.drawn = false
        }
    }
}
