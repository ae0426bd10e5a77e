import Foundation

/// Where an MVPD's login or logout page goes (the legacy SDK's routing, iOS SDK 3.1 and 3.2).
enum SafariPageRoute: Equatable {
    /// `navigate(toUrl:)`: the app's web view, which stops at `adobepass://ios.app`.
    case webView
    /// `navigate(toUrl:useSVC: true)`: the app presents its own `SFSafariViewController`.
    case appSafari
    /// The adapter presents an `SFSafariViewController` itself.
    case sdkSafari

    /// Only an MVPD that requires Safari leaves the web view; it goes to the app with the
    /// `handleSVC` option, else to the adapter's own Safari view controller where the platform
    /// has one (iOS), else to the app.
    init(requiresSafari: Bool, handleSVC: Bool, sdkCanPresentSafari: Bool) {
        if !requiresSafari {
            self = .webView
        } else if handleSVC || !sdkCanPresentSafari {
            self = .appSafari
        } else {
            self = .sdkSafari
        }
    }

    /// Whether the page comes back only through iOS handing its redirect URL to the app (the
    /// app's URL handler calls `handleExternalURL`), so the app must register the URL scheme:
    /// Safari's pages, the app's or the adapter's; the web view stops at the redirect itself.
    var requiresRegisteredURLScheme: Bool { self != .webView }
}

/// How a page on the adapter's own Safari view controller ended without the adapter ending it.
enum SafariPageEnd: Equatable, Sendable {
    /// The viewer closed it: *Done*, or the sheet swiped down.
    case closedByViewer
    /// There was nothing to present it from (no window of a scene in the foreground).
    case nothingToPresentFrom
}

/// Shows an MVPD page in a Safari view controller of the adapter's own, as the legacy SDK did
/// without the `handleSVC` option; the Linux tests put a recorder in its place.
@MainActor
protocol SafariPagePresenting: AnyObject, Sendable {
    /// Presents `url`; `onEnd` runs once if the page ends otherwise than by ``dismiss()``.
    func present(_ url: URL, onEnd: @escaping @MainActor (SafariPageEnd) -> Void)
    /// Dismisses what ``present(_:onEnd:)`` showed, if it is still shown, and drops a page still
    /// waiting to be shown.
    func dismiss()
}
