import Foundation

/// Asks a person to finish a login in a browser and to paste the URL it ended at.
///
/// The instructions go to standard error (standard output stays for the result); the answer is
/// read from standard input, a line at a time, so a script can pipe it in.
struct RedirectPrompt: Sendable {
    /// Writes a line of instructions (to standard error).
    let write: @Sendable (String) -> Void
    /// Called before the instructions are shown (stops the spinner).
    let beforePrompt: @Sendable () -> Void
    /// Reads one line; nil at the end of the input.
    let readLine: @Sendable () async -> String?

    /// A prompt that reads standard input.
    init(
        console: Console = Console(), beforePrompt: @escaping @Sendable () -> Void = {},
        readLine: @escaping @Sendable () async -> String? = RedirectPrompt.readStandardInput
    ) {
        self.init(write: { console.err($0) }, beforePrompt: beforePrompt, readLine: readLine)
    }

    /// A prompt that writes its instructions with `write`.
    init(
        write: @escaping @Sendable (String) -> Void, beforePrompt: @escaping @Sendable () -> Void = {},
        readLine: @escaping @Sendable () async -> String?
    ) {
        self.write = write
        self.beforePrompt = beforePrompt
        self.readLine = readLine
    }

    /// Shows `url` and returns the redirect URL the person pastes.
    ///
    /// - Throws: ``LoginPresenterError/noRedirectURLGiven`` when the input ends first.
    func ask(url: URL, redirectURL: URL) async throws -> URL {
        beforePrompt()
        write(
            """

            This sign-in needs a person. Open this URL in a browser and sign in:

              \(url.absoluteString)

            The browser ends at \(redirectURL.absoluteString)… (it may say it cannot open that address).
            Paste the full URL it was sent to, then press Return:
            """)
        while let line = await readLine() {
            try Task.checkCancellation()
            let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty { continue }
            if let answer = URL(string: text), RedirectMatching.matches(answer, redirectURL: redirectURL) {
                return answer
            }
            write(
                "That is not a URL that starts with \(redirectURL.absoluteString). Paste the URL the browser was sent to:"
            )
        }
        throw LoginPresenterError.noRedirectURLGiven
    }

    /// One line of standard input, read on its own thread so no task of the cooperative pool blocks.
    @Sendable static func readStandardInput() async -> String? {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: Swift.readLine(strippingNewline: true))
            }
        }
    }
}
