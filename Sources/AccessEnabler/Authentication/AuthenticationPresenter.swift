import Foundation

/// The user interface of authentication: an MVPD picker and a browser for the MVPD login.
///
/// ``AccessEnabler/authenticate(forceAuthentication:data:providerFilter:presenter:)`` and
/// ``AccessEnabler/logout(presenter:)`` call it. On iOS, macOS and visionOS use
/// `WebAuthenticationSessionPresenter` (an `ASWebAuthenticationSession` and your picker); tests
/// use `HeadlessPresenter` from `AccessEnablerTesting`. Throw `CancellationError` (or return nil from `selectProvider`) to cancel.
public protocol AuthenticationPresenter: Sendable {
    /// Shows the MVPD picker; returns nil when the viewer cancels.
    func selectProvider(from providers: [MVPD]) async throws -> MVPD?
    /// Loads `url` in a browser and returns the URL that starts with `redirectURL`, where the
    /// login (or logout) flow ends.
    func presentLogin(url: URL, redirectURL: URL) async throws -> URL
}
