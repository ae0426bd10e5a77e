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
struct WebLoginRequest: Sendable {
    var url: URL
    var callback: WebLoginCallback
    var prefersEphemeralWebBrowserSession: Bool
}

/// Makes a session that calls `completion` (from any thread) with the URL the flow ended at or
/// the error it ended with.
typealias WebLoginSessionFactory =
    @MainActor @Sendable (
        _ request: WebLoginRequest, _ completion: @escaping @Sendable (URL?, (any Error)?) -> Void
    ) -> any WebLoginSession
