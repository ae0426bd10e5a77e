import Foundation

/// A login or logout page of an MVPD, as a presenter is asked to show it.
///
/// The page ends on ``redirectURL``, which the SDK chose for ``mvpd``: the app's custom
/// scheme for an MVPD whose pages open in Safari (``opensInSafari``), else
/// ``AccessEnabler/Configuration/redirectURL``.
public struct MVPDPage: Sendable, Hashable {
    /// The page to load (it passed the SDK's page URL checks: `https`, or `http` on a loopback
    /// host).
    public var url: URL
    /// Where the page's flow ends: return the URL that starts with it.
    public var redirectURL: URL
    /// The MVPD the page belongs to, whichever way it was chosen (the picker, the TV Provider's
    /// picker, the app's preselection).
    public var mvpd: MVPD

    /// Creates a page of `mvpd`.
    public init(url: URL, redirectURL: URL, mvpd: MVPD) {
        self.url = url
        self.redirectURL = redirectURL
        self.mvpd = mvpd
    }

    /// Whether the MVPD asks for its pages in Safari (``MVPD/requiresSafariViewController``)
    /// rather than a web view.
    public var opensInSafari: Bool { mvpd.requiresSafariViewController }
}

extension MVPDPage {
    /// The page a presenter may show, or ``AccessEnablerError/invalidPageURL`` when
    /// ``PageURLPolicy`` refuses `url`.
    static func checked(url: URL, redirectURL: URL, mvpd: MVPD, call: PageURLPolicy.Call) throws(AccessEnablerError)
        -> MVPDPage
    {
        MVPDPage(url: try PageURLPolicy.checked(url, for: call), redirectURL: redirectURL, mvpd: mvpd)
    }
}
