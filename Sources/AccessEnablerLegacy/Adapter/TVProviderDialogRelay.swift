import AccessEnabler
import Foundation

/// Shows and hides Apple's TV Provider view controllers (the picker, the MVPD's login) when the
/// account manager asks: through the delegate's `presentTvProviderDialog` /
/// `dismissTvProviderDialog`, as the legacy SDK did, or — when the delegate does not implement
/// them (an app written for SDK 2.x, which had no such callbacks) — itself, with ``fallback``.
/// Apple requires the view controller presented before `accountManager(_:present:)` returns, so
/// both calls are synchronous.
@MainActor
final class TVProviderDialogRelay {
    let receivers: LegacyReceivers
    /// Presents and dismisses over the foreground scene (UIKit), nil where there is none.
    let fallback: (any TVProviderDialogPresenting)?
    /// The view controllers the adapter presented itself: it dismisses them itself too.
    private var presentedByAdapter: [ObjectIdentifier] = []

    nonisolated init(receivers: LegacyReceivers, fallback: (any TVProviderDialogPresenting)?) {
        self.receivers = receivers
        self.fallback = fallback
    }

    func present(_ viewController: TVProviderViewController) {
        let delegateImplements =
            receivers.delegate.map { delegate in
                !DefaultCallbackProbe.reachesDefault { delegate.presentTvProviderDialog(viewController) }
            } ?? false
        guard OptionalCallback.presentTvProviderDialog.route(delegateResponds: delegateImplements) == .adapter else {
            return
        }
        presentedByAdapter.append(ObjectIdentifier(viewController))
        fallback?.present(viewController)
    }

    func dismiss(_ viewController: TVProviderViewController) {
        if let index = presentedByAdapter.firstIndex(of: ObjectIdentifier(viewController)) {
            presentedByAdapter.remove(at: index)
            fallback?.dismiss(viewController)
            return
        }
        let delegateImplements =
            receivers.delegate.map { delegate in
                !DefaultCallbackProbe.reachesDefault { delegate.dismissTvProviderDialog(viewController) }
            } ?? false
        if OptionalCallback.dismissTvProviderDialog.route(delegateResponds: delegateImplements) == .adapter {
            fallback?.dismiss(viewController)
        }
    }
}

/// The adapter's own presentation of Apple's TV Provider view controllers; the Linux tests put
/// a recorder in its place.
@MainActor
protocol TVProviderDialogPresenting: AnyObject, Sendable {
    /// Presents `viewController` over the top view controller of the foreground scene: before
    /// returning, unless the app's own presentation or dismissal is under way there (then as
    /// soon as it ends).
    func present(_ viewController: TVProviderViewController)
    /// Dismisses `viewController`, if it is presented.
    func dismiss(_ viewController: TVProviderViewController)
}
