import Foundation

/// A spawned `accessenabler` process whose standard output and error are collected as they come,
/// and whose standard input can be written to.
final class LiveProcess: @unchecked Sendable {
    /// What a finished process printed, and how it ended.
    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let lock = NSLock()
    private var stdoutData = Data()
    private var stderrData = Data()
    private var openStreams = 2
    private var streamWaiters: [CheckedContinuation<Void, Never>] = []
    private var exitStatus: Int32?
    private var exitWaiters: [CheckedContinuation<Int32, Never>] = []

    /// Starts the executable with `arguments` and `environment` (added to a copy of the test
    /// process's own environment without the tool's `ACCESSENABLER_…` variables, which a
    /// developer's shell may have set, and without what would let `login` open a real browser:
    /// `BROWSER` and the desktop session's `DISPLAY` and `WAYLAND_DISPLAY`).
    init(arguments: [String], environment: [String: String] = [:], executable: URL = ToolLocator.executable) throws {
        process.executableURL = executable
        process.arguments = arguments
        let browserOpeners: Set<String> = ["BROWSER", "DISPLAY", "WAYLAND_DISPLAY"]
        var merged = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("ACCESSENABLER_") && !browserOpeners.contains($0.key)
        }
        merged.merge(environment) { _, new in new }
        process.environment = merged
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        process.terminationHandler = { [weak self] process in
            self?.finished(with: process.terminationStatus)
        }
        try process.run()
        drain(output.fileHandleForReading, isError: false)
        drain(errors.fileHandleForReading, isError: true)
    }

    /// Reads `handle` on its own thread until the end of the stream.
    private func drain(_ handle: FileHandle, isError: Bool) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock {
                    if isError { stderrData.append(chunk) } else { stdoutData.append(chunk) }
                }
            }
            let waiters = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
                openStreams -= 1
                guard openStreams == 0 else { return [] }
                defer { streamWaiters.removeAll() }
                return streamWaiters
            }
            waiters.forEach { $0.resume() }
        }
    }

    private func finished(with status: Int32) {
        let waiters = lock.withLock { () -> [CheckedContinuation<Int32, Never>] in
            exitStatus = status
            defer { exitWaiters.removeAll() }
            return exitWaiters
        }
        waiters.forEach { $0.resume(returning: status) }
    }

    /// What has arrived on standard output so far.
    var stdout: String { lock.withLock { String(decoding: stdoutData, as: UTF8.self) } }
    /// What has arrived on standard error so far.
    var stderr: String { lock.withLock { String(decoding: stderrData, as: UTF8.self) } }

    /// Writes `text` to standard input.
    func write(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Closes standard input.
    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Sends SIGINT.
    func interrupt() {
        process.interrupt()
    }

    /// Waits until `predicate` holds for standard output or error, polling; throws after `timeout`.
    func waitFor(
        _ what: String, timeout: Duration = .seconds(30),
        until predicate: @Sendable (_ stdout: String, _ stderr: String) -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while !predicate(stdout, stderr) {
            if ContinuousClock.now > deadline || lock.withLock({ exitStatus != nil && openStreams == 0 }) {
                if predicate(stdout, stderr) { return }
                throw LiveProcessError.timedOut(what: what, stdout: stdout, stderr: stderr)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits for the process to exit (killing it after `timeout`) and for its output to end.
    func finish(timeout: Duration = .seconds(90)) async -> Result {
        let killer = Task { [process] in
            try? await Task.sleep(for: timeout)
            if process.isRunning { process.terminate() }
        }
        let status = await withCheckedContinuation { continuation in
            lock.withLock {
                if let exitStatus {
                    continuation.resume(returning: exitStatus)
                } else {
                    exitWaiters.append(continuation)
                }
            }
        }
        killer.cancel()
        await withCheckedContinuation { continuation in
            lock.withLock {
                if openStreams == 0 {
                    continuation.resume()
                } else {
                    streamWaiters.append(continuation)
                }
            }
        }
        return Result(status: status, stdout: stdout, stderr: stderr)
    }
}

/// A spawned process did not print what was expected in time.
struct LiveProcessError: Error, CustomStringConvertible {
    static func timedOut(what: String, stdout: String, stderr: String) -> LiveProcessError {
        LiveProcessError(description: "Timed out waiting for \(what).\nstdout:\n\(stdout)\nstderr:\n\(stderr)")
    }

    var description: String
}
