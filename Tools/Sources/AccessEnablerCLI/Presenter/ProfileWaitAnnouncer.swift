import AccessEnabler
import Foundation

/// Wraps the login presenter to say what `login` waits for once the browser reached the redirect
/// URL: the service provider's profile, for at most the configured wait. Said only when the
/// profile has not come within ``delay``, so a login the MVPD confirms at once prints nothing.
struct ProfileWaitAnnouncer: AuthenticationPresenter {
    /// How long after the redirect the line is printed when the login has not ended.
    static let delay: Duration = .seconds(1)

    let inner: any AuthenticationPresenter
    let mvpdID: String
    let wait: Duration
    let console: Console
    let progress: ProgressLine
    private let state = Locked(State())

    private struct State {
        var task: Task<Void, Never>?
        var finished = false
    }

    init(_ inner: any AuthenticationPresenter, mvpdID: String, wait: Duration, console: Console, progress: ProgressLine)
    {
        self.inner = inner
        self.mvpdID = mvpdID
        self.wait = wait
        self.console = console
        self.progress = progress
    }

    func selectProvider(from providers: [MVPD]) async throws -> MVPD? {
        try await inner.selectProvider(from: providers)
    }

    func presentLogin(url: URL, redirectURL: URL) async throws -> URL {
        let landed = try await inner.presentLogin(url: url, redirectURL: redirectURL)
        let line = Self.waitingLine(mvpdID: mvpdID, wait: wait)
        let console = self.console
        let progress = self.progress
        let state = self.state
        let label = "Waiting for the profile of \(mvpdID)"
        let task = Task {
            try? await Task.sleep(for: Self.delay)
            // Under the lock, so nothing is printed once the login has ended.
            state.withLock { state in
                guard !state.finished, !Task.isCancelled else { return }
                progress.stop()
                console.err(line)
                progress.start(label)
            }
        }
        state.withLock { $0.task = task }
        return landed
    }

    /// Ends the announcement (the login ended); nothing is printed after it.
    func finish() {
        state.withLock { state in
            state.finished = true
            state.task?.cancel()
            state.task = nil
        }
    }

    /// What the tool waits for after the redirect.
    static func waitingLine(mvpdID: String, wait: Duration) -> String {
        "The login reached the redirect URL; waiting up to \(wait.components.seconds) s for the service provider's "
            + "profile of \(mvpdID) (a login that left none ends then)."
    }
}
