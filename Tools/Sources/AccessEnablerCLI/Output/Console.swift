import Foundation

/// Where the tool writes: standard output for results, standard error for people (progress,
/// prompts, warnings, error messages).
///
/// Writes go straight to the file descriptors, unbuffered, so that lines appear at once even when
/// the output is a pipe (a test or a script reading the emulator's start-up lines).
struct Console: Sendable {
    /// Writes `text` and a newline to standard output.
    func out(_ text: String) {
        write(text + "\n", to: STDOUT_FILENO)
    }

    /// Writes `text` and a newline to standard error.
    func err(_ text: String) {
        write(text + "\n", to: STDERR_FILENO)
    }

    /// Writes `text` as is to standard error (for progress lines redrawn in place).
    func errRaw(_ text: String) {
        write(text, to: STDERR_FILENO)
    }

    /// Whether standard error is a terminal (progress lines are drawn only then).
    var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Whether standard input is a terminal.
    var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    private func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
        bytes.removeAll()
    }
}
