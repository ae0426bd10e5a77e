import AccessEnabler
import Foundation
import SampleSupport
import SampleUI
import UIKit

/// Apple's TV Provider single sign-on for the tvOS sample.
public enum TVProviderSignIn {
    /// The session, with the TV Provider as its partner framework where the platform has it
    /// (iOS and tvOS): `authenticate` tries it before any MVPD picker.
    @MainActor
    public static func session(server: SampleServer) -> SampleSession {
        SampleSession(server: server) { configuration in
            configuration.partnerFramework = TVProviderPartnerFramework(
                present: { controller in topViewController()?.present(controller, animated: true) },
                dismiss: { controller in controller.dismiss(animated: true) })
        }
    }

    /// The view controller Apple's TV Provider pages are shown over.
    @MainActor
    static func topViewController() -> UIViewController? {
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        var top = scenes.compactMap(\.keyWindow).first?.rootViewController
        while let presented = top?.presentedViewController { top = presented }
        return top
    }
}

/// What `authenticate` gets on the TV: no MVPD picker and no web view. When the TV Provider
/// cannot sign the viewer in, the SDK asks for a provider; this answers "none", the sign-in ends
/// with `providerNotSelected`, and the app shows the code screen instead.
struct SecondScreenFallback: AuthenticationPresenter {
    func selectProvider(from providers: [MVPD]) async throws -> MVPD? { nil }

    func presentLogin(url: URL, redirectURL: URL) async throws -> URL { throw CancellationError() }
}
