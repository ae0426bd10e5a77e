import AccessEnablerLegacy
import Foundation

/// The reference model's state: what the seeds say the app has been told, what is stored, what
/// the server holds, and what is on screen. Written from the legacy SDK's documentation (Adobe's
/// "iOS/tvOS API Reference", "iOS/tvOS SDK Cookbook" and "Error Reporting" pages), not from the
/// adapter.
struct LegacyModelState {
    /// A viewer's authentication.
    struct Login: Equatable {
        var mvpd: String
        var expires: Date
    }

    enum Phase: Equatable {
        case unconfigured
        /// `setRequestor` waits for its held configuration request.
        case configuring
        case configured
        /// `setRequestorComplete(0)`: calls run, and fail (cookbook: each queued call fails
        /// through its own callback; the adapter's documented choice for the gap).
        case failed
    }

    /// Whether calls run now rather than wait for the configuration.
    var isReady: Bool { phase == .configured || phase == .failed }

    /// Where the authentication flow in progress stands.
    enum Stage: Equatable {
        /// `displayProviderDialog` is on screen.
        case picker
        /// The MVPD was chosen; its session request is held by the server.
        case selecting(mvpd: String)
        /// The login page is on screen (`completed`: the viewer finished it; `lost`: the server
        /// forgot its session).
        case page(mvpd: String, route: LegacyModelPageRoute, completed: Bool, lost: Bool)
        /// The redirect was handed back before the page finished: the SDK polls for the profile.
        case finishing(mvpd: String, deadline: Date, nextPoll: Date)
        /// The registration code is on screen; the SDK polls for it.
        case code(mvpd: String, expires: Date, nextPoll: Date, activated: Bool, lost: Bool)
    }

    /// The authentication flow in progress: `getAuthentication`'s, `getAuthorization`'s sign-in
    /// or a preselection's. A newer flow replaces it and answers everything waiting on it.
    struct Flow: Equatable {
        var id: Int
        var stage: Stage
        /// `getAuthorization` resources waiting for the sign-in, in call order.
        var resources: [String]
        var secondScreen: Bool
        /// A logout began once its login had started: the login is not kept (the next poll, or
        /// its completion, ends the flow).
        var loggedOut = false
        /// REST API v2: when the login page's authentication code expires (the page can no
        /// longer be finished, and the profile is not waited for past it).
        var pageExpires: Date?
    }

    /// A call whose main request the server holds.
    struct Held: Equatable {
        enum Call: Equatable {
            case checkAuthorization(String, signedIn: String)
            case getAuthorization(String, signedIn: String)
            /// `sentFor`: the session the request was sent for; a "session gone" answer removes it
            /// locally if it is still the session then.
            case preauthorize([String], sentFor: Login)
            case logout(mvpd: String)
            case configuration
            /// The session request of flow `flow`'s chosen MVPD.
            case selection(mvpd: String, flow: Int)
        }

        var call: Call
        var since: Date
        /// Something changed what the answer can be (a logout, a new login, sessions lost).
        var disturbed = false
        /// REST API v1: the authorization request of a resource, which a later call for the same
        /// resource shares (the core's documented sharing) instead of sending its own.
        var sharedAuthorization: String?
        /// A logout that a newer flow or logout replaced before its page showed: the page shows,
        /// and the status follows at once (the adapter's documented choice).
        var replaced = false
    }

    /// The logout page on screen.
    struct LogoutPage: Equatable {
        var route: LegacyModelPageRoute
        var deadline: Date
        var completed = false
        var mvpd: String
    }

    let setup: LegacyModelSetup
    var now: Date
    var phase = Phase.unconfigured
    /// Calls made before `setRequestorComplete`, run in order after it.
    var queued: [LegacyModelStep] = []
    /// The authentication in the token store both processes share.
    var login: Login?
    /// The resources authorized with the current login (REST API v1 stores authorizations).
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
    /// The preauthorization decisions this process holds for the current login, until when.
    var decisions: [String: Date] = [:]
    /// The server's authentication of the device, per service provider.
    var serverSessions: [Int: Login] = [:]
    var flow: Flow?
    var nextFlowID = 1
    var logoutPage: LogoutPage?
    var held: [Held] = []
    var handleSVC = false
    var secondScreen: Bool
    /// When the device's TempPass window started (it is used once).
    var tempPassStarted: Date?
    /// Logouts whose status has not come yet.
    var logoutsRunning = 0
    /// The MVPD whose server logout failed or timed out: owed (issue 31, 5.1) until the next
    /// re-sync or logout sends it; until then no re-sync adopts its profile. A login forgets it.
    var owedLogout: String?

    init(setup: LegacyModelSetup, now: Date) {
        self.setup = setup
        self.now = now
        secondScreen = setup.secondScreen
    }

    // MARK: Facts

    static let entitled: Set<String> = ["news", "sports", "movies", "kids"]
    static let authnTTL: TimeInterval = 3600
    static let tempPassTTL: TimeInterval = 600
    static let authzTTL: TimeInterval = 1800
    static let codeLifetime: TimeInterval = 1800
    static let pollInterval: TimeInterval = 3
    static let profileWait: TimeInterval = 30
    static let logoutPageLimit: TimeInterval = 30
    static let requestTimeout: TimeInterval = 30
    static let decisionTTL: TimeInterval = 600

    /// The MVPDs the picker offers, sorted (with two service providers their order is the order
    /// the configurations arrived in).
    var offered: [String] { LegacyModelSetup.mvpds.sorted() }

    /// Signed in: a stored authentication that has not expired.
    var signedIn: Login? {
        guard phase != .failed, let login, login.expires > now else { return nil }
        return login
    }

    /// The server's session an authorization for `login` rests on: REST API v2 decides for the
    /// login's MVPD (its profile); REST API v1 for the device's authentication at that service
    /// provider, whatever its MVPD.
    func decisionSession(for login: Login) -> Login? {
        guard setup.backend == .restV1 else { return serverSession(for: login.mvpd) }
        guard let session = serverSessions[setup.serviceProvider(of: login.mvpd)], session.expires > now else {
            return nil
        }
        return session
    }

    /// The server's valid session for `mvpd`, if any.
    func serverSession(for mvpd: String) -> Login? {
        guard let session = serverSessions[setup.serviceProvider(of: mvpd)], session.mvpd == mvpd,
            session.expires > now
        else { return nil }
        return session
    }

    static func isTempPass(_ mvpd: String) -> Bool { mvpd == "TempPass" }

    /// Whether `mvpd` authorizes `resource`: the standard scenario's rules, and TempPass
    /// authorizes every resource.
    static func authorizes(_ mvpd: String, _ resource: String) -> Bool {
        isTempPass(mvpd) || entitled.contains(resource)
    }

    /// Where a page of `mvpd` shows: only Cablevision needs Safari, when the setup says so.
    func route(for mvpd: String) -> LegacyModelPageRoute {
        guard setup.safariCablevision, mvpd == "Cablevision" else { return .webView }
        return handleSVC ? .appSafari : .sdkSafari
    }

    /// A short name of the state, for the tally of distinct transitions.
    /// The sleeps on the clock the world should have at rest: the poll of a code or of a
    /// profile after a redirect, and the wait of a logout page.
    var expectedSleeps: Int {
        var count = logoutPage == nil ? 0 : 1
        switch flow?.stage {
        case .code, .finishing: count += 1
        default: break
        }
        return count
    }

    var abstract: String {
        let flowName: String
        switch flow?.stage {
        case nil: flowName = "idle"
        case .picker: flowName = "picker"
        case .selecting: flowName = "selecting"
        case .page(_, _, let completed, _): flowName = completed ? "page-done" : "page"
        case .finishing: flowName = "finishing"
        case .code(_, _, _, let activated, _): flowName = activated ? "code-activated" : "code"
        }
        let signed = signedIn == nil ? (login == nil ? "out" : "expired") : "in"
        let phaseName =
            switch phase {
            case .unconfigured: "unconfigured"
            case .configuring: "configuring"
            case .configured: "configured"
            case .failed: "failed"
            }
        return [
            phaseName, signed, flowName, logoutPage == nil ? "" : "logout-page", held.isEmpty ? "" : "held",
            flow?.resources.isEmpty == false ? "awaiting-resource" : "",
        ].filter { !$0.isEmpty }.joined(separator: "+")
    }
}
