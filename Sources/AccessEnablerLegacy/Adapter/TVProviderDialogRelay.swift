import AccessEnabler
import Foundation

/// Hands the TV Provider's view controllers to the delegate: `presentTvProviderDialog` when the
/// picker or the MVPD's login appears, `dismissTvProviderDialog` when it goes, as the legacy SDK
/// did.
@MainActor
struct TVProviderDialogRelay {
    let receivers: LegacyReceivers

    func present(_ viewController: TVProviderViewController) {
        receivers.delegate?.presentTvProviderDialog(viewController)
    }

    func dismiss(_ viewController: TVProviderViewController) {
        receivers.delegate?.dismissTvProviderDialog(viewController)
    }
}
