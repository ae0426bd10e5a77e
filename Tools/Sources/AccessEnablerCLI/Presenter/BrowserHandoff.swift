import Foundation

/// Hands a login the tool cannot finish to a person in a browser, and goes on by itself once the
/// browser comes back to the tool's ``LoopbackRedirectListener``.
///
/// It opens the browser when it can (``BrowserOpener``; not with `--no-browser`), prints the login
/// URL in any case, and waits for the listener. A browser on another machine cannot reach this
/// one's loopback: the URL it ends at can be pasted on standard input instead, as with a custom
/// scheme (``RedirectPrompt``). The end of standard input only ends that way of answering.
struct BrowserHandoff: Sendable {
    /// Where the browser comes back to.
    let listener: LoopbackRedirectListener
    /// Opens the browser; nil with `--no-browser` or when the machine has none.
    let opener: BrowserOpener?
    /// Writes a line of instructions (to standard error).
    let write: @Sendable (String) -> Void
    /// Called before the instructions are shown (stops the spinner).
    let beforePrompt: @Sendable () -> Void
    /// Reads a pasted line; nil at the end of the input.
    let readLine: @Sendable () async -> String?

    /// Opens `url` (or says to), then returns the URL the browser came back with, or the one pasted.
    ///
    /// - Throws: `CancellationError` when the task is cancelled (the listener is then closed).
    func finish(url: URL) async throws -> URL {
        beforePrompt()
        let opened = opener?.open(url) ?? false
        let back = RedirectMatching.withoutQuery(listener.redirectURL)
        write(
            """

            This sign-in needs a person. \(opened ? "Sign in in the browser that opened at:" : "Open this URL in a browser and sign in:")

              \(url.absoluteString)

            The browser then comes back to this tool (at \(back)), which goes on by itself; Ctrl-C cancels.
            If the browser runs on another machine, paste the URL it ends at here, then press Return.
            """)
        let listener = self.listener
        return try await withThrowingTaskGroup(of: URL?.self) { group in
            group.addTask { try await listener.waitForRedirect() }
            group.addTask { await pasted() }
            while let answer = try await group.next() {
                if let answer {
                    group.cancelAll()
                    return answer
                }
            }
            throw CancellationError()
        }
    }

    /// The first pasted line that is the listener's redirect URL; nil at the end of the input or
    /// when the task is cancelled.
    private func pasted() async -> URL? {
        while let line = await CancellableRead.line(readLine) {
            let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty { continue }
            if let answer = URL(string: text), RedirectMatching.matches(answer, redirectURL: listener.redirectURL) {
                return answer
            }
            write("That is not the URL the browser ends at (\(RedirectMatching.withoutQuery(listener.redirectURL))…).")
        }
        return nil
    }
}

/// A read that a task's cancellation ends at once, even when the reading itself cannot be
/// stopped (a thread blocked on standard input): its answer is then dropped.
enum CancellableRead {
    /// What `read` returns, or nil when the task is cancelled first.
    static func line(_ read: @escaping @Sendable () async -> String?) async -> String? {
        let waiter = Locked<CheckedContinuation<String?, Never>?>(nil)
        @Sendable func resume(_ value: String?) {
            waiter.withLock { continuation in
                continuation?.resume(returning: value)
                continuation = nil
            }
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiter.withLock { $0 = continuation }
                if Task.isCancelled {
                    resume(nil)
                    return
                }
                Task { resume(await read()) }
            }
        } onCancel: {
            resume(nil)
        }
    }
}
