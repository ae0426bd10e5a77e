import Foundation

/// Where the tool writes: standard output for results, standard error for people (progress,
/// prompts, warnings, error messages).
///
/// Every write goes through here, and this is where text is made safe for a terminal
/// (``TerminalText``): much of it comes from servers. The tool's own escape sequences (the
/// spinner's) are only ever written by ``redrawLine(_:)`` and ``eraseLine()``.
///
/// Writes go straight to the file descriptors, unbuffered, so that lines appear at once even when
/// the output is a pipe (a test or a script reading the emulator's start-up lines).
struct Console: Sendable {
    /// Writes `text` for people, escaped, and a newline to standard output.
    func out(_ text: String) {
        write(TerminalText.escaped(text) + "\n", to: STDOUT_FILENO)
    }

    /// Writes `json` (JSON text) and a newline to standard output, with the characters the JSON
    /// encoder leaves raw escaped the JSON way, so the value is unchanged.
    func outJSON(_ json: String) {
        write(TerminalText.jsonEscaped(json) + "\n", to: STDOUT_FILENO)
    }

    /// Writes `text` as it is to standard output: for the tool's own text only (a completion
    /// script), never for text that came from a server.
    func outRaw(_ text: String) {
        write(text.hasSuffix("\n") ? text : text + "\n", to: STDOUT_FILENO)
    }

    /// Writes `text` for people, escaped, and a newline to standard error.
    func err(_ text: String) {
        write(TerminalText.escaped(text) + "\n", to: STDERR_FILENO)
    }

    /// Replaces the current line of standard error with `text` (escaped, on one line), for
    /// progress redrawn in place.
    func redrawLine(_ text: String) {
        write("\r\u{1B}[2K" + TerminalText.escaped(text, keepingLineFeeds: false), to: STDERR_FILENO)
    }

    /// Erases the current line of standard error.
    func eraseLine() {
        write("\r\u{1B}[2K", to: STDERR_FILENO)
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
