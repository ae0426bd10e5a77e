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
    /// Told, before the picker, why the partner attempt led to the basic flow: the value this
    /// attempt returned, so another flow's events are never mistaken for this one's.
    var partnerFallback: (@Sendable (PartnerSingleSignOnEvent.FallbackReason) async -> Void)?
    /// The MVPD the app chose; checked against the configuration.
    var mvpdID: String?
    /// The MVPD picker; without one, a choice nobody made stays open (on a TV, the viewer picks
    /// on the other device).
    var picker: (any AuthenticationPresenter)?
    /// Told the MVPD once the choice is made (nil when it stays open), before the flow goes on.
    var chosen: (@Sendable (MVPD?) async -> Void)?
}

/// How the provider choice ended.
enum ProviderChoiceOutcome: Sendable {
    /// The viewer is signed in: already, or through the partner.
    case signedIn(Authentication)
    /// The flow goes on with this MVPD (nil: nobody chose), offered by `configuration`.
    case provider(MVPD?, configuration: RequestorConfiguration)
}

extension AccessEnabler {
    /// The provider choice every sign-in flow starts with: the viewer's session when there is
    /// one, else the partner's single sign-on, else the MVPD the partner's picker, the app or the
    /// MVPD picker chose.
    ///
    /// The configuration is refreshed (when older than its lifetime) before the app's choice is
    /// checked or the picker is shown, so the viewer chooses from the current list; an MVPD
    /// chosen in the partner's picker came from `loaded` and needs no refresh.
    func chooseProvider(_ choice: ProviderChoice, configuration loaded: RequestorConfiguration) async throws
        -> ProviderChoiceOutcome
    {
        if choice.answersSignedIn,
            case .authenticated(let existing) = await authenticationStatus(before: storageDeadline())
        {
            emitCachedCheck(.authenticated(existing))
            return .signedIn(existing)
        }
        if choice.triesPartner {
            switch try await authenticateWithPartner(configuration: loaded, filter: choice.partnerFilter) {
            case .signedIn(let signedIn):
                return .signedIn(signedIn)
            case .basicFlow(let preselected, let fallback):
                if let fallback { await choice.partnerFallback?(fallback) }
                // The partner attempt took it from `loaded`.
                if let preselected {
                    await choice.chosen?(preselected)
                    return .provider(preselected, configuration: loaded)
                }
            }
        }
        let current = try await configurationForPicker(loaded)
        var mvpdID = choice.mvpdID
        if mvpdID == nil, let picker = choice.picker {
            let shown = current.mvpds
            guard let picked = try await presenting({ try await picker.selectProvider(from: shown) }) else {
                throw AccessEnablerError.providerNotSelected
            }
            mvpdID = picked.id
        }
        guard let mvpdID else {
            await choice.chosen?(nil)
            return .provider(nil, configuration: current)
        }
        guard let mvpd = current.mvpd(withID: mvpdID) else { throw Self.notOffered(mvpdID) }
        await choice.chosen?(mvpd)
        return .provider(mvpd, configuration: current)
    }

    private static func notOffered(_ mvpdID: String) -> AccessEnablerError {
        AccessEnablerError.providerNotAvailable.with(details: "MVPD \(mvpdID) is not offered.")
    }
}
