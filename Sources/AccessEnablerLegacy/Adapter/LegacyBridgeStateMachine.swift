import AccessEnabler
import Foundation

/// What the legacy adapter is doing, and the rules of its interleavings, as pure transitions.
///
/// Each event (an app call, the end of a core call, a sign-in's end) is a `mutating` method that
/// updates the state and returns the ``Action``s to take, as values, in order: callbacks to send,
/// work to start or cancel. Nothing here awaits, calls the core or touches a continuation;
/// ``LegacySession`` feeds it events and executes its actions, and the tests drive it alone.
///
/// The state is a few small enums: the ``Configuration`` phase, the ``SignIn`` flow the app
/// sees (with the flows a newer one superseded and which still end), the ``AppRequest`` that
/// waits for the app (the picker, a login page), the ``CodeScreen`` of a second-screen flow, the
/// ``LogoutPage`` on screen, and the ``Logouts`` running. The continuations those requests resume,
/// and the second-screen polling task, stay in the runtime (``AuthenticationBridge``,
/// ``LegacySession``).
struct LegacyBridgeStateMachine: Sendable {
    /// The configuration phase: calls wait for `setRequestorComplete` until it is over.
    enum Configuration: Sendable, Hashable {
        case unconfigured
        case configuring
        case configured
        case failed
    }

    /// An authentication flow (`getAuthentication`'s, `getAuthorization`'s sign-in, or one a
    /// `setSelectedProvider` outside a picker starts), numbered in the order they started.
    struct FlowID: Sendable, Hashable, Comparable {
        let number: UInt64

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.number < rhs.number }
    }

    /// The sign-in the app sees.
    enum SignIn: Sendable, Hashable {
        /// No flow runs, or only flows a newer one superseded (which report nothing).
        case idle
        /// Flow `flow` runs: its end is reported. A logout that found it waiting for the app or
        /// the viewer interrupted it (it then fails as "explicitly cancelled").
        case running(FlowID, interruptedByLogout: Bool)
    }

    /// The logouts: how many have started (a mark a profile sync compares), and how many still run.
    struct Logouts: Sendable, Hashable {
        var started: UInt64 = 0
        var running = 0
    }

    /// One `setRequestor` call's view of the state it started in; it hands it back when its
    /// configuration ends (a later `setRequestor` may have started meanwhile).
    struct ConfigurationAttempt: Sendable, Hashable {
        /// A foreground re-sync: it follows a configuration that completed.
        let isResync: Bool
        /// ``Logouts/started`` when it began: a logout since then reports the sign-out itself.
        let logoutsBefore: UInt64
    }

    /// The profile sync a completed configuration runs (`signedIn`: a session was stored when
    /// `setRequestor` completed, before the calls queued behind it changed it).
    struct ProfileSync: Sendable, Hashable {
        let attempt: ConfigurationAttempt
        let signedIn: Bool
    }

    /// The registration-code screen of a second-screen flow (tvOS), and whether its code is shown.
    struct CodeScreen: Sendable, Hashable {
        let flow: FlowID
        var shown: Bool
    }

    /// Whether a call runs now or after `setRequestorComplete`.
    enum CallStart: Sendable, Hashable {
        case now
        case afterConfiguration
    }

    /// What the runtime does, in order.
    enum Action: Sendable, Hashable {
        // Callbacks.
        /// `setRequestorComplete` with success or error.
        case completeRequestor(success: Bool)
        /// A status report.
        case reportStatus(LegacyStatus)
        /// A flow's end (or an adopted profile): `setAuthenticationStatus` and its tracking.
        case reportAuthentication(AuthenticationResult)
        /// `setAuthenticationStatus(0, USER_NOT_AUTHENTICATED_ERROR)` with no tracking.
        case reportSignedOut
        /// `TRACKING_GET_SELECTED_PROVIDER`.
        case trackSelection(mvpdID: String)

        // Work.
        /// Runs the calls that waited for the configuration.
        case runQueuedCalls
        /// Cancels a superseded flow's task; it ends without a callback.
        case cancelFlow(FlowID)
        /// Resumes what waits for the app (``AuthenticationBridge``).
        case conversation(ConversationAction)
        /// The viewer left the code screen: its polling stops, its flow ends with the cancel.
        case leaveCodeScreen(FlowID)
        /// A sign-in with `mvpdID` (`setSelectedProvider` outside a picker), unless the viewer is
        /// signed in with it already; after the configuration.
        case signInPreselecting(mvpdID: String)
        /// Starts the logout: after flow `after` (interrupted) has reported its end, if any; its
        /// page is followed unless a new flow or logout supersedes it first (the machine's
        /// ``LegacyBridgeStateMachine/supersessions`` moves past the value given here).
        case startLogout(after: FlowID?, supersessions: UInt64)
    }

    private(set) var configuration = Configuration.unconfigured
    private(set) var signIn = SignIn.idle
    /// Flows a newer one superseded whose tasks have not ended yet.
    private(set) var supersededFlows: Set<FlowID> = []
    private(set) var logouts = Logouts()
    private var lastFlow = FlowID(number: 0)
    /// The picker or login page waiting for the app; at most one (a new one ends the older).
    private(set) var appRequest: AppRequest?
    /// The logout page on screen, from the moment it is shown.
    private(set) var logoutPage: LogoutPage?
    /// The code screen of the second-screen flow on screen; only that flow closes it.
    private(set) var codeScreen: CodeScreen?
    /// How many times everything waiting was cancelled (a new flow, a new request, a logout): a
    /// logout that started before the latest one has been replaced and follows no page.
    private(set) var supersessions: UInt64 = 0
    private var lastRequest = RequestID(number: 0)

    /// Whether any flow has not ended yet, superseded ones included.
    var flowsRunning: Bool { signIn != .idle || !supersededFlows.isEmpty }

    // MARK: Configuration

    /// `setRequestor`: the configuration phase starts again.
    mutating func configurationStarted() -> ConfigurationAttempt {
        // A re-sync follows a configuration that completed; the launch's, or a retry after a
        // failure, is not one.
        let attempt = ConfigurationAttempt(isResync: configuration == .configured, logoutsBefore: logouts.started)
        configuration = .configuring
        return attempt
    }

    /// The core accepted the configuration; `signedIn`: a session was stored then (before the
    /// calls queued behind it change it). The profile sync the runtime then awaits follows for a
    /// viewer signed in, and on every re-sync; a signed-out launch asks nothing more.
    mutating func configurationSucceeded(_ attempt: ConfigurationAttempt, signedIn: Bool) -> (
        actions: [Action], sync: ProfileSync?
    ) {
        configuration = .configured
        let sync = signedIn || attempt.isResync ? ProfileSync(attempt: attempt, signedIn: signedIn) : nil
        return ([.completeRequestor(success: true), .runQueuedCalls], sync)
    }

    /// The configuration failed (`status`: its report, when it has one); the queued calls then
    /// fail through their own callbacks.
    mutating func configurationFailed(_ status: LegacyStatus?) -> [Action] {
        configuration = .failed
        return (status.map { [.reportStatus($0)] } ?? []) + [.completeRequestor(success: false), .runQueuedCalls]
    }

    /// A call that needs the configuration.
    func callArrived() -> CallStart {
        switch configuration {
        case .configured, .failed: .now
        case .unconfigured, .configuring: .afterConfiguration
        }
    }

    /// Profile sync `sync` ended: `refreshed` is nil when it failed (the core keeps the
    /// session on a transient failure: nothing changed). It reports a change only when the sync
    /// itself made it and no logout overlapped it (the logout reports its own): a sign-out when it
    /// removed the session of a viewer signed in (an expired session it removes was no sign-in to
    /// the app already); a sign-in when it adopted a profile where there was none and no flow runs
    /// (a running flow reports its own end: the adopted profile is often that very login).
    func profileSynced(
        _ sync: ProfileSync, refreshed: (removedSession: Bool, adoptedSession: Bool, authentication: Authentication?)?
    ) -> [Action] {
        guard let refreshed, logouts.started == sync.attempt.logoutsBefore, logouts.running == 0 else { return [] }
        let signedIn = sync.signedIn
        if refreshed.removedSession, signedIn, refreshed.authentication == nil {
            return [.reportSignedOut]
        }
        if !signedIn, refreshed.adoptedSession, !flowsRunning, let adopted = refreshed.authentication {
            return [.reportAuthentication(.success(adopted, cached: false))]
        }
        return []
    }

    // MARK: Sign-in

    /// A new authentication flow starts (the runtime starts its sign-in after the actions): the
    /// one on screen is superseded (cancelled, it reports nothing) and whatever waits for the app
    /// ends.
    mutating func authenticationRequested() -> (FlowID, [Action]) {
        var actions: [Action] = []
        if case .running(let current, _) = signIn {
            supersededFlows.insert(current)
            actions.append(.cancelFlow(current))
        }
        lastFlow = FlowID(number: lastFlow.number + 1)
        signIn = .running(lastFlow, interruptedByLogout: false)
        // The code screen belongs to the flow that showed it: the new flow shows its own.
        codeScreen = nil
        actions += waitingCancelled().map(Action.conversation)
        return (lastFlow, actions)
    }

    /// Flow `flow` ended with `result` (nil: it stopped before it had one). Only the flow on
    /// screen reports, and a picker a logout interrupted fails as "explicitly cancelled"
    /// (`GENERIC_AUTHENTICATION_ERROR`), not as one the app answered with nil. Returns the result
    /// reported, nil for a superseded flow.
    mutating func authenticationEnded(_ flow: FlowID, result: AuthenticationResult?) -> (
        AuthenticationResult?, [Action]
    ) {
        if supersededFlows.remove(flow) != nil { return (nil, []) }
        guard case .running(flow, let interrupted) = signIn else { return (nil, []) }
        signIn = .idle
        guard var result else { return (nil, []) }
        if interrupted, case .failure(let failure) = result, failure.code == PROVIDER_NOT_SELECTED_ERROR {
            result = .failure(LegacyFailure(code: GENERIC_AUTHENTICATION_ERROR, error: failure.error))
        }
        return (result, [.reportAuthentication(result)])
    }

    /// `setSelectedProvider`: answers the picker on screen; outside one, nil leaves the code
    /// screen (tvOS) or cancels the login page (their flow ends itself), or fails as a cancelled
    /// picker when nothing waits; an MVPD starts a sign-in with it.
    mutating func providerSelected(_ mvpdID: String?) -> [Action] {
        let tracking: [Action] = mvpdID.map { [.trackSelection(mvpdID: $0)] } ?? []
        if case .picker(let request) = appRequest {
            appRequest = nil
            return tracking + [.conversation(.answerPicker(request, mvpdID: mvpdID))]
        }
        if let mvpdID { return tracking + [.signInPreselecting(mvpdID: mvpdID)] }
        if let screen = codeScreen, screen.shown {
            codeScreen?.shown = false
            return [.leaveCodeScreen(screen.flow)]
        }
        if case .loginPage = appRequest { return waitingCancelled().map(Action.conversation) }
        return [
            .reportAuthentication(
                .failure(LegacyFailure(code: PROVIDER_NOT_SELECTED_ERROR, error: .providerNotSelected)))
        ]
    }

    /// Flow `flow` begins the second-screen sign-in: the code screen is its own.
    mutating func codeScreenOpened(_ flow: FlowID) {
        codeScreen = CodeScreen(flow: flow, shown: false)
    }

    /// Flow `flow` shows its registration code (`REGCODE`).
    mutating func codeShown(_ flow: FlowID) {
        if codeScreen?.flow == flow { codeScreen?.shown = true }
    }

    /// Flow `flow`'s second-screen sign-in ended: its screen closes, unless a newer flow's
    /// replaced it.
    mutating func codeScreenClosed(_ flow: FlowID) {
        if codeScreen?.flow == flow { codeScreen = nil }
    }

    // MARK: Logout

    /// `logout` (after the configuration): a flow waiting for the app or the viewer ends first
    /// and is reported before the logout's status.
    mutating func logoutRequested() -> [Action] {
        var interrupted: FlowID?
        if appRequest != nil, case .running(let flow, _) = signIn {
            signIn = .running(flow, interruptedByLogout: true)
            interrupted = flow
        }
        logouts.started += 1
        logouts.running += 1
        let cancelled = waitingCancelled().map(Action.conversation)
        return cancelled + [.startLogout(after: interrupted, supersessions: supersessions)]
    }

    /// `getSelectedProvider` answers nil without asking the core while a logout runs: the viewer
    /// is signed out for the app when the logout starts, as in Adobe's SDK, while the core clears
    /// its storage only after the server and the logout page (the spec's order).
    var selectedProviderIsCleared: Bool { logouts.running > 0 }

    /// A logout ended (its page too): `VSA203` for each profile that came from Apple's TV
    /// Provider, then the sign-out. A logout that failed to clear storage still ends signed out
    /// for the app.
    mutating func logoutEnded(partnerLogoutMVPDIDs: [String]) -> [Action] {
        logouts.running -= 1
        return partnerLogoutMVPDIDs.map { .reportStatus(.partnerLogoutRequired(mvpdID: $0)) } + [.reportSignedOut]
    }
}

// MARK: - Conversation

// The conversation with the app inside a flow and a logout: the picker
// (`displayProviderDialog`, answered by `setSelectedProvider`), the login page (`navigate(toUrl:)`
// or Safari, answered by `handleExternalURL`), and the logout page, which a logout waits for
// until the app hands its redirect back, a new flow or logout replaces it, or the clock runs out.
// ``AuthenticationBridge`` holds the continuations and executes the ``ConversationAction``s.
extension LegacyBridgeStateMachine {
    /// A request to the app: a picker, a login page or a logout page, numbered in order.
    struct RequestID: Sendable, Hashable {
        let number: UInt64
    }

    /// What waits for the app's answer inside a flow.
    enum AppRequest: Sendable, Hashable {
        /// `displayProviderDialog`, answered by `setSelectedProvider`.
        case picker(RequestID)
        /// A login page, answered by `handleExternalURL` (or `setSelectedProvider(nil)`).
        case loginPage(RequestID)
    }

    /// The logout page on screen.
    enum LogoutPage: Sendable, Hashable {
        /// Shown and followed; its logout does not wait for it yet (storage is still cleared).
        case shown(RequestID)
        /// It ended before its logout began to wait: the wait returns at once.
        case ended(RequestID)
        /// Its logout waits for it to end.
        case awaited(RequestID)
    }

    /// What ``AuthenticationBridge`` does with its continuations and the adapter's Safari view
    /// controller.
    enum ConversationAction: Sendable, Hashable {
        /// The picker returns the MVPD with this ID (nil: none chosen).
        case answerPicker(RequestID, mvpdID: String?)
        /// The picker throws `CancellationError`.
        case cancelPicker(RequestID)
        /// The login page returns the redirect handed back (nil: it could not be read, the page
        /// throws `invalidRedirectURL`).
        case answerLoginPage(RequestID, redirect: URL?)
        /// The login page throws `CancellationError`.
        case cancelLoginPage(RequestID)
        /// The login page throws `error`.
        case failLoginPage(RequestID, AccessEnablerError)
        /// The adapter's own Safari view controller, if on screen, is dismissed.
        case dismissSafari
        /// The logout waiting for its page goes on.
        case resumeLogout
    }

    /// A picker or a page is about to be shown: its number.
    mutating func requestStarted() -> RequestID {
        lastRequest = RequestID(number: lastRequest.number + 1)
        return lastRequest
    }

    /// Picker `id` waits for the app; the older request ends first.
    mutating func pickerShown(_ id: RequestID) -> [ConversationAction] {
        let actions = waitingCancelled()
        appRequest = .picker(id)
        return actions
    }

    /// Login page `id` waits for the app; the older request ends first (ending it dismisses the
    /// adapter's Safari view controller, which would close this page if it came after).
    mutating func loginPageShown(_ id: RequestID) -> [ConversationAction] {
        let actions = waitingCancelled()
        appRequest = .loginPage(id)
        return actions
    }

    /// `handleExternalURL`: answers the login page waiting, else ends the logout page on screen
    /// (whatever the URL: the legacy SDK took any).
    mutating func redirectHandedBack(_ redirect: URL?) -> [ConversationAction] {
        guard case .loginPage(let request) = appRequest else { return logoutPageEnded() }
        appRequest = nil
        return [.dismissSafari, .answerLoginPage(request, redirect: redirect)]
    }

    /// Login page `id` could not be presented (nothing to present it from): it fails with `error`.
    mutating func loginPageFailed(_ id: RequestID, with error: AccessEnablerError) -> [ConversationAction] {
        guard appRequest == .loginPage(id) else { return [] }
        appRequest = nil
        return [.failLoginPage(id, error)]
    }

    /// Cancels what waits for the app: everything (a new flow, `setSelectedProvider(nil)`, a new
    /// request replacing an unanswered one, a logout), or only request `id` (its flow was
    /// cancelled, or the viewer closed its Safari page; a newer request stays). A logout page
    /// ends as if it had finished.
    mutating func waitingCancelled(only id: RequestID? = nil) -> [ConversationAction] {
        if id == nil { supersessions += 1 }
        var actions = logoutPageEnded(only: id)
        switch appRequest {
        case .picker(let request) where id == nil || request == id:
            appRequest = nil
            actions.append(.cancelPicker(request))
        case .loginPage(let request) where id == nil || request == id:
            appRequest = nil
            actions += [.dismissSafari, .cancelLoginPage(request)]
        default: break
        }
        return actions
    }

    /// The logout that started at `supersessions` shows its page: followed (its ID) unless a new
    /// flow or logout replaced that logout since; a page followed before ends.
    mutating func logoutPageShown(startedAt supersessions: UInt64) -> (followed: RequestID?, [ConversationAction]) {
        guard self.supersessions == supersessions else { return (nil, []) }
        let actions = logoutPageEnded()
        let id = requestStarted()
        logoutPage = .shown(id)
        return (id, actions)
    }

    /// The logout begins to wait for page `id`: true when it must wait, false when the page
    /// ended before (or another replaced it).
    mutating func logoutPageWaitBegan(_ id: RequestID) -> Bool {
        switch logoutPage {
        case .shown(id):
            logoutPage = .awaited(id)
            return true
        case .ended(id):
            logoutPage = nil
            return false
        default:
            return false
        }
    }

    /// The clock: the logout page `id` had its time (``LegacySession/logoutPageLimit``).
    mutating func logoutPageDeadlinePassed(_ id: RequestID) -> [ConversationAction] {
        logoutPageEnded(only: id)
    }

    /// Ends the logout page on screen (only page `id` when given), waited for or not yet: the
    /// adapter's Safari view controller is dismissed, and a logout waiting for it goes on.
    mutating func logoutPageEnded(only id: RequestID? = nil) -> [ConversationAction] {
        switch logoutPage {
        case .shown(let page) where id == nil || page == id:
            logoutPage = .ended(page)
            return [.dismissSafari]
        case .awaited(let page) where id == nil || page == id:
            logoutPage = nil
            return [.dismissSafari, .resumeLogout]
        default:
            return []
        }
    }
}

extension LegacyBridgeStateMachine {
    /// The one machine of an adapter, shared by the two halves of its runtime: ``LegacySession``
    /// (the calls) and ``AuthenticationBridge`` (the conversation with the app).
    @MainActor
    final class Shared {
        var machine = LegacyBridgeStateMachine()

        nonisolated init() {}
    }
}
