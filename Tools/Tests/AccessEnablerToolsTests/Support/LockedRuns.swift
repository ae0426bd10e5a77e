import Foundation

/// The runs of a ``CLIClient``, behind a lock.
final class LockedRuns: @unchecked Sendable {
    private let lock = NSLock()
    private var runs: [CLIRun] = []

    func append(_ run: CLIRun) { lock.withLock { runs.append(run) } }
    var all: [CLIRun] { lock.withLock { runs } }
}
