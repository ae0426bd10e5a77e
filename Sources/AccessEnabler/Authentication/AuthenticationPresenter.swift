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
    /// Whether a page comes back only through iOS handing its redirect URL to the app (a
    /// presenter that opens pages in Safari or an `SFSafariViewController` and waits for the
    /// app's `onOpenURL`), so the app must register the redirect's scheme in its Info.plist
    /// (`CFBundleURLTypes`): the pages of an MVPD that opens in Safari
    /// (``MVPD/requiresSafariViewController``) end on the app's `adbe.` scheme, and without it
    /// the login fails with ``AccessEnablerError/appSchemeNotRegistered``. `false` by default:
    /// the presenter catches the redirect itself, as `ASWebAuthenticationSession` does with any
    /// custom scheme.
    var requiresRegisteredURLScheme: Bool { get }
    /// Loads `page`, a login or logout page of ``MVPDPage/mvpd``, and returns the URL that starts
    /// with ``MVPDPage/redirectURL``. Implement it to route the pages of an MVPD that opens in
    /// Safari (``MVPDPage/opensInSafari``) there; by default it calls
    /// ``presentLogin(url:redirectURL:)``.
    func presentPage(_ page: MVPDPage) async throws -> URL
}

extension AuthenticationPresenter {
    /// `false`: the presenter catches the redirect URL itself.
    public var requiresRegisteredURLScheme: Bool { false }

    /// Loads the page with ``presentLogin(url:redirectURL:)``, whatever its MVPD.
    public func presentPage(_ page: MVPDPage) async throws -> URL {
        try await presentLogin(url: page.url, redirectURL: page.redirectURL)
    }
}
