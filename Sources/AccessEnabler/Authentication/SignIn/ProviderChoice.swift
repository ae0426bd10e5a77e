import Foundation

/// What the provider choice of a flow may do: the first step of ``AccessEnabler/authenticate(forceAuthentication:data:providerFilter:presenter:)``,
/// ``AccessEnabler/secondScreenSignIn(mvpdID:forceAuthentication:)`` and
/// ``AccessEnabler/activate(code:mvpdID:presenter:)``.
struct ProviderChoice: Sendable {
    /// Answer with the viewer's session when there is one. Off when the flow is forced, and for
    /// the companion, which chooses for another device.
    var answersSignedIn: Bool
    /// Try the partner framework (Apple's TV Provider) before anything else.
    var triesPartner = false
    /// The partner picker's MVPDs and their order.
    var partnerFilter: PartnerProviderFilter?
    /// The MVPD the app chose; checked against the configuration.
    var mvpdID: String?
    /// The MVPD picker; without one, a choice nobody made stays open (on a TV, the viewer picks
    /// on the other device).
    var picker: (any AuthenticationPresenter)?
}
