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
}

/// Shows an MVPD page in a Safari view controller of the adapter's own, as the legacy SDK did
/// without the `handleSVC` option; the Linux tests put a recorder in its place.
@MainActor
protocol SafariPagePresenting: AnyObject {
    /// Presents `url`; `onDone` runs when the viewer closes it (the "Done" button).
    func present(_ url: URL, onDone: @escaping @MainActor () -> Void)
    /// Dismisses what ``present(_:onDone:)`` showed, if it is still shown.
    func dismiss()
}
