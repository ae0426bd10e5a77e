import Foundation

/// The TV side of the second-screen sign-in (REST API v2): create a code, show it, poll
/// `GET /profiles/code/{code}` until the viewer has signed in on another device.
extension AccessEnabler {
    /// Signs the viewer in from a device without a browser (Apple TV): the TV shows a code, the
    /// viewer finishes on a phone or computer (the app's companion site, or an app built on
    /// ``activate(code:mvpdID:presenter:)``), and the TV notices.
    ///
    /// Nothing happens until the sequence is iterated; see ``SecondScreenSignIn`` for the states
    /// and errors. Starting another sign-in on this instance stops the polling of this one.
    /// REST API v1 throws ``AccessEnablerError/secondScreenNotSupported``.
    ///
    /// - Parameters:
    ///   - mvpdID: The MVPD the viewer picked on the TV; nil lets them pick on the other device.
    ///   - forceAuthentication: Show a code even when already signed in.
    public nonisolated func secondScreenSignIn(mvpdID: String? = nil, forceAuthentication: Bool = false)
        -> SecondScreenSignIn
    {
        SecondScreenSignIn(
            flow: SignInFlow(
                enabler: self,
                plan: SignInFlow.Plan(
                    kind: .secondScreen, choice: ProviderChoice(answersSignedIn: !forceAuthentication, mvpdID: mvpdID)))
        )
    }

    /// The sign-in of ``secondScreenSignIn(mvpdID:forceAuthentication:)`` for the legacy
    /// adapter's tvOS flow, as a ``SignInFlow``: the partner framework (Apple's TV Provider)
    /// first, then `picker` on the TV, then the code for the MVPD chosen. `data` goes with the
    /// profile call of an MVPD that signs in at once (a Promotional TempPass identity).
    package nonisolated func secondScreenSignInFlow(
        forceAuthentication: Bool, data: [String: String], providerFilter: PartnerProviderFilter?,
        picker: any AuthenticationPresenter
    ) -> SignInFlow {
        SignInFlow(
            enabler: self,
            plan: SignInFlow.Plan(
                kind: .secondScreen,
                choice: ProviderChoice(
                    answersSignedIn: !forceAuthentication, triesPartner: true, partnerFilter: providerFilter,
                    picker: picker),
                data: data))
    }
}
