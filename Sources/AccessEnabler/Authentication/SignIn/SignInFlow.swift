import Foundation

/// One sign-in from start to end, as an asynchronous sequence of the states it goes through.
///
/// A flow chooses the provider (the viewer's session when there is one, the TV Provider's single
/// sign-on, the app's MVPD or the picker), shows the MVPD's login page (or, on a TV, a code for
/// another device), polls for the profile and keeps it. Each `next()` does the work that leads
/// to the next state, so nothing happens until the sequence is iterated and the sign-in stops
/// when the iterating task is cancelled. The last state is ``State/signedIn(_:)``,
/// ``State/activated(_:)``, ``State/failed(_:)`` or ``State/cancelled``; then the sequence ends.
///
/// ``AccessEnabler/authenticate(forceAuthentication:data:providerFilter:presenter:)`` runs the
/// flow of ``AccessEnabler/signInFlow(forceAuthentication:data:providerFilter:presenter:)`` and
/// returns its authentication; iterate the flow yourself to show what the sign-in is doing:
///
/// ```swift
/// for await state in enabler.signInFlow(presenter: presenter) {
///     switch state {
///     case .pageShown(let page): self.status = "Signing in with \(page.mvpd.displayName)"
///     case .signedIn(let authentication): self.signedIn(authentication)
///     case .failed(let error): self.show(error)
///     default: break
///     }
/// }
/// ```
public struct SignInFlow: AsyncSequence, Sendable {
    /// What the sign-in is doing, or how it ended.
    public indirect enum State: Sendable, Equatable {
        /// The flow has started: the provider is being chosen.
        case choosingProvider
        /// The TV Provider (the ``AccessEnabler/Configuration/partnerFramework``) is asked to
        /// sign the viewer in.
        case partnerAttempt
        /// The TV Provider did not sign the viewer in, for this reason; the flow goes on with the
        /// MVPD picker or the MVPD the viewer chose in the TV Provider's picker.
        case partnerFellBack(PartnerSingleSignOnEvent.FallbackReason)
        /// The MVPD is chosen; nil for a TV code without a preselected MVPD (the viewer picks on
        /// the other device).
        case providerChosen(MVPD?)
        /// The presenter is asked to show this login page.
        case pageShown(MVPDPage)
        /// The TV shows this code until the viewer has signed in on another device.
        case codeShown(ActivationCode)
        /// The SDK polls the service provider for the profile.
        case polling
        /// The viewer is signed in and the authentication is stored (last state).
        case signedIn(Authentication)
        /// The companion's sign-in for a TV's code ended with this MVPD; the TV finds the profile
        /// by polling (last state).
        case activated(MVPD)
        /// The sign-in failed with this error (last state). The errors are those of the method
        /// that starts the flow.
        case failed(AccessEnablerError)
        /// The presenter cancelled (it threw `CancellationError`), the iterating task was
        /// cancelled, or a logout began meanwhile (last state). Nothing is stored. A picker that
        /// returns nil ends the flow with ``AccessEnablerError/providerNotSelected``.
        case cancelled
    }

    /// Each state in turn.
    public typealias Element = State

    let enabler: AccessEnabler
    let plan: Plan

    /// Starts the sign-in when first iterated.
    public func makeAsyncIterator() -> Iterator {
        Iterator(enabler: enabler, plan: plan)
    }

    /// Drives the sign-in: each `next()` does the work that leads to the next state.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        let enabler: AccessEnabler
        let plan: Plan
        var stage = Stage.start

        init(enabler: AccessEnabler, plan: Plan) {
            self.enabler = enabler
            self.plan = plan
        }

        /// The next state, or nil once the sign-in has ended.
        public mutating func next() async -> State? {
            do {
                return try await step()
            } catch is CancellationError {
                return .cancelled
            } catch let error as AccessEnablerError {
                return .failed(error)
            } catch {
                return .failed(AccessEnablerError.networkError.with(underlying: "\(type(of: error))"))
            }
        }

        /// The next state, or the error that ended the sign-in as the method that started the
        /// flow throws it.
        mutating func step() async throws -> State? {
            let current = stage
            stage = .finished
            if case .finished = current { return nil }
            let (state, next) = try await SignInFlow.advance(from: current, plan, on: enabler)
            stage = next
            return state
        }
    }

    /// Runs the flow to its end: the authentication it kept, or the error that ended it.
    func authentication() async throws -> Authentication {
        var iterator = makeAsyncIterator()
        while let state = try await iterator.step() {
            if case .signedIn(let authentication) = state { return authentication }
        }
        throw AccessEnablerError.providerNotSelected
    }

    /// Runs a companion's flow to its end: the MVPD the viewer signed in with for the TV.
    func activatedMVPD() async throws -> MVPD {
        var iterator = makeAsyncIterator()
        while let state = try await iterator.step() {
            if case .activated(let mvpd) = state { return mvpd }
        }
        throw AccessEnablerError.providerNotSelected
    }
}

extension SignInFlow {
    /// What a flow does: how the provider is chosen, then what follows the choice. A class of
    /// lets: every step of the flow is handed it unchanged.
    final class Plan: Sendable {
        /// What follows the provider choice.
        indirect enum Kind: Sendable {
            /// The MVPD's login page in `presenter`'s browser, then the profile.
            case browser(presenter: any AuthenticationPresenter)
            /// A code the TV shows, then the profile once the viewer has signed in elsewhere.
            case secondScreen
            /// The companion's side of a TV code: the login page for the TV's code.
            case activation(code: String, presenter: any AuthenticationPresenter)
        }

        let kind: Kind
        let choice: ProviderChoice
        /// Key/value pairs forwarded to the server (for example a Promotional TempPass identity).
        let data: [String: String]

        init(kind: Kind, choice: ProviderChoice, data: [String: String] = [:]) {
            self.kind = kind
            self.choice = choice
            self.data = data
        }

        /// Whether the flow goes on without an MVPD when nobody chose one (a TV code the viewer
        /// picks for on the other device).
        var allowsNoProvider: Bool {
            if case .secondScreen = kind { return true }
            return false
        }
    }

    /// Where a flow is; each stage holds what the next step needs.
    indirect enum Stage: Sendable {
        case start
        case choose
        case partner(PartnerSignIn, Start)
        case pick(preselected: MVPD?, Start)
        case chosen(MVPD?, RequestorConfiguration, Start)
        case page(MVPDPage, BrowserLogin)
        case browserPoll(BrowserLogin)
        case codeShown(SecondScreenAttempt)
        case codePoll(SecondScreenAttempt)
        case activationPage(MVPDPage, presenter: any AuthenticationPresenter)
        case finished
    }

    /// What a flow read before the provider choice. A class: the stages hand it on unchanged.
    final class Start: Sendable {
        let configuration: RequestorConfiguration
        /// The number of a second-screen attempt: a newer one stops this one's polling.
        let attemptID: UInt64?
        /// The TV's code session, for the companion.
        let activation: ActivationRequest?

        init(configuration: RequestorConfiguration, attemptID: UInt64? = nil, activation: ActivationRequest? = nil) {
            self.configuration = configuration
            self.attemptID = attemptID
            self.activation = activation
        }
    }

    /// The step from `stage` to the next: the state it led to and the stage after it.
    static func advance(from stage: Stage, _ plan: Plan, on enabler: isolated AccessEnabler) async throws
        -> (State, Stage)
    {
        switch stage {
        case .start:
            return (.choosingProvider, .choose)
        case .choose:
            let start = try await begin(plan, on: enabler)
            return try await reportingFailure(of: plan, on: enabler) {
                try await choose(start, plan, on: enabler)
            }
        default:
            return try await reportingFailure(of: plan, on: enabler) {
                try await proceed(from: stage, plan, on: enabler)
            }
        }
    }

    /// The stages after the first choice.
    private static func proceed(from stage: Stage, _ plan: Plan, on enabler: isolated AccessEnabler) async throws
        -> (State, Stage)
    {
        switch stage {
        case .partner(let attempt, let start):
            return try await afterPartner(attempt, start, plan, on: enabler)
        case .pick(let preselected, let start):
            return try await pick(preselected, start, plan, on: enabler)
        case .chosen(let mvpd, let current, let start):
            return try await afterChoice(mvpd, current, start, plan, on: enabler)
        case .page(let page, let login):
            return (.polling, .browserPoll(try await showLoginPage(page, login, on: enabler)))
        case .browserPoll(let login):
            return (.signedIn(try await finishBrowserLogin(login, on: enabler)), .finished)
        case .codeShown(let attempt):
            return (.polling, .codePoll(attempt))
        case .codePoll(let attempt):
            return (.signedIn(try await awaitSecondScreen(attempt, on: enabler)), .finished)
        case .activationPage(let page, let presenter):
            try await showActivationPage(page, presenter: presenter)
            return (.activated(page.mvpd), .finished)
        case .start, .choose, .finished:
            return (.choosingProvider, .finished)  // Unreachable: `advance` handles these.
        }
    }

    /// What follows the provider choice: the login page, the TV's code, or the companion's page.
    private static func afterChoice(
        _ mvpd: MVPD?, _ current: RequestorConfiguration, _ start: Start, _ plan: Plan,
        on enabler: isolated AccessEnabler
    ) async throws -> (State, Stage) {
        switch plan.kind {
        case .browser(let presenter):
            guard let mvpd else { throw AccessEnablerError.providerNotSelected }
            return try await startBrowserLogin(mvpd, current, data: plan.data, presenter: presenter, on: enabler)
        case .secondScreen:
            return try await startSecondScreen(mvpd, current, start, data: plan.data, on: enabler)
        case .activation(_, let presenter):
            guard let mvpd, let request = start.activation else { throw AccessEnablerError.providerNotSelected }
            return try await startActivation(request, mvpd, current, presenter: presenter, on: enabler)
        }
    }

    /// A failure of a browser sign-in after its configuration was read is reported as a check
    /// that found the viewer not signed in.
    private static func reportingFailure(
        of plan: Plan, on enabler: isolated AccessEnabler, _ body: () async throws -> (State, Stage)
    ) async throws -> (State, Stage) {
        do {
            return try await body()
        } catch let error as AccessEnablerError {
            if case .browser = plan.kind {
                enabler.hub.emit(.authenticationChecked(.init(isAuthenticated: false, fromCache: false)))
            }
            throw error
        }
    }

    /// Runs a presenter call; its errors become ``AccessEnablerError/presentationFailed`` (so
    /// callers catch one error type), except cancellation and the SDK's own errors.
    static func presenting<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T)
        async throws -> T
    {
        do {
            return try await body()
        } catch let error as AccessEnablerError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw AccessEnablerError.presentationFailed.with(underlying: "\(type(of: error))")
        }
    }
}
