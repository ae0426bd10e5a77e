import AccessEnabler
import Foundation

/// How the adapter gives the core Apple's TV Provider when the configuration names no partner
/// framework: the framework, made over the adapter's relay of its view controllers
/// (``TVProviderDialogRelay``, which sends them to the delegate or to ``fallback``). Apple's
/// binding exists on iOS and tvOS only; the Linux tests give one over a stand-in.
struct TVProviderBinding {
    /// Shows the view controllers itself, for a delegate without the TV Provider callbacks.
    var fallback: (any TVProviderDialogPresenting)?
    /// The framework whose view controllers go to `present` and `dismiss`.
    var makeFramework:
        (
            _ present: @escaping @MainActor @Sendable (TVProviderViewController) -> Void,
            _ dismiss: @escaping @MainActor @Sendable (TVProviderViewController) -> Void
        ) -> any PartnerFramework

    /// The framework, its view controllers relayed to the delegate of `receivers`.
    func framework(relayingTo receivers: LegacyReceivers) -> any PartnerFramework {
        let relay = TVProviderDialogRelay(receivers: receivers, fallback: fallback)
        return makeFramework({ relay.present($0) }, { relay.dismiss($0) })
    }

    /// Apple's TV Provider presented over the foreground scene, where the platform has it (iOS
    /// and tvOS, not Mac Catalyst); nil elsewhere.
    @available(iOSApplicationExtension, unavailable)
    @available(tvOSApplicationExtension, unavailable)
    static var platform: TVProviderBinding? {
        #if canImport(VideoSubscriberAccount) && (os(iOS) || os(tvOS)) && !targetEnvironment(macCatalyst)
        TVProviderBinding(fallback: ForegroundTVProviderDialogPresenter()) { present, dismiss in
            TVProviderPartnerFramework(present: present, dismiss: dismiss)
        }
        #else
        nil
        #endif
    }
}
