import Foundation

/// A presenter that shows each page with its MVPD (the legacy adapter's): it routes the page of
/// an MVPD that requires Safari (``MVPD/requiresSafariViewController``) to Safari, where the page
/// ends on the redirect URL ``AccessEnabler`` chose for that same MVPD.
package protocol MVPDPagePresenter: AuthenticationPresenter {
    /// Loads `url`, a page of `mvpd`, and returns the URL that starts with `redirectURL`.
    func presentLogin(url: URL, redirectURL: URL, for mvpd: MVPD) async throws -> URL
}

extension MVPDPagePresenter {
    /// Loads `page` with ``presentLogin(url:redirectURL:for:)``.
    package func presentPage(_ page: MVPDPage) async throws -> URL {
        try await presentLogin(url: page.url, redirectURL: page.redirectURL, for: page.mvpd)
    }
}

extension AuthenticationPresenter {
    /// Shows `url`, a page of `mvpd` that `call` opens, through ``presentPage(_:)``. No
    /// presenter sees a URL that ``PageURLPolicy`` refuses.
    func presentPage(url: URL, redirectURL: URL, for mvpd: MVPD, call: PageURLPolicy.Call) async throws -> URL {
        try await presentPage(MVPDPage.checked(url: url, redirectURL: redirectURL, mvpd: mvpd, call: call))
    }
}
