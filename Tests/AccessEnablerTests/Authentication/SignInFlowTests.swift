import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// The states a ``SignInFlow`` goes through, on the emulator: the browser login, the partner
/// attempt and its fallback, the TV's code, the companion's page, cancellation and failure.
@Suite(.timeLimit(.minutes(5))) struct SignInFlowTests {
    /// Every state of `flow`, in order.
    static func states(of flow: SignInFlow) async -> [SignInFlow.State] {
        var states: [SignInFlow.State] = []
        for await state in flow { states.append(state) }
        return states
    }

    /// The states' names, with the MVPD of those that name one.
    static func names(_ states: [SignInFlow.State]) -> [String] {
        states.map { state in
            switch state {
            case .choosingProvider: "choosingProvider"
            case .partnerAttempt: "partnerAttempt"
            case .partnerFellBack: "partnerFellBack"
            case .providerChosen(let mvpd): "providerChosen(\(mvpd?.id ?? "nil"))"
            case .pageShown(let page): "pageShown(\(page.mvpd.id))"
            case .codeShown: "codeShown"
            case .polling: "polling"
            case .signedIn(let authentication): "signedIn(\(authentication.mvpd.id))"
            case .activated(let mvpd): "activated(\(mvpd.id))"
            case .failed(let error): "failed(\(error.code.rawValue))"
            case .cancelled: "cancelled"
            }
        }
    }

    @Test(arguments: allBackends)
    func aBrowserLoginShowsThePageThenPollsThenSignsIn(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.configure()
        let states = await Self.states(of: harness.enabler.signInFlow(presenter: harness.presenter("Cablevision")))
        #expect(
            Self.names(states) == [
                "choosingProvider", "providerChosen(Cablevision)", "pageShown(Cablevision)", "polling",
                "signedIn(Cablevision)",
            ])
        guard case .pageShown(let page) = states[2], case .signedIn(let authentication) = states.last else {
            Issue.record("no page or no authentication")
            return
        }
        #expect(page.redirectURL == AccessEnabler.defaultRedirectURL)
        #expect(page.url.host == harness.emulator.baseURL.host, "the emulator's login page")
        #expect(page.opensInSafari == false)
        #expect(await harness.enabler.checkAuthentication().authentication == authentication, "kept")
    }

    @Test func aViewerSignedInAlreadyIsAnsweredWithoutAChoice() async throws {
        let harness = Harness()
        let existing = try await harness.signIn()
        let states = await Self.states(of: harness.enabler.signInFlow(presenter: UnusablePresenter()))
        #expect(states == [.choosingProvider, .signedIn(existing)])
    }

    @Test func aCancelledPickerFailsWithProviderNotSelected() async throws {
        let harness = Harness()
        try await harness.configure()
        let states = await Self.states(of: harness.enabler.signInFlow(presenter: harness.presenter(nil)))
        #expect(states == [.choosingProvider, .failed(.providerNotSelected)])
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
    }

    @Test func aLoginEndingElsewhereFailsAfterThePage() async throws {
        let harness = Harness()
        try await harness.configure()
        let presenter = ScriptedPresenter(mvpdID: "Cablevision", landing: URL(string: "adobepass://ios.app.evil.com")!)
        let states = await Self.states(of: harness.enabler.signInFlow(presenter: presenter))
        #expect(
            Self.names(states) == [
                "choosingProvider", "providerChosen(Cablevision)", "pageShown(Cablevision)",
                "failed(\(AccessEnablerError.invalidRedirectURL.code.rawValue))",
            ])
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
    }

    @Test func cancellingTheIteratingTaskOnThePageEndsCancelled() async throws {
        let harness = Harness()
        try await harness.configure()
        let presenter = StuckPresenter(mvpdID: "Cablevision")
        let flow = harness.enabler.signInFlow(presenter: presenter)
        let run = Task { await Self.states(of: flow) }
        await eventually { presenter.reachedLogin.withLock { $0 } }
        run.cancel()
        let states = await run.value
        #expect(
            Self.names(states) == [
                "choosingProvider", "providerChosen(Cablevision)", "pageShown(Cablevision)", "cancelled",
            ])
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
    }

    @Test func aPartnerSignInNeedsNoChoiceAndNoPage() async throws {
        let (harness, _) = await PartnerSSOTests.harness {
            FakePartnerFramework(clock: $0, picker: .select(PartnerSSOTests.appleID))
        }
        try await harness.configure()
        let states = await Self.states(of: harness.enabler.signInFlow(presenter: UnusablePresenter()))
        #expect(Self.names(states) == ["choosingProvider", "partnerAttempt", "signedIn(Cablevision)"])
    }

    @Test func aPartnerFallbackSaysWhyBeforeThePicker() async throws {
        let (harness, _) = await PartnerSSOTests.harness {
            FakePartnerFramework(clock: $0, accessStatus: .denied, picker: .select(PartnerSSOTests.appleID))
        }
        try await harness.configure()
        let states = await Self.states(of: harness.enabler.signInFlow(presenter: harness.presenter("Cablevision")))
        #expect(
            Self.names(states) == [
                "choosingProvider", "partnerAttempt", "partnerFellBack", "providerChosen(Cablevision)",
                "pageShown(Cablevision)", "polling", "signedIn(Cablevision)",
            ])
        #expect(states[2] == .partnerFellBack(.permission(.denied)))
    }

    @Test func anMVPDTheServerNamesIsChosenWithoutTheMVPDPicker() async throws {
        let (harness, _) = await PartnerSSOTests.harness(
            partner: { FakePartnerFramework(clock: $0, picker: .select(PartnerSSOTests.appleID)) },
            boardingStatus: "PICKER")
        try await harness.configure()
        // A presenter that would pick AutoCable: it is not asked.
        let states = await Self.states(of: harness.enabler.signInFlow(presenter: harness.presenter("AutoCable")))
        #expect(
            Self.names(states) == [
                "choosingProvider", "partnerAttempt", "partnerFellBack", "providerChosen(Cablevision)",
                "pageShown(Cablevision)", "polling", "signedIn(Cablevision)",
            ])
        #expect(
            states[2] == .partnerFellBack(.serverFallback(reasonType: "configuration_fallback", mvpdID: "Cablevision")))
    }

    @Test func theTVShowsTheCodeThenPollsAndTheCompanionIsActivated() async throws {
        let pair = SecondScreenTests.Pair()
        try await pair.configure()
        let seen = LockedValue<[SignInFlow.State]>([])
        let tvFlow = pair.tv.enabler.secondScreenSignInFlow(
            forceAuthentication: false, data: [:], providerFilter: nil, picker: pair.tv.presenter("Cablevision"))
        let tv = Task {
            for await state in tvFlow { seen.withLock { $0.append(state) } }
        }
        await eventually { seen.withLock { $0.count } == 4 && pair.clock.pendingSleeps == 1 }
        guard case .codeShown(let code) = seen.withLock({ $0[2] }) else {
            Issue.record("no code shown: \(Self.names(seen.withLock { $0 }))")
            tv.cancel()
            return
        }
        let companion = await Self.states(
            of: pair.phone.enabler.activationFlow(code: code.code, presenter: pair.phone.presenter(nil)))
        #expect(
            Self.names(companion) == [
                "choosingProvider", "providerChosen(Cablevision)", "pageShown(Cablevision)", "activated(Cablevision)",
            ])
        pair.clock.advance(by: .seconds(3))
        await tv.value
        #expect(
            Self.names(seen.withLock { $0 }) == [
                "choosingProvider", "providerChosen(Cablevision)", "codeShown", "polling", "signedIn(Cablevision)",
            ])
    }
}
