import AccessEnabler
import AccessEnablerTesting
import Foundation

/// Draws the steps of an async model run: calls of the async API at any time, the viewer
/// answering what is on screen, the server, time, cancellations and another process.
struct AsyncModelGenerator {
    var random: ModelRandom

    static let resources = ["news", "sports", "premium"]

    /// Whether a logout's server call may fail or be held. Off until issue 31, section 5, item 1
    /// lands: a failed server logout leaves the profile on the server, and the next
    /// `refreshAuthentication()` adopts it back (that item remembers the logout still owed);
    /// the model expects what that item promises, so it cannot draw the case before.
    static let failsLogouts = false

    init(seed: UInt64) { random = ModelRandom(seed: seed) }

    mutating func setup() -> AsyncModelSetup {
        AsyncModelSetup(backend: random.chance(75) ? .restV2 : .restV1)
    }

    mutating func step(after state: AsyncModelState) -> AsyncModelStep {
        guard state.configured else { return .setRequestor }
        var choices: [(weight: Int, choice: AsyncModelStep)] = []
        func add(_ weight: Int, _ step: AsyncModelStep) { choices.append((weight, step)) }
        let v2 = state.setup.backend == .restV2

        // The viewer.
        if let (_, entry) = state.onScreen {
            switch entry {
            case .authenticate(nil, _, _):
                for mvpd in AsyncModelSetup.mvpds {
                    add(mvpd == "TempPass" ? 2 : 6, .viewerPicks(mvpd))
                    if v2 { add(1, .answered(answer(late: false), .viewerPicks(mvpd))) }
                }
                add(3, .viewerPicks(nil))
            case .authenticate, .logoutPage:
                if state.pageCanFinish { add(14, .viewerCompletesPage) }
                add(3, .viewerAbandonsPage)
            default:
                break
            }
        }
        if let shown = state.shownCode, shown.code.activated == nil, !shown.code.lost {
            add(8, .viewerActivatesCode(shown.mvpd ?? (random.chance(50) ? "Cablevision" : "AutoCable")))
        }
        if state.pending.values.contains(where: { if case .secondScreen = $0 { true } else { false } }) {
            add(8, .timePasses(seconds: 3))
            add(1, .answered(answer(late: false), .timePasses(seconds: 3)))
            add(1, .timePasses(seconds: 1801))
        }
        if state.pending.values.contains(where: {
            if case .held = $0 { return true }
            if case .secondScreen(_, nil, _, _, _) = $0 { return true }
            return false
        }) {
            add(8, .serverReleasesHeldRequests)
        }
        for call in state.pending.keys.sorted() { add(1, .cancel(call: call)) }

        // The app.
        add(2, .setRequestor)
        add(5, .checkAuthentication)
        if !state.viewerBusy { add(5, .authenticate(force: random.chance(25))) }
        if v2 {
            let mvpd: String? =
                random.chance(40) ? nil : ["Cablevision", "AutoCable", "TempPass"].randomElement(using: &random)
            let call = AsyncModelStep.secondScreenSignIn(mvpd: mvpd, force: random.chance(25))
            add(3, call)
            add(1, .answered(answer(), call))
        }
        let resource = Self.resources.randomElement(using: &random)!
        add(5, .authorize(resource))
        if state.signedIn != nil { add(2, .answered(answer(), .authorize(resource))) }
        let asked = Array(
            ["news", "premium", "sports", "kids"].shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random))
        )
        let cache = random.chance(50)
        add(3, .preauthorize(asked, cache: cache))
        if state.signedIn != nil { add(1, .answered(answer(), .preauthorize(asked, cache: false))) }
        add(
            3,
            .getMetadata(
                [.authenticationExpiry, .newsAuthorizationExpiry, .deviceID, .zip].randomElement(using: &random)!))
        add(3, .refreshAuthentication)
        add(1, .answered(answer(), .refreshAuthentication))
        if !state.viewerBusy {
            let page = random.chance(50)
            add(3, .logout(page: page))
            if Self.failsLogouts, state.login != nil { add(1, .answered(answer(), .logout(page: page))) }
        }

        // The server, time, the other process (only while this app is at rest: it is relaunched).
        add(1, .serverForgetsSessions)
        add(2, .timePasses(seconds: [1, 3, 31, 601, 3601].randomElement(using: &random)!))
        if !AsyncModelWorld.relaunchesAroundOtherProcess || state.pending.isEmpty {
            add(2, .otherProcessSignsIn(random.chance(50) ? "Cablevision" : "AutoCable"))
            add(2, .otherProcessLogsOut)
        }
        return random.weighted(choices)
    }

    private mutating func answer(late: Bool = true) -> AsyncModelAnswer {
        let answers: [AsyncModelAnswer] =
            late ? [.serverError, .throttled, .dropped, .late] : [.serverError, .throttled, .dropped]
        return answers.randomElement(using: &random)!
    }
}

extension AsyncModelState {
    /// Whether `step` can be played now (a shrunk sequence skips those that cannot).
    func allows(_ step: AsyncModelStep) -> Bool {
        switch step.action {
        case .setRequestor: return true
        case _ where !configured: return false
        case .viewerPicks:
            if case .authenticate(nil, _, _)? = onScreen?.pending { return true }
            return false
        case .viewerCompletesPage, .viewerAbandonsPage:
            guard let entry = onScreen?.pending else { return false }
            if case .authenticate(nil, _, _) = entry { return false }
            return step.action == .viewerAbandonsPage || pageCanFinish
        case .viewerActivatesCode(let mvpd):
            guard let shown = shownCode, shown.code.activated == nil, !shown.code.lost else { return false }
            return shown.mvpd == nil || shown.mvpd == mvpd
        case .authenticate, .logout:
            return !viewerBusy
        case .secondScreenSignIn:
            return setup.backend == .restV2
        case .cancel(let call):
            return pending[call] != nil
        case .otherProcessSignsIn, .otherProcessLogsOut:
            return !AsyncModelWorld.relaunchesAroundOtherProcess || pending.isEmpty
        default:
            return true
        }
    }

    /// What the world needs to play `step`.
    func context(for step: AsyncModelStep) -> AsyncModelWorld.StepContext {
        var context = AsyncModelWorld.StepContext()
        let v2 = setup.backend == .restV2
        switch step.action {
        case .authorize: context.routes = v2 ? [.authorizeDecisions] : [.authorize, .mediaToken]
        case .preauthorize: context.routes = v2 ? [.preauthorizeDecisions] : [.preauthorize]
        case .logout: context.routes = v2 ? [.logoutV2] : [.logout]
        case .viewerPicks, .secondScreenSignIn: context.routes = v2 ? [.createSession] : []
        case .timePasses: context.routes = [.profileForCode]
        case .refreshAuthentication: context.routes = v2 ? [.profiles] : [.authenticationToken]
        default: break
        }
        switch onScreen?.pending {
        case .authenticate(let mvpd?, _, _)?: context.pageMVPD = mvpd
        case .logoutPage(let mvpd)?: context.pageMVPD = mvpd
        default: break
        }
        return context
    }

    /// The step that brings the world closer to rest; nil at rest.
    var closingStep: AsyncModelStep? {
        if !configured { return .setRequestor }
        if pending.values.contains(where: {
            if case .held = $0 { return true }
            if case .secondScreen(_, nil, _, _, _) = $0 { return true }
            return false
        }) {
            return .serverReleasesHeldRequests
        }
        if let (_, entry) = onScreen {
            if case .authenticate(nil, _, _) = entry { return .viewerPicks(nil) }
            return .viewerAbandonsPage
        }
        // A code ends when it expires; whatever else still runs is cancelled.
        if shownCode != nil { return .timePasses(seconds: 1801) }
        if let call = pending.keys.min() { return .cancel(call: call) }
        return nil
    }
}
