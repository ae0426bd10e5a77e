import Foundation

/// The provider choice every sign-in flow starts with: the viewer's session when there is one,
/// else the partner's single sign-on, else the MVPD the partner's picker, the app or the MVPD
/// picker chose.
extension SignInFlow {
    /// What the flow reads before the choice: the configuration (waiting for a load in
    /// progress); a TV's attempt number, counted before the choice so that an older attempt
    /// stops polling as soon as a new one starts, not only once the viewer has picked an MVPD
    /// for it; the companion's code session.
    static func begin(_ plan: Plan, on enabler: isolated AccessEnabler) async throws -> Start {
        switch plan.kind {
        case .browser:
            return Start(configuration: try await enabler.currentConfiguration())
        case .secondScreen:
            let current = try await enabler.currentConfiguration()
            return Start(configuration: current, attemptID: enabler.secondScreen.startAttempt())
        case .activation(let code, _):
            let request = try await enabler.activationRequest(forCode: code)
            return Start(configuration: try await enabler.currentConfiguration(), activation: request)
        }
    }

    /// The viewer's session, the companion's preselected MVPD, the partner attempt, or the picker.
    static func choose(_ start: Start, _ plan: Plan, on enabler: isolated AccessEnabler) async throws -> (State, Stage)
    {
        if let preselected = start.activation?.mvpd {
            return (.providerChosen(preselected), .chosen(preselected, start.configuration, start))
        }
        if plan.choice.answersSignedIn,
            case .authenticated(let existing) = await enabler.authenticationStatus(before: enabler.storageDeadline())
        {
            enabler.emitCachedCheck(.authenticated(existing))
            return (.signedIn(existing), .finished)
        }
        if plan.choice.triesPartner,
            let attempt = PartnerSignIn(
                enabler: enabler, configuration: start.configuration, filter: plan.choice.partnerFilter)
        {
            return (.partnerAttempt, .partner(attempt, start))
        }
        return try await pick(nil, start, plan, on: enabler)
    }

    /// The partner attempt: signed in, or the basic flow (first the reason, when there is one).
    static func afterPartner(_ attempt: PartnerSignIn, _ start: Start, _ plan: Plan, on enabler: isolated AccessEnabler)
        async throws -> (State, Stage)
    {
        switch try await attempt.run(on: enabler) {
        case .signedIn(let authentication):
            return (.signedIn(authentication), .finished)
        case .basicFlow(let preselected, let fallback?):
            return (.partnerFellBack(fallback), .pick(preselected: preselected, start))
        case .basicFlow(let preselected, nil):
            return try await pick(preselected, start, plan, on: enabler)
        }
    }

    /// The MVPD the partner's picker, the app or the MVPD picker chose.
    ///
    /// The configuration is refreshed (when older than its lifetime) before the app's choice is
    /// checked or the picker is shown, so the viewer chooses from the current list; an MVPD
    /// chosen in the partner's picker came from the flow's configuration and needs no refresh.
    static func pick(_ preselected: MVPD?, _ start: Start, _ plan: Plan, on enabler: isolated AccessEnabler)
        async throws -> (State, Stage)
    {
        if let preselected {
            return (.providerChosen(preselected), .chosen(preselected, start.configuration, start))
        }
        let current = try await ConfigurationLoader.configurationForPicker(start.configuration, on: enabler)
        var mvpdID = plan.choice.mvpdID
        if mvpdID == nil, let picker = plan.choice.picker {
            let shown = current.mvpds
            guard let picked = try await presenting({ try await picker.selectProvider(from: shown) }) else {
                throw AccessEnablerError.providerNotSelected
            }
            mvpdID = picked.id
        }
        guard let mvpdID else {
            // With a picker, nobody choosing is a cancel; a TV code leaves the choice open.
            guard plan.allowsNoProvider else { throw AccessEnablerError.providerNotSelected }
            return (.providerChosen(nil), .chosen(nil, current, start))
        }
        guard let mvpd = current.mvpd(withID: mvpdID) else {
            throw AccessEnablerError.providerNotAvailable.with(details: "MVPD \(mvpdID) is not offered.")
        }
        return (.providerChosen(mvpd), .chosen(mvpd, current, start))
    }
}
