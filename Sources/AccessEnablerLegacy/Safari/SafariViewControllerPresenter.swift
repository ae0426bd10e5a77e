#if canImport(SafariServices) && canImport(UIKit) && os(iOS)
import SafariServices
import UIKit

/// The iOS glue of ``SafariSheet``: an `SFSafariViewController` presented from the controller
/// ``PresentingWindow`` picks in the foreground scene's presentation chain (the legacy SDK
/// presented from the root view controller, which fails when a modal is already up). It reports
/// *Done* and a swiped-down sheet alike.
@available(iOSApplicationExtension, unavailable)
@MainActor
final class SafariViewControllerPresenter: NSObject, SafariSheetHost, SFSafariViewControllerDelegate,
    UIAdaptivePresentationControllerDelegate
{
    private weak var sheet: SafariSheet?

    nonisolated override init() {
        super.init()
    }

    func presentingChain() -> [PresentingWindow.Link] {
        ForegroundViewController.chain()
    }

    func afterTransition(of controller: AnyObject, then: @escaping @MainActor @Sendable () -> Void) {
        ForegroundViewController.afterTransition(of: controller, then: then)
    }

    func show(_ url: URL, over controller: AnyObject, sheet: SafariSheet) -> AnyObject? {
        // SFSafariViewController raises for anything but http and https: the core has checked
        // every page URL before it got here.
        guard let presenter = controller as? UIViewController else { return nil }
        self.sheet = sheet
        let safari = SFSafariViewController(url: url)
        safari.delegate = self
        safari.presentationController?.delegate = self
        presenter.present(safari, animated: true)
        return safari
    }

    func hide(_ sheet: AnyObject, completion: @escaping @MainActor () -> Void) {
        guard let safari = sheet as? SFSafariViewController, safari.presentingViewController != nil else {
            completion()
            return
        }
        safari.dismiss(animated: true) { MainActor.assumeIsolated { completion() } }
    }

    nonisolated func safariViewControllerDidFinish(_ controller: SFSafariViewController) {
        MainActor.assumeIsolated { sheet?.viewerClosed(controller) }
    }

    nonisolated func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        MainActor.assumeIsolated { sheet?.viewerClosed(presentationController.presentedViewController) }
    }
}
#endif
