import Foundation

/// A presenter told which MVPD each login or logout page belongs to, so it can route the page of
/// an MVPD that requires Safari (``MVPD/requiresSafariViewController``) to Safari: the page ends
/// on the redirect URL ``AccessEnabler`` chose for that same MVPD, whichever way it was chosen
/// (the picker, the partner's picker, a preselection).
package protocol MVPDPagePresenter: AuthenticationPresenter {
    /// Loads `url`, a page of `mvpd`, and returns the URL that starts with `redirectURL`.
    func presentLogin(url: URL, redirectURL: URL, for mvpd: MVPD) async throws -> URL
}

extension AuthenticationPresenter {
    /// Shows `url`, a page of `mvpd` that `call` opens: with the MVPD to an
    /// ``MVPDPagePresenter``. No presenter sees a URL that ``PageURLPolicy`` refuses.
    func presentPage(url: URL, redirectURL: URL, for mvpd: MVPD, call: PageURLPolicy.Call) async throws -> URL {
        let url = try PageURLPolicy.checked(url, for: call)
        if let presenter = self as? any MVPDPagePresenter {
            return try await presenter.presentLogin(url: url, redirectURL: redirectURL, for: mvpd)
        }
        return try await presentLogin(url: url, redirectURL: redirectURL)
    }
}
