import Foundation

/// One browser session the web login presenter runs: the seam over `ASWebAuthenticationSession`
/// (tests drive a fake). Created, started and cancelled on the main actor.
@MainActor
protocol WebLoginSession: AnyObject {
    /// Shows the browser; false when it could not start.
    func start() -> Bool
    /// Closes the browser.
    func cancel()
}

/// What a session is asked to load and how it ends.
final class WebLoginRequest: Sendable {
    let url: URL
    let callback: WebLoginCallback
    let prefersEphemeralWebBrowserSession: Bool

    init(url: URL, callback: WebLoginCallback, prefersEphemeralWebBrowserSession: Bool) {
        (self.url, self.callback) = (url, callback)
        self.prefersEphemeralWebBrowserSession = prefersEphemeralWebBrowserSession
    }
}

/// Makes a session that calls `completion` (from any thread) with the URL the flow ended at or
/// the error it ended with.
typealias WebLoginSessionFactory =
    @MainActor @Sendable (
        _ request: WebLoginRequest, _ completion: @escaping @Sendable (URL?, (any Error)?) -> Void
    ) -> any WebLoginSession
