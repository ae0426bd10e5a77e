import AccessEnabler
import Foundation

/// The async model's state and rules: what each call of the async API returns or throws, from
/// the API's documentation (the doc comments of `AccessEnabler`'s methods and `SecondScreenSignIn`)
/// and Adobe's REST API v2 pages it follows.
struct AsyncModelState {
    struct Login: Equatable {
        var mvpd: String
        var expires: Date
    }

    /// A call still running, and what it waits for.
    enum Pending: Equatable {
        /// `authenticate`: the picker (`mvpd` nil) or the login page of `mvpd` is on screen; or
        /// (`held`) its session request is held.
        case authenticate(mvpd: String?, held: Bool, loggedOut: Bool)
        /// `secondScreenSignIn`: its session request is held (`code` nil), or its code is shown.
        case secondScreen(
            mvpd: String?, code: Code?, since: Date, replaced: Bool, loggedOut: Bool)
        /// A call whose main request the server holds.
        case held(Held, since: Date, disturbed: Bool, shares: String?)
        /// `logout(presenter:)` with its page on screen.
        case logoutPage(mvpd: String)

        enum Held: Equatable {
            case authorize(String, login: String)
            case preauthorize([String], login: String)
            /// `refreshAuthentication`; `superseded`: a logout or a sign-in changed the local session
            /// since it read it (its changes are conditional on that read: it makes none).
            case refresh(superseded: Bool)
            /// `logout`, with a page presenter or not.
            case logout(page: Bool)
        }
    }

    /// A registration code on screen.
    struct Code: Equatable {
        var expires: Date
        var nextPoll: Date
        /// The MVPD the companion signed in with.
        var activated: Login?
        var lost = false
    }

    let setup: AsyncModelSetup
    var now: Date
    var configured = false
    var login: Login? {
        didSet { if login != oldValue { loginStoredAt = now } }
    }
    /// When the stored authentication was last written (its issue time).
    var loginStoredAt: Date?
    var authorized: [String: Date] = [:] {
        didSet {
            if authorized.isEmpty {
                decisions = [:]
                userMetadataFetched = false
            }
        }
    }
    /// REST API v1: the user metadata of the current login was fetched (and cached with it).
    var userMetadataFetched = false
    var decisions: [String: Date] = [:]
    var serverSession: Login?
    var tempPassStarted: Date?
    /// The calls still running, by number.
    var pending: [Int: Pending] = [:]
    /// REST API v2: when the login page on screen can no longer be finished (its code expires
    /// or the server forgets it).
    var pageGone: Date?
    /// Held calls a logout began after (their answers never write back).
    var loggedOutSince: Set<Int> = []
    /// The MVPD whose profile a logout was to delete on the server when that failed: a server
    /// logout still owed, whose profile no refresh adopts (issue 31, section 5, item 1; drawn only
    /// once `AsyncModelGenerator.failsLogouts` is on).
    var owedLogout: String?
    var nextCall = 0

    static let entitled: Set<String> = ["news", "sports", "movies", "kids"]
    static let authnTTL: TimeInterval = 3600
    static let tempPassTTL: TimeInterval = 600
    static let authzTTL: TimeInterval = 1800
    static let codeLifetime: TimeInterval = 1800
    static let pollInterval: TimeInterval = 3
    static let requestTimeout: TimeInterval = 30
    static let decisionTTL: TimeInterval = 600

    init(setup: AsyncModelSetup, now: Date) {
        self.setup = setup
        self.now = now
    }

    var signedIn: Login? {
        guard let login, login.expires > now else { return nil }
        return login
    }

    /// The server's valid session for `mvpd`.
    func serverSession(for mvpd: String) -> Login? {
        guard let session = serverSession, session.mvpd == mvpd, session.expires > now else { return nil }
        return session
    }

    /// The server's session decisions for `login` rest on (v2: the login's MVPD; v1: the device's).
    func decisionSession(for login: Login) -> Login? {
        guard setup.backend == .restV1 else { return serverSession(for: login.mvpd) }
        guard let session = serverSession, session.expires > now else { return nil }
        return session
    }

    static func isTempPass(_ mvpd: String) -> Bool { mvpd == "TempPass" }

    static func authorizes(_ mvpd: String, _ resource: String) -> Bool {
        isTempPass(mvpd) || entitled.contains(resource)
    }

    /// Whether a call waits for the viewer (only one at a time: the app has one screen).
    var viewerBusy: Bool {
        pending.values.contains {
            switch $0 {
            case .authenticate, .logoutPage: true
            case .held(.logout, _, _, _): true
            default: false
            }
        }
    }

    /// The call whose picker or page is on screen.
    var onScreen: (call: Int, pending: Pending)? {
        pending.first {
            switch $0.value {
            case .authenticate(_, false, _), .logoutPage: true
            default: false
            }
        }.map { ($0.key, $0.value) }
    }

    /// The latest second-screen sign-in whose code is shown.
    var shownCode: (call: Int, mvpd: String?, code: Code)? {
        pending.compactMap { call, pending -> (Int, String?, Code)? in
            guard case .secondScreen(let mvpd, let code?, _, false, _) = pending else { return nil }
            return (call, mvpd, code)
        }.max { $0.0 < $1.0 }
    }

    /// The sleeps on the clock the world should have at rest: one poll per code shown.
    var expectedSleeps: Int {
        pending.values.count {
            if case .secondScreen(_, _?, _, _, _) = $0 { return true }
            return false
        }
    }

    var abstract: String {
        let kinds = pending.values.map { pending -> String in
            switch pending {
            case .authenticate(let mvpd, let held, _): held ? "selecting" : (mvpd == nil ? "picker" : "page")
            case .secondScreen(_, let code, _, _, _): code == nil ? "code-requested" : "code"
            case .held: "held"
            case .logoutPage: "logout-page"
            }
        }.sorted()
        let signed = signedIn == nil ? (login == nil ? "out" : "expired") : "in"
        return ([configured ? "configured" : "unconfigured", signed] + kinds).joined(separator: "+")
    }
}

extension AsyncModelState {
    // MARK: Steps

    /// Applies `step` (which started call `newCall`, if it starts one) and says what the calls
    /// produce during it.
    mutating func predict(_ step: AsyncModelStep, clockNow: Date) -> AsyncPrediction {
        var prediction = AsyncPrediction()
        if clockNow > now {
            now = clockNow
            let pollAnswer: AsyncModelAnswer? = if case .timePasses = step.action { step.answer } else { nil }
            passTime(pollAnswer: pollAnswer, into: &prediction)
        }
        now = clockNow
        let call = nextCall
        if step.startsCall { nextCall += 1 }
        let answer = step.answer
        switch step.action {
        case .setRequestor:
            configured = true
            prediction.expect(call, ends: .configured)
        case .checkAuthentication:
            prediction.expect(call, ends: .status(signedIn?.mvpd))
        case .authenticate(let force):
            if !force, let login = signedIn {
                prediction.expect(call, ends: .authenticated(login.mvpd))
            } else {
                pending[call] = .authenticate(mvpd: nil, held: false, loggedOut: false)
            }
        case .secondScreenSignIn(let mvpd, let force):
            secondScreenSignIn(call, mvpd: mvpd, force: force, answer: answer, into: &prediction)
        case .authorize(let resource):
            guard let login = signedIn else {
                prediction.expect(call, ends: .failure(.notSignedIn))
                break
            }
            if let shared = pending.values.compactMap({ pending -> Date? in
                if case .held(_, let since, _, resource?) = pending { return since }
                return nil
            }).first {
                pending[call] = .held(
                    .authorize(resource, login: login.mvpd), since: shared, disturbed: false, shares: resource)
            } else if answer == .late {
                let shares = setup.backend == .restV1 && !(authorized[resource].map { $0 > now } ?? false)
                pending[call] = .held(
                    .authorize(resource, login: login.mvpd), since: now, disturbed: false,
                    shares: shares ? resource : nil)
            } else {
                prediction.expect(call, ends: authorization(resource, for: login, answer: answer))
            }
        case .preauthorize(let resources, let cache):
            preauthorize(call, resources, cache: cache, answer: answer, into: &prediction)
        case .getMetadata(let key):
            getMetadata(call, key, into: &prediction)
        case .refreshAuthentication:
            if answer == .late {
                pending[call] = .held(.refresh(superseded: false), since: now, disturbed: false, shares: nil)
            } else if answer != nil {
                prediction.expect(call, ends: .failure(.failed))
            } else {
                prediction.expect(call, ends: refresh())
            }
        case .logout(let page):
            logout(call, page: page, answer: answer, into: &prediction)
        case .cancel(let target):
            cancel(target, into: &prediction)
        case .viewerPicks(let id):
            viewerPicks(id, answer: answer, into: &prediction)
        case .viewerCompletesPage:
            viewerCompletesPage(into: &prediction)
        case .viewerAbandonsPage:
            viewerAbandonsPage(into: &prediction)
        case .viewerActivatesCode(let mvpd):
            if let shown = shownCode {
                var code = shown.code
                let session = Login(mvpd: mvpd, expires: now.addingTimeInterval(Self.authnTTL))
                code.activated = session
                serverSession = session
                if case .secondScreen(let preselected, _, let since, let replaced, let loggedOut) = pending[shown.call]
                {
                    pending[shown.call] = .secondScreen(
                        mvpd: preselected, code: code, since: since, replaced: replaced, loggedOut: loggedOut)
                }
            }
        case .serverForgetsSessions:
            serverSession = nil
            if setup.backend == .restV2, pageGone != nil { pageGone = now }
            for (call, entry) in pending {
                switch entry {
                case .held(let held, let since, _, let shares):
                    pending[call] = .held(held, since: since, disturbed: true, shares: shares)
                case .secondScreen(let mvpd, var code?, let since, let replaced, let loggedOut):
                    code.lost = true
                    pending[call] = .secondScreen(
                        mvpd: mvpd, code: code, since: since, replaced: replaced, loggedOut: loggedOut)
                default:
                    break
                }
            }
        case .serverReleasesHeldRequests:
            let released = pending.filter {
                if case .held = $0.value { return true }
                if case .authenticate(_, true, _) = $0.value { return true }
                if case .secondScreen(_, nil, _, _, _) = $0.value { return true }
                return false
            }
            for call in released.keys.sorted() { answerHeld(call, timedOut: false, into: &prediction) }
        case .timePasses:
            break
        case .otherProcessSignsIn(let mvpd):
            let reused = setup.backend == .restV2 ? serverSession(for: mvpd) : nil
            let session = reused ?? Login(mvpd: mvpd, expires: now.addingTimeInterval(Self.authnTTL))
            serverSession = session
            // A new session: what the store held for the old one is dropped. The same profile
            // again at the same instant (REST API v2) is the same stored authentication (its
            // issue time included): this instance keeps what it holds for it.
            if login != session || loginStoredAt != now {
                authorized = [:]
                // A refresh running meanwhile read the session before this login: it makes no
                // change (its conditional write finds another session).
                supersedeRefreshes()
            }
            login = session
            loginStoredAt = now
            relaunch(into: &prediction)
        case .otherProcessLogsOut:
            if let login, serverSession(for: login.mvpd) != nil || setup.backend == .restV1 {
                serverSession = nil
            }
            if login != nil { supersedeRefreshes() }
            login = nil
            authorized = [:]
            relaunch(into: &prediction)
        case .answered:
            break
        }
        return prediction
    }

    /// The app launched again after the other process acted: a new instance (no decisions in
    /// memory) and its `setRequestor`.
    private mutating func relaunch(into prediction: inout AsyncPrediction) {
        guard AsyncModelWorld.relaunchesAroundOtherProcess else { return }
        decisions = [:]
        prediction.expect(nextCall, ends: .configured)
        nextCall += 1
    }

    // MARK: Authorization

    /// `authorize(resource:)` for `login`: a media token, a denial (the MVPD's), or a session
    /// the server no longer holds (removed locally: "When the server no longer knows the session
    /// (412), the local authentication is removed").
    private mutating func authorization(_ resource: String, for login: Login, answer: AsyncModelAnswer?)
        -> AsyncModelOutcome
    {
        if let answer, answer != .late { return .failure(.failed) }
        restartTempPassForDecisions(login.mvpd)
        guard let session = decisionSession(for: login) else {
            if self.login == login { self.login = nil }
            authorized = [:]
            return .failure(.notSignedIn)
        }
        guard Self.authorizes(session.mvpd, resource) else { return .failure(.denied) }
        authorized[resource] = now.addingTimeInterval(Self.authzTTL)
        return .token(resource)
    }

    /// REST API v2: a TempPass decision starts (or continues) the TempPass while its window lasts.
    private mutating func restartTempPassForDecisions(_ mvpd: String) {
        guard setup.backend == .restV2, Self.isTempPass(mvpd), let started = tempPassStarted,
            now < started.addingTimeInterval(Self.tempPassTTL), serverSession(for: mvpd) == nil
        else { return }
        serverSession = Login(mvpd: mvpd, expires: started.addingTimeInterval(Self.tempPassTTL))
    }

    private mutating func preauthorize(
        _ call: Int, _ resources: [String], cache: Bool, answer: AsyncModelAnswer?,
        into prediction: inout AsyncPrediction
    ) {
        guard let login = signedIn else {
            prediction.expect(call, ends: .failure(.notSignedIn))
            return
        }
        var seen = Set<String>()
        let authorizedResources = resources.filter { Self.authorizes(login.mvpd, $0) && seen.insert($0).inserted }
        if cache, resources.allSatisfy({ decisions[$0].map { $0 > now } ?? false }) {
            prediction.expect(call, ends: .decisions(authorizedResources))
            return
        }
        if answer == .late {
            pending[call] = .held(
                .preauthorize(resources, login: login.mvpd), since: now, disturbed: false, shares: nil)
            return
        }
        if answer != nil {
            prediction.expect(call, ends: .failure(.failed))
            return
        }
        restartTempPassForDecisions(login.mvpd)
        guard let session = decisionSession(for: login) else {
            self.login = nil
            authorized = [:]
            prediction.expect(call, ends: .failure(.notSignedIn))
            return
        }
        for resource in resources { decisions[resource] = now.addingTimeInterval(Self.decisionTTL) }
        var kept = Set<String>()
        prediction.expect(
            call,
            ends: .decisions(resources.filter { Self.authorizes(session.mvpd, $0) && kept.insert($0).inserted }))
    }

    private mutating func getMetadata(_ call: Int, _ key: AsyncModelMetadata, into prediction: inout AsyncPrediction) {
        let notSignedIn: [AsyncModelOutcome] = [.failure(.notSignedIn), .failure(.notFound)]
        switch key {
        case .authenticationExpiry:
            if signedIn != nil {
                prediction.expect(call, ends: .metadata(present: true))
            } else {
                prediction.expect(call, endsWithOneOf: notSignedIn)
            }
        case .newsAuthorizationExpiry:
            prediction.expect(call, endsWithOneOf: [.metadata(present: true)] + notSignedIn)
        case .deviceID:
            prediction.expect(call, ends: .metadata(present: true))
        case .zip:
            if let login = signedIn {
                if setup.backend == .restV1, !userMetadataFetched {
                    // Fetched once per authentication: a session the server no longer holds is
                    // removed, as any "session gone" answer removes it.
                    guard let session = decisionSession(for: login) else {
                        self.login = nil
                        authorized = [:]
                        prediction.expect(call, ends: .failure(.notSignedIn))
                        return
                    }
                    userMetadataFetched = true
                    prediction.expect(call, ends: .metadata(present: session.mvpd == "Cablevision"))
                    return
                }
                // Alice (Cablevision) shares a ZIP code; AutoCable's bob and TempPass share none.
                prediction.expect(call, ends: .metadata(present: login.mvpd == "Cablevision"))
            } else {
                prediction.expect(call, endsWithOneOf: notSignedIn)
            }
        }
    }

    // MARK: Refresh

    /// `refreshAuthentication()`: the local session as the server holds it; one the server no
    /// longer holds is removed; without one (or in its place), a profile the server holds is
    /// adopted.
    private mutating func refresh() -> AsyncModelOutcome {
        // The stored session, expired or not, as the server describes it now (a new expiry).
        if let login, let session = serverSession(for: login.mvpd) {
            self.login = session
            return .status(session.mvpd)
        }
        if let session = serverSession, session.expires > now, session.mvpd != owedLogout {
            if login != session { authorized = [:] }
            login = session
            return .status(session.mvpd)
        }
        if login != nil {
            login = nil
            authorized = [:]
        }
        return .status(nil)
    }

    // MARK: Sign-ins

    private mutating func secondScreenSignIn(
        _ call: Int, mvpd: String?, force: Bool, answer: AsyncModelAnswer?, into prediction: inout AsyncPrediction
    ) {
        // A newer attempt makes every older one stop polling (`authenticationCodeReplaced`), even
        // one that finds the viewer signed in: it counts from its start.
        for (other, entry) in pending {
            if case .secondScreen(let otherMVPD, let code, let since, false, let loggedOut) = entry {
                pending[other] = .secondScreen(
                    mvpd: otherMVPD, code: code, since: since, replaced: true, loggedOut: loggedOut)
            }
        }
        if !force, let login = signedIn {
            prediction.expect(call, ends: .authenticated(login.mvpd))
            return
        }
        if let answer {
            if answer == .late {
                pending[call] = .secondScreen(mvpd: mvpd, code: nil, since: now, replaced: false, loggedOut: false)
            } else {
                prediction.expect(call, ends: .failure(.failed))
            }
            return
        }
        requestCode(call, mvpd: mvpd, loggedOut: false, into: &prediction)
    }

    /// The session request of a second-screen sign-in is answered: signed in already, or a code.
    private mutating func requestCode(
        _ call: Int, mvpd: String?, loggedOut: Bool, into prediction: inout AsyncPrediction
    ) {
        if let mvpd, let session = signInAtOnce(mvpd) {
            complete(call, with: session, loggedOut: loggedOut, into: &prediction)
            return
        }
        if let mvpd, Self.isTempPass(mvpd) {
            // The TempPass window is used up.
            prediction.expect(call, endsWithOneOf: [.failure(.failed), .failure(.notSignedIn)])
            return
        }
        let code = Code(
            expires: now.addingTimeInterval(Self.codeLifetime), nextPoll: now.addingTimeInterval(Self.pollInterval))
        pending[call] = .secondScreen(mvpd: mvpd, code: code, since: now, replaced: false, loggedOut: loggedOut)
        prediction.expect(call, [.codeShown])
    }

    /// An MVPD that signs in without a page: TempPass (while its window lasts), or one the
    /// server holds a session for (REST API v2).
    private mutating func signInAtOnce(_ mvpd: String) -> Login? {
        if Self.isTempPass(mvpd) {
            if let started = tempPassStarted, now >= started.addingTimeInterval(Self.tempPassTTL) { return nil }
            let started = tempPassStarted ?? now
            tempPassStarted = started
            let session = Login(mvpd: mvpd, expires: started.addingTimeInterval(Self.tempPassTTL))
            serverSession = session
            return session
        }
        if setup.backend == .restV2, let session = serverSession(for: mvpd) { return session }
        return nil
    }

    /// A sign-in's authentication came back: stored, unless a logout began since (nothing is
    /// written back; `CancellationError`).
    private mutating func complete(
        _ call: Int, with session: Login, loggedOut: Bool, into prediction: inout AsyncPrediction
    ) {
        pending[call] = nil
        if loggedOut {
            prediction.expect(call, ends: .failure(.cancelled))
            return
        }
        if login != session {
            authorized = [:]
            supersedeRefreshes()
        }
        login = session
        if owedLogout == session.mvpd { owedLogout = nil }
        prediction.expect(call, ends: .authenticated(session.mvpd))
    }

    /// A sign-in changed the local session: a refresh still running makes no change.
    private mutating func supersedeRefreshes() {
        for (call, entry) in pending {
            if case .held(.refresh, let since, let disturbed, let shares) = entry {
                pending[call] = .held(.refresh(superseded: true), since: since, disturbed: disturbed, shares: shares)
            }
        }
    }

    private mutating func viewerPicks(_ id: String?, answer: AsyncModelAnswer?, into prediction: inout AsyncPrediction)
    {
        guard let (call, entry) = onScreen, case .authenticate(nil, _, let loggedOut) = entry else { return }
        guard let id else {
            pending[call] = nil
            prediction.expect(call, ends: .failure(.providerNotSelected))
            return
        }
        if setup.backend == .restV2, let answer {
            if answer == .late {
                pending[call] = .authenticate(mvpd: id, held: true, loggedOut: loggedOut)
            } else {
                pending[call] = nil
                prediction.expect(call, ends: .failure(.failed))
            }
            return
        }
        proceed(call, with: id, loggedOut: loggedOut, into: &prediction)
    }

    /// `authenticate` goes on with `mvpd` once its session request is answered.
    private mutating func proceed(
        _ call: Int, with mvpd: String, loggedOut: Bool, into prediction: inout AsyncPrediction
    ) {
        if let session = signInAtOnce(mvpd) {
            complete(call, with: session, loggedOut: loggedOut, into: &prediction)
        } else if Self.isTempPass(mvpd) {
            pending[call] = nil
            prediction.expect(call, endsWithOneOf: [.failure(.failed), .failure(.notSignedIn)])
        } else {
            pending[call] = .authenticate(mvpd: mvpd, held: false, loggedOut: loggedOut)
            pageGone = setup.backend == .restV2 ? now.addingTimeInterval(Self.codeLifetime) : nil
        }
    }

    /// Whether the viewer can finish the login page on screen.
    var pageCanFinish: Bool {
        guard case .authenticate(_?, false, _)? = onScreen?.pending else { return true }
        return pageGone.map { now < $0 } ?? true
    }

    private mutating func viewerCompletesPage(into prediction: inout AsyncPrediction) {
        guard let (call, entry) = onScreen else { return }
        switch entry {
        case .authenticate(let mvpd?, false, let loggedOut):
            let session = Login(mvpd: mvpd, expires: now.addingTimeInterval(Self.authnTTL))
            serverSession = session
            complete(call, with: session, loggedOut: loggedOut, into: &prediction)
        case .logoutPage:
            pending[call] = nil
            completeLogout(call, into: &prediction)
        default:
            break
        }
    }

    private mutating func viewerAbandonsPage(into prediction: inout AsyncPrediction) {
        guard let (call, entry) = onScreen else { return }
        switch entry {
        case .authenticate(_?, false, _):
            // The presenter's `CancellationError` abandons the attempt.
            pending[call] = nil
            prediction.expect(call, endsWithOneOf: [.failure(.cancelled), .failure(.providerNotSelected)])
        case .logoutPage:
            // A cancelled browser logout is logged; the local logout happens.
            pending[call] = nil
            completeLogout(call, into: &prediction)
        default:
            break
        }
    }

    // MARK: Logout

    /// `logout(presenter:)`: the server logout, the page (with a presenter), then the viewer's
    /// tokens cleared; every sign-in in progress is discarded.
    private mutating func logout(
        _ call: Int, page: Bool, answer: AsyncModelAnswer?, into prediction: inout AsyncPrediction
    ) {
        discardSignInsInProgress()
        for call in pending.keys {
            guard case .held(let held, let since, let disturbed, _) = pending[call] else { continue }
            loggedOutSince.insert(call)
            // The logout forgets the requests in flight: a later call does not share one.
            pending[call] = .held(held, since: since, disturbed: disturbed, shares: nil)
        }
        for (other, entry) in pending {
            switch entry {
            case .authenticate, .secondScreen:
                break
            case .held(.refresh, let since, _, let shares):
                pending[other] = .held(.refresh(superseded: true), since: since, disturbed: true, shares: shares)
            case .held(let held, let since, _, let shares):
                pending[other] = .held(held, since: since, disturbed: true, shares: shares)
            case .logoutPage:
                break
            }
        }
        guard let login else {
            discardSignInsInProgress()
            prediction.expect(call, ends: .loggedOut)
            return
        }
        if answer == .late {
            pending[call] = .held(.logout(page: page), since: now, disturbed: false, shares: nil)
            return
        }
        logoutAnswered(call, mvpd: login.mvpd, page: page, serverAnswered: answer == nil, into: &prediction)
    }

    private mutating func logoutAnswered(
        _ call: Int, mvpd: String, page: Bool, serverAnswered: Bool, into prediction: inout AsyncPrediction
    ) {
        let hadSession = serverSession(for: mvpd) != nil
        if serverAnswered, hadSession || setup.backend == .restV1 { serverSession = nil }
        if !serverAnswered, hadSession { owedLogout = mvpd }
        let showsPage = page && serverAnswered && (setup.backend == .restV1 || (hadSession && !Self.isTempPass(mvpd)))
        if showsPage {
            pending[call] = .logoutPage(mvpd: mvpd)
        } else {
            completeLogout(call, into: &prediction)
        }
    }

    /// A logout begins or ends: a sign-in that has read the logout epoch (past its picker, its
    /// session requested) is discarded when it completes ("work that started while the server logout
    /// ran must not write back either"); one still in its picker reads the new epoch later.
    private mutating func discardSignInsInProgress() {
        for (call, entry) in pending {
            switch entry {
            case .authenticate(let mvpd?, let held, _):
                pending[call] = .authenticate(mvpd: mvpd, held: held, loggedOut: true)
            case .secondScreen(let mvpd, let code, let since, let replaced, _):
                // The epoch is read before the session request, held or answered.
                pending[call] = .secondScreen(mvpd: mvpd, code: code, since: since, replaced: replaced, loggedOut: true)
            default:
                break
            }
        }
    }

    private mutating func completeLogout(_ call: Int, into prediction: inout AsyncPrediction) {
        discardSignInsInProgress()
        login = nil
        authorized = [:]
        prediction.expect(call, ends: .loggedOut)
    }

    // MARK: Cancellation

    /// Cancels call `target`'s task: it ends with `CancellationError` (a held request's may end
    /// as a failed request; a logout still clears the tokens).
    private mutating func cancel(_ target: Int, into prediction: inout AsyncPrediction) {
        guard let entry = pending.removeValue(forKey: target) else { return }
        switch entry {
        case .logoutPage:
            completeLogout(target, into: &prediction)
        case .held(.logout, _, _, _):
            prediction.expect(
                target,
                oneOf: [
                    .init(events: [.finished(.loggedOut)]) { $0.login = nil },
                    .init(events: [.finished(.failure(.cancelled))], effect: nil),
                ])
        case .held:
            prediction.expect(target, endsWithOneOf: [.failure(.cancelled), .failure(.failed)])
        case .authenticate:
            prediction.expect(target, endsWithOneOf: [.failure(.cancelled), .failure(.providerNotSelected)])
        case .secondScreen:
            prediction.expect(target, ends: .failure(.cancelled))
        }
    }

    // MARK: Held requests

    private mutating func answerHeld(_ call: Int, timedOut: Bool, into prediction: inout AsyncPrediction) {
        guard let entry = pending.removeValue(forKey: call) else { return }
        switch entry {
        case .authenticate(let mvpd?, true, let loggedOut):
            if timedOut {
                prediction.expect(call, ends: .failure(.failed))
            } else {
                proceed(call, with: mvpd, loggedOut: loggedOut, into: &prediction)
            }
        case .secondScreen(let mvpd, nil, _, let replaced, let loggedOut):
            if timedOut {
                prediction.expect(call, ends: .failure(.failed))
            } else if replaced, !(mvpd.map { Self.isTempPass($0) || serverSession(for: $0) != nil } ?? false) {
                // A code for a replaced attempt is refused; a sign-in at once is not a code.
                prediction.expect(call, ends: .failure(.codeReplaced))
            } else {
                requestCode(call, mvpd: mvpd, loggedOut: loggedOut, into: &prediction)
            }
        case .held(let held, _, let disturbed, _):
            if !timedOut {
                switch held {
                case .authorize(_, let mvpd), .preauthorize(_, let mvpd): restartTempPassForDecisions(mvpd)
                default: break
                }
            }
            switch held {
            case .authorize(let resource, let mvpd):
                if timedOut {
                    prediction.expect(call, ends: .failure(.failed))
                } else if disturbed {
                    prediction.expect(
                        call,
                        oneOf: [.token(resource), .failure(.denied), .failure(.failed)].map {
                            .init(events: [.finished($0)], effect: nil)
                        } + [
                            .init(events: [.finished(.failure(.notSignedIn))]) { model in
                                model.removeRejected(mvpd, call: call)
                            }
                        ])
                } else {
                    let login = self.login?.mvpd == mvpd ? self.login! : Login(mvpd: mvpd, expires: now)
                    prediction.expect(call, ends: authorization(resource, for: login, answer: nil))
                }
            case .preauthorize(let resources, let mvpd):
                var seen = Set<String>()
                let subset = resources.filter { Self.authorizes(mvpd, $0) && seen.insert($0).inserted }
                if timedOut {
                    prediction.expect(call, ends: .failure(.failed))
                } else if disturbed {
                    prediction.expect(
                        call,
                        oneOf: [.decisions(subset), .failure(.failed)].map {
                            .init(events: [.finished($0)], effect: nil)
                        } + [
                            .init(events: [.finished(.failure(.notSignedIn))]) { model in
                                model.removeRejected(mvpd, call: call)
                            }
                        ])
                } else if let session = decisionSession(for: Login(mvpd: mvpd, expires: now)) {
                    for resource in resources { decisions[resource] = now.addingTimeInterval(Self.decisionTTL) }
                    var kept = Set<String>()
                    prediction.expect(
                        call,
                        ends: .decisions(
                            resources.filter { Self.authorizes(session.mvpd, $0) && kept.insert($0).inserted }))
                } else {
                    if login?.mvpd == mvpd {
                        login = nil
                        authorized = [:]
                    }
                    prediction.expect(call, ends: .failure(.notSignedIn))
                }
            case .refresh(let superseded):
                if timedOut {
                    prediction.expect(call, ends: .failure(.failed))
                } else if superseded {
                    prediction.expect(call, ends: .status(signedIn?.mvpd))
                } else {
                    prediction.expect(call, ends: refresh())
                }
            case .logout(let page):
                logoutAnswered(call, mvpd: login?.mvpd ?? "", page: page, serverAnswered: !timedOut, into: &prediction)
            }
        default:
            pending[call] = entry
        }
    }

    /// Call `call`'s request for `mvpd`'s session came back "session gone": the local session is
    /// removed if it is still that one, unless a logout began since the request did (requests in
    /// flight when a logout begins never write their results back).
    mutating func removeRejected(_ mvpd: String, call: Int) {
        guard !loggedOutSince.contains(call), login?.mvpd == mvpd, serverSession(for: mvpd) == nil else { return }
        login = nil
        authorized = [:]
    }

    // MARK: Time

    private mutating func passTime(pollAnswer: AsyncModelAnswer?, into prediction: inout AsyncPrediction) {
        for (call, entry) in pending.sorted(by: { $0.key < $1.key }) {
            switch entry {
            case .held(_, let since, _, _) where now >= since.addingTimeInterval(Self.requestTimeout):
                answerHeld(call, timedOut: true, into: &prediction)
            case .secondScreen(_, nil, let since, _, _) where now >= since.addingTimeInterval(Self.requestTimeout):
                answerHeld(call, timedOut: true, into: &prediction)
            case .secondScreen(let mvpd, let code?, let since, let replaced, let loggedOut):
                poll(
                    call, mvpd: mvpd, code: code, since: since, replaced: replaced, loggedOut: loggedOut,
                    answer: pollAnswer, into: &prediction)
            default:
                break
            }
        }
    }

    /// The poll of a shown code, if one is due (`SecondScreenSignIn`: expiry, a newer attempt, a
    /// logout, the profile; a 5xx, a 429 or a dropped connection is asked again next time).
    private mutating func poll(
        _ call: Int, mvpd: String?, code: Code, since: Date, replaced: Bool, loggedOut: Bool, answer: AsyncModelAnswer?,
        into prediction: inout AsyncPrediction
    ) {
        guard now >= code.nextPoll || now >= code.expires else { return }
        if now >= code.expires {
            pending[call] = nil
            prediction.expect(call, endsWithOneOf: [.failure(.codeExpired), .failure(.failed)])
        } else if replaced {
            pending[call] = nil
            prediction.expect(call, ends: .failure(.codeReplaced))
        } else if loggedOut {
            pending[call] = nil
            prediction.expect(call, ends: .failure(.cancelled))
        } else if answer != nil {
            var next = code
            next.nextPoll = now.addingTimeInterval(Self.pollInterval)
            pending[call] = .secondScreen(
                mvpd: mvpd, code: next, since: since, replaced: replaced, loggedOut: loggedOut)
        } else if code.lost {
            pending[call] = nil
            prediction.expect(call, endsWithOneOf: [.failure(.failed), .failure(.notSignedIn), .failure(.codeExpired)])
        } else if let target = code.activated?.mvpd ?? mvpd, let session = serverSession(for: target) {
            // The code's profile: the MVPD it was activated with (or preselected for), as the
            // device holds it.
            complete(call, with: session, loggedOut: false, into: &prediction)
        } else {
            var next = code
            next.nextPoll = now.addingTimeInterval(Self.pollInterval)
            pending[call] = .secondScreen(
                mvpd: mvpd, code: next, since: since, replaced: replaced, loggedOut: loggedOut)
        }
    }
}
