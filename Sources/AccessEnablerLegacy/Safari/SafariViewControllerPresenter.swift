#if canImport(SafariServices) && canImport(UIKit) && os(iOS)
import SafariServices
import UIKit

/// The iOS glue: an `SFSafariViewController` presented from the top of the key window's view
/// controllers (the legacy SDK presented from the root view controller, which fails when a
/// modal is already up).
@MainActor
final class SafariViewControllerPresenter: NSObject, SafariPagePresenting, SFSafariViewControllerDelegate {
    private var shown: SFSafariViewController?
    private var onDone: (@MainActor () -> Void)?

    func present(_ url: URL, onDone: @escaping @MainActor () -> Void) {
        dismiss()
        guard let presenter = Self.topViewController() else { return }
        let safari = SFSafariViewController(url: url)
        safari.delegate = self
        shown = safari
        self.onDone = onDone
        presenter.present(safari, animated: true)
    }

    func dismiss() {
        guard let safari = shown else { return }
        shown = nil
        onDone = nil
        safari.dismiss(animated: true)
    }

    nonisolated func safariViewControllerDidFinish(_ controller: SFSafariViewController) {
        MainActor.assumeIsolated {
            guard controller === shown else { return }
            let done = onDone
            shown = nil
            onDone = nil
            done?()
        }
    }

    private static func topViewController() -> UIViewController? {
        let windows = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows)
        var top = (windows.first(where: \.isKeyWindow) ?? windows.first)?.rootViewController
        while let presented = top?.presentedViewController { top = presented }
        return top
    }
}
#endif
