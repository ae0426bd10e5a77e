#if canImport(UIKit) && (os(iOS) || os(tvOS))
import UIKit

/// The UIKit glue of ``PresentingWindow``: the presentation chain of the chosen window, and the
/// end of a transition in it. It reads `UIApplication.shared`, which an app extension may not
/// use: unavailable there, as is everything that presents with it.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@MainActor
enum ForegroundViewController {
    /// The root view controller of the window to present from, then each controller presented
    /// over it; empty when no scene in the foreground has one.
    static func chain() -> [PresentingWindow.Link] {
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
        guard let index = PresentingWindow.choose(candidates) else { return [] }
        var links: [PresentingWindow.Link] = []
        var next = windows[index].rootViewController
        while let controller = next, !links.contains(where: { $0.controller === controller }) {
            links.append(
                PresentingWindow.Link(
                    controller: controller, isBeingPresented: controller.isBeingPresented,
                    isBeingDismissed: controller.isBeingDismissed))
            next = controller.presentedViewController
        }
        return links
    }

    /// Calls `then` once when the transition of `controller` ends: its transition coordinator's
    /// completion, else (UIKit reports no transition to wait on: it ended between the two reads,
    /// or the coordinator queued nothing) on the next turn of the main actor, where
    /// ``PresentingWindow`` reads the chain again. UIKit may run the completion even when it
    /// queued nothing: whichever comes first runs `then`.
    static func afterTransition(of controller: AnyObject, then: @escaping @MainActor @Sendable () -> Void) {
        let once = Once(then)
        if let coordinator = (controller as? UIViewController)?.transitionCoordinator,
            coordinator.animate(alongsideTransition: nil, completion: { _ in MainActor.assumeIsolated { once.run() } })
        {
            return
        }
        Task { @MainActor in once.run() }
    }

    /// A closure that runs at most once.
    @MainActor
    private final class Once {
        private var body: (@MainActor @Sendable () -> Void)?
        init(_ body: @escaping @MainActor @Sendable () -> Void) { self.body = body }

        func run() {
            let body = self.body
            self.body = nil
            body?()
        }
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
/// returns), unless that controller is being presented or dismissed: then as soon as its
/// transition ends, as UIKit would refuse it before.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@MainActor
final class ForegroundTVProviderDialogPresenter: TVProviderDialogPresenting {
    nonisolated init() {}

    /// The view controllers waiting for a transition of the app's to end before they show.
    private var waiting: Set<ObjectIdentifier> = []

    func present(_ viewController: TVProviderViewController) {
        guard viewController.presentingViewController == nil else { return }
        let id = ObjectIdentifier(viewController)
        waiting.insert(id)
        PresentingWindow.whenSettled(
            chain: { ForegroundViewController.chain() },
            afterTransition: { ForegroundViewController.afterTransition(of: $0, then: $1) }
        ) { [weak self] controller in
            // Not when dismissed while it waited, nor when something else presented it.
            guard self?.waiting.remove(id) != nil, let top = controller as? UIViewController,
                viewController.presentingViewController == nil
            else { return }
            top.present(viewController, animated: true)
        }
    }

    func dismiss(_ viewController: TVProviderViewController) {
        waiting.remove(ObjectIdentifier(viewController))
        guard viewController.presentingViewController != nil else { return }
        viewController.dismiss(animated: true)
    }
}
#endif
