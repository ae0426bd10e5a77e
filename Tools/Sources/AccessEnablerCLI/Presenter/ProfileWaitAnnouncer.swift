import AccessEnabler
import Foundation

/// Wraps the login presenter to say what `login` waits for once the browser reached the redirect
/// URL: the service provider's profile, for at most the configured wait. The notice rides on the
/// session's ``ProgressLine``: printed only when the login has not ended within ``delay``, so a
/// login the MVPD confirms at once prints nothing, and never after the session's `during` ended.
struct ProfileWaitAnnouncer: AuthenticationPresenter {
    /// How long after the redirect the notice is printed when the login has not ended.
    static let delay: Duration = .seconds(1)

    let inner: any AuthenticationPresenter
    let mvpdID: String
    let wait: Duration
    let progress: ProgressLine

    init(_ inner: any AuthenticationPresenter, mvpdID: String, wait: Duration, progress: ProgressLine) {
        self.inner = inner
        self.mvpdID = mvpdID
        self.wait = wait
        self.progress = progress
    }

    func selectProvider(from providers: [MVPD]) async throws -> MVPD? {
        try await inner.selectProvider(from: providers)
    }

    func presentLogin(url: URL, redirectURL: URL) async throws -> URL {
        let landed = try await inner.presentLogin(url: url, redirectURL: redirectURL)
        progress.start(
            "Waiting for the profile of \(mvpdID)", after: Self.delay,
            notice: Self.waitingLine(mvpdID: mvpdID, wait: wait))
        return landed
    }

    /// What the tool waits for after the redirect.
    static func waitingLine(mvpdID: String, wait: Duration) -> String {
        "The login reached the redirect URL; waiting up to \(wait.components.seconds) s for the service provider's "
            + "profile of \(mvpdID) (a login that left none ends then)."
    }
}
