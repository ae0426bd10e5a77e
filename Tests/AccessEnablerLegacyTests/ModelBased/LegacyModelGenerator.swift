import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation

/// Draws the steps of a legacy model run at random, weighted by what is on screen: a picker
/// gets answered, a page finished or abandoned, a code activated or left to expire, held
/// requests released; any documented call can come at any time.
struct LegacyModelGenerator {
    var random: ModelRandom

    static let resources = ["news", "sports", "premium"]

    init(seed: UInt64) { random = ModelRandom(seed: seed) }

    /// The setup of a run: mostly REST API v2 (the default; the registration code needs it).
    mutating func setup() -> LegacyModelSetup {
        let backend: AsyncAccessEnabler.Backend = random.chance(75) ? .restV2 : .restV1
        return LegacyModelSetup(
            backend: backend, serviceProviders: random.chance(30) ? 2 : 1, safariCablevision: random.chance(35),
            secondScreen: backend == .restV2 && random.chance(35))
    }

    /// The next step for a world in `state`.
    mutating func step(after state: LegacyModelState) -> LegacyModelStep {
        var choices: [(weight: Int, choice: LegacyModelStep)] = []
        func add(_ weight: Int, _ step: LegacyModelStep) { choices.append((weight, step)) }
        let v2 = state.setup.backend == .restV2

        // Before the configuration: mostly the first setRequestor, a few calls queued behind it
        // (at most one that starts a flow, none that logs out: queued calls start together).
        if state.phase == .unconfigured {
            add(30, .setRequestor)
            add(4, .answered(.late, .setRequestor))
            let flowQueued = state.queued.contains {
                if case .getAuthentication = $0 { return true }
                if case .getAuthorization = $0 { return true }
                return false
            }
            add(3, .checkAuthentication)
            add(2, .checkAuthorization(resource()))
            add(2, .getMetadata(metadataKey()))
            add(1, .checkPreauthorizedResources(["news", "premium"], cache: true))
            if !flowQueued {
                add(3, .getAuthentication(force: false, data: false, filter: false))
                add(2, .getAuthorization(resource()))
            }
            add(2, .setOptions(handleSVC: random.chance(50)))
            return random.weighted(choices.filter { state.allows($0.choice) })
        }

        // What is on screen.
        switch state.flow?.stage {
        case .picker:
            for mvpd in LegacyModelSetup.mvpds {
                add(mvpd == "TempPass" ? 2 : 6, .setSelectedProvider(mvpd))
                if v2 { add(1, .answered(answer(), .setSelectedProvider(mvpd))) }
            }
            add(1, .setSelectedProvider("Bogus"))
            add(4, .setSelectedProvider(nil))
        case .page(_, let route, let completed, let lost):
            if completed {
                add(16, .handleExternalURL(.pageEnd))
                add(2, .answered(answer(late: false), .handleExternalURL(.pageEnd)))
            } else if !lost {
                add(14, .viewerCompletesPage)
            }
            add(3, .setSelectedProvider(nil))
            if route == .sdkSafari { add(3, .viewerTapsDone) }
            if route == .webView { add(1, .handleExternalURL(.redirectUnfinished)) }
            add(1, .handleExternalURL(.wrong))
        case .finishing:
            add(8, .timePasses(seconds: 3))
            add(1, .answered(answer(late: false), .timePasses(seconds: 3)))
        case .code(_, _, _, let activated, let lost):
            if !activated && !lost { add(8, .viewerActivatesCode) }
            add(8, .timePasses(seconds: 3))
            add(1, .answered(answer(late: false), .timePasses(seconds: 3)))
            add(1, .timePasses(seconds: 1801))
            add(3, .setSelectedProvider(nil))
        case .selecting, nil:
            break
        }
        if let page = state.logoutPage {
            if page.completed {
                add(10, .handleExternalURL(.pageEnd))
            } else {
                add(6, .viewerCompletesPage)
            }
            if page.route == .sdkSafari { add(2, .viewerTapsDone) }
            add(2, .timePasses(seconds: 31))
        }
        if !state.held.isEmpty || state.phase == .configuring { add(8, .serverReleasesHeldRequests) }
        if state.phase == .failed { add(20, .setRequestor) }

        // The app, at any time.
        add(3, .setRequestor)
        add(1, .setOptions(handleSVC: random.chance(50)))
        if v2 { add(1, .usesSecondScreen(random.chance(50))) }
        add(5, .checkAuthentication)
        add(5, .getAuthentication(force: random.chance(30), data: random.chance(20), filter: random.chance(20)))
        add(1, .setSelectedProvider(nil))
        add(1, .setSelectedProvider(random.chance(50) ? "Cablevision" : "AutoCable"))
        for call in [LegacyModelStep.checkAuthorization(resource()), .getAuthorization(resource())] {
            add(4, call)
            if state.signedIn != nil { add(2, .answered(answer(), call)) }
        }
        let cache = random.chance(50)
        let asked = Array(
            ["news", "premium", "sports", "kids"].shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random))
        )
        add(3, .checkPreauthorizedResources(asked, cache: cache))
        if state.signedIn != nil, !cache {
            add(1, .answered(answer(), .checkPreauthorizedResources(asked, cache: false)))
        }
        add(3, .getMetadata(metadataKey()))
        add(1, .getSelectedProvider)
        add(3, .logout)
        // Only a late answer: a failed server logout is retried after a back-off and then owed
        // (issue 31, 5.1), which this model does not follow; `OwedLogoutTests` covers it.
        if state.login != nil { add(1, .answered(.late, .logout)) }
        add(1, .handleExternalURL(.wrong))

        // The server, time, the other process.
        add(1, .serverForgetsSessions)
        add(2, .timePasses(seconds: [1, 3, 31, 601, 3601].randomElement(using: &random)!))
        if !LegacyModelWorld.relaunchesAroundOtherProcess || state.isQuiescent {
            add(2, .otherProcessSignsIn(random.chance(50) ? "Cablevision" : "AutoCable"))
            add(2, .otherProcessLogsOut)
        }
        return random.weighted(choices.filter { state.allows($0.choice) })
    }

    private mutating func resource() -> String { Self.resources.randomElement(using: &random)! }

    private mutating func metadataKey() -> LegacyModelMetadata {
        [.authenticationExpiry, .authorizationExpiry(resource()), .deviceID, .userMetadata("zip")]
            .randomElement(using: &random)!
    }

    private mutating func answer(late: Bool = true) -> LegacyModelAnswer {
        let answers: [LegacyModelAnswer] =
            late ? [.serverError, .throttled, .dropped, .late] : [.serverError, .throttled, .dropped]
        return answers.randomElement(using: &random)!
    }
}

extension LegacyModelState {
    /// Whether `step` can be played now (a shrunk sequence skips those that cannot).
    func allows(_ step: LegacyModelStep) -> Bool {
        switch step.action {
        case .viewerCompletesPage:
            if case .page(_, _, false, false) = flow?.stage { return true }
            return logoutPage.map { !$0.completed } ?? false
        case .viewerTapsDone:
            if case .page(_, .sdkSafari, _, _) = flow?.stage { return true }
            return logoutPage?.route == .sdkSafari
        case .viewerActivatesCode:
            if case .code(_, _, _, false, false) = flow?.stage { return true }
            return false
        case .handleExternalURL(.pageEnd):
            if case .page(_, _, true, _) = flow?.stage { return true }
            return logoutPage?.completed == true
        case .handleExternalURL(.redirectUnfinished):
            if case .page(_, .webView, _, _) = flow?.stage { return true }
            return false
        case .usesSecondScreen(true):
            return setup.backend == .restV2
        case .otherProcessSignsIn, .otherProcessLogsOut:
            return !LegacyModelWorld.relaunchesAroundOtherProcess || isQuiescent
        case .setSelectedProvider(.some):
            // Before the configuration it would race with every call queued with it.
            return isReady
        default:
            // Queued calls start together: a call that starts a flow or logs out is the last.
            guard !isReady, Self.waitsForConfiguration(step.action) else { return true }
            return !queued.contains {
                switch $0 {
                case .getAuthentication, .getAuthorization, .logout: true
                default: false
                }
            }
        }
    }

    /// What the world needs to play `step`.
    func context(for step: LegacyModelStep) -> LegacyModelWorld.StepContext {
        var context = LegacyModelWorld.StepContext()
        let v2 = setup.backend == .restV2
        switch step.action {
        case .checkAuthorization, .getAuthorization:
            context.routes = v2 ? [.authorizeDecisions] : [.authorize, .mediaToken]
        case .checkPreauthorizedResources:
            context.routes = v2 ? [.preauthorizeDecisions] : [.preauthorize]
        case .logout:
            context.routes = v2 ? [.logoutV2] : [.logout]
        case .setSelectedProvider:
            context.routes = v2 ? [.createSession] : []
        case .handleExternalURL, .timePasses:
            if case .code = flow?.stage {
                context.routes = [.profileForCode]
            } else {
                context.routes = v2 ? [.profile] : [.authenticationToken]
            }
        case .setRequestor:
            context.routes = v2 ? [.configurationV2] : [.configuration]
        default:
            break
        }
        switch flow?.stage {
        case .page(let mvpd, let route, _, _):
            context.mvpd = mvpd
            context.pageRedirect = route == .webView ? ADOBEPASS_REDIRECT_URL : appSchemeRedirect
        case .code(let mvpd, _, _, _, _):
            context.mvpd = mvpd
        default:
            break
        }
        // The page steps go to the logout page when no login page is on screen.
        if let page = logoutPage, context.pageRedirect == nil {
            switch step.action {
            case .viewerCompletesPage, .viewerTapsDone, .handleExternalURL:
                context.mvpd = page.mvpd
                context.pageRedirect = page.route == .webView ? ADOBEPASS_REDIRECT_URL : appSchemeRedirect
            default:
                break
            }
        }
        return context
    }

    /// Whether nothing waits for anything: every call answered, nothing on screen or held.
    var isQuiescent: Bool {
        phase == .configured && queued.isEmpty && flow == nil && logoutPage == nil && held.isEmpty
    }

    /// The step that brings the world closer to rest: requests released, what is on screen
    /// abandoned, the waits run out. Nil when it is at rest.
    var closingStep: LegacyModelStep? {
        if phase == .unconfigured || phase == .failed { return .setRequestor }
        if !held.isEmpty || phase == .configuring { return .serverReleasesHeldRequests }
        switch flow?.stage {
        case .picker, .page, .code: return .setSelectedProvider(nil)
        case .finishing: return .timePasses(seconds: 31)
        case .selecting: return .serverReleasesHeldRequests
        case nil: break
        }
        if logoutPage != nil { return .timePasses(seconds: 31) }
        return nil
    }
}
