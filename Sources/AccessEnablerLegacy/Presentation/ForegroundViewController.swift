#if canImport(UIKit) && (os(iOS) || os(tvOS))
import UIKit

/// The UIKit glue of ``PresentingWindow``: the view controller on top of the chosen window,
/// skipping one that is being dismissed. It reads `UIApplication.shared`, which an app extension
/// may not use: unavailable there, as is everything that presents with it.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@MainActor
enum ForegroundViewController {
    /// The view controller to present from, or nil when no scene in the foreground has one.
    static func top() -> UIViewController? {
        var windows: [UIWindow] = []
        var candidates: [PresentingWindow.Candidate] = []
        for case let scene as UIWindowScene in UIApplication.shared.connectedScenes {
            for window in scene.windows {
                windows.append(window)
                candidates.append(
                    PresentingWindow.Candidate(
                        sceneState: state(of: scene), isKeyWindow: window.isKeyWindow,
                        hasRootViewController: window.rootViewController != nil))
            }
        }
        guard let index = PresentingWindow.choose(candidates) else { return nil }
        var top = windows[index].rootViewController
        while let presented = top?.presentedViewController, !presented.isBeingDismissed { top = presented }
        return top
    }

    private static func state(of scene: UIScene) -> PresentingWindow.SceneState {
        switch scene.activationState {
        case .foregroundActive: .foregroundActive
        case .foregroundInactive: .foregroundInactive
        case .background: .background
        case .unattached: .unattached
        @unknown default: .unattached
        }
    }
}

/// Apple's TV Provider view controllers presented by the adapter itself, for a delegate without
/// `presentTvProviderDialog` / `dismissTvProviderDialog`: over the top view controller of the
/// foreground scene, at once (Apple requires it presented before `accountManager(_:present:)`
/// returns).
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@MainActor
final class ForegroundTVProviderDialogPresenter: TVProviderDialogPresenting {
    nonisolated init() {}

    func present(_ viewController: TVProviderViewController) {
        guard viewController.presentingViewController == nil, let top = ForegroundViewController.top() else { return }
        top.present(viewController, animated: true)
    }

    func dismiss(_ viewController: TVProviderViewController) {
        guard viewController.presentingViewController != nil else { return }
        viewController.dismiss(animated: true)
    }
}
#endif
