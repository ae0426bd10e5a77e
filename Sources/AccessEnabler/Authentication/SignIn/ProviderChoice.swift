import Foundation

/// What the provider choice of a flow may do: the first step of ``AccessEnabler/authenticate(forceAuthentication:data:providerFilter:presenter:)``,
/// ``AccessEnabler/secondScreenSignIn(mvpdID:forceAuthentication:)`` and
/// ``AccessEnabler/activate(code:mvpdID:presenter:)``. A class of `let`s: the flow's steps hand it
/// on unchanged.
final class ProviderChoice: Sendable {
    /// Answer with the viewer's session when there is one. Off when the flow is forced, and for
    /// the companion, which chooses for another device.
    let answersSignedIn: Bool
    /// Try the partner framework (Apple's TV Provider) before anything else.
    let triesPartner: Bool
    /// The partner picker's MVPDs and their order.
    let partnerFilter: PartnerProviderFilter?
    /// The MVPD the app chose; checked against the configuration.
    let mvpdID: String?
    /// The MVPD picker; without one, a choice nobody made stays open (on a TV, the viewer picks
    /// on the other device).
    let picker: (any AuthenticationPresenter)?

    init(
        answersSignedIn: Bool, triesPartner: Bool = false, partnerFilter: PartnerProviderFilter? = nil,
        mvpdID: String? = nil, picker: (any AuthenticationPresenter)? = nil
    ) {
        (self.answersSignedIn, self.triesPartner, self.partnerFilter) = (answersSignedIn, triesPartner, partnerFilter)
        (self.mvpdID, self.picker) = (mvpdID, picker)
    }
}
