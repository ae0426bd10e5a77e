import AccessEnabler
@testable import AccessEnablerLegacy
import Foundation
import Testing

/// The legacy adapter's transitions without its runtime: each test feeds events to a
/// ``LegacyBridgeStateMachine`` and checks the actions it returns, for the interleavings whose
/// fixes the adapter's history records.
@Suite(.timeLimit(.minutes(3))) struct LegacyBridgeStateMachineTests {
    typealias Machine = LegacyBridgeStateMachine

    static let profile = Authentication(
        requestorID: "REF", mvpd: MVPD(id: "Cablevision", serviceProvider: URL(string: "https://sp.example")!),
        userID: "user", expires: Date(timeIntervalSince1970: 2_000_000_000))
    static let pickerCancelled = LegacyFailure(code: PROVIDER_NOT_SELECTED_ERROR, error: .providerNotSelected)

    /// Flow `flow`'s picker waits for the app.
    static func showPicker(in machine: inout Machine) -> Machine.RequestID {
        let id = machine.requestStarted()
        _ = machine.pickerShown(id)
        return id
    }

    /// A login page waits for the app.
    static func showLoginPage(in machine: inout Machine) -> Machine.RequestID {
        let id = machine.requestStarted()
        _ = machine.loginPageShown(id)
        return id
    }

    /// A machine past a launch that completed with nobody signed in.
    static func configured() -> Machine {
        var machine = Machine()
        let attempt = machine.configurationStarted()
        _ = machine.configurationSucceeded(attempt, signedIn: false)
        return machine
    }

    // MARK: Configuration

    @Test func callsWaitForTheConfigurationAndRunAfterItEitherWay() {
        var machine = Machine()
        #expect(machine.callArrived() == .afterConfiguration)
        let attempt = machine.configurationStarted()
        #expect(machine.configuration == .configuring)
        #expect(machine.callArrived() == .afterConfiguration)
        let failed = machine.configurationFailed(.partnerLogoutRequired(mvpdID: "x"))
        #expect(
            failed == [
                .reportStatus(.partnerLogoutRequired(mvpdID: "x")), .completeRequestor(success: false), .runQueuedCalls,
            ])
        #expect(machine.callArrived() == .now, "after a failure each call fails through its own callback")
        #expect(!attempt.isResync)
    }

    /// A signed-out launch asks nothing more; a signed-in launch and every re-sync sync the profile.
    @Test func theProfileSyncFollowsASignedInLaunchAndEveryResync() {
        var machine = Machine()
        let launch = machine.configurationStarted()
        let (actions, sync) = machine.configurationSucceeded(launch, signedIn: false)
        #expect(actions == [.completeRequestor(success: true), .runQueuedCalls])
        #expect(sync == nil)

        let resync = machine.configurationStarted()
        #expect(resync.isResync)
        #expect(machine.callArrived() == .afterConfiguration, "a re-sync queues calls again")
        #expect(machine.configurationSucceeded(resync, signedIn: false).sync?.signedIn == false)

        var signedInLaunch = Machine()
        let attempt = signedInLaunch.configurationStarted()
        #expect(signedInLaunch.configurationSucceeded(attempt, signedIn: true).sync?.signedIn == true)
    }

    /// A retry after a failed configuration is a launch, not a re-sync.
    @Test func aRetryAfterAFailureIsNoResync() {
        var machine = Machine()
        _ = machine.configurationStarted()
        _ = machine.configurationFailed(nil)
        #expect(!machine.configurationStarted().isResync)
    }

    // MARK: Profile sync

    /// The sync removed the session of a viewer signed in: a sign-out, with no tracking.
    @Test func aSessionTheServerDroppedIsReportedSignedOut() {
        var machine = Self.configured()
        let attempt = machine.configurationStarted()
        let sync = try! #require(machine.configurationSucceeded(attempt, signedIn: true).sync)
        #expect(machine.profileSynced(sync, refreshed: (true, false, nil)) == [.reportSignedOut])
    }

    /// An expired session the sync removes was no sign-in to the app already: nothing is reported.
    @Test func anAlreadyExpiredSessionIsNotReportedSignedOut() {
        var machine = Self.configured()
        let attempt = machine.configurationStarted()
        let sync = try! #require(machine.configurationSucceeded(attempt, signedIn: false).sync)
        #expect(machine.profileSynced(sync, refreshed: (true, false, nil)) == [])
    }

    /// A failed sync changes nothing (the core keeps the session on a transient failure).
    @Test func aFailedSyncReportsNothing() {
        var machine = Self.configured()
        let attempt = machine.configurationStarted()
        let sync = try! #require(machine.configurationSucceeded(attempt, signedIn: true).sync)
        #expect(machine.profileSynced(sync, refreshed: nil) == [])
    }

    /// A logout that started since `setRequestor` (queued behind it, or still running) reports the
    /// sign-out itself: the sync reports nothing, so the app hears it once.
    @Test func aLogoutOverlappingTheSyncReportsTheSignOutAlone() {
        var machine = Self.configured()
        let attempt = machine.configurationStarted()
        let sync = try! #require(machine.configurationSucceeded(attempt, signedIn: true).sync)
        _ = machine.logoutRequested()
        #expect(machine.profileSynced(sync, refreshed: (true, false, nil)) == [], "a logout running")
        #expect(machine.logoutEnded(partnerLogoutMVPDIDs: []) == [.reportSignedOut])
        #expect(machine.profileSynced(sync, refreshed: (true, false, nil)) == [], "a logout since the sync began")
    }

    /// The selected provider is cleared for the app from a logout's start to its end (the core
    /// clears storage in between), with two logouts until both ended.
    @Test func aRunningLogoutClearsTheSelectedProvider() {
        var machine = Self.configured()
        #expect(!machine.selectedProviderIsCleared)
        _ = machine.logoutRequested()
        #expect(machine.selectedProviderIsCleared)
        _ = machine.logoutRequested()
        _ = machine.logoutEnded(partnerLogoutMVPDIDs: [])
        #expect(machine.selectedProviderIsCleared, "the second logout still runs")
        _ = machine.logoutEnded(partnerLogoutMVPDIDs: [])
        #expect(!machine.selectedProviderIsCleared)
    }

    /// A profile adopted where there was none is reported as a sign-in, not from the cache.
    @Test func anAdoptedProfileIsReportedSignedIn() {
        var machine = Self.configured()
        let attempt = machine.configurationStarted()
        let sync = try! #require(machine.configurationSucceeded(attempt, signedIn: false).sync)
        #expect(
            machine.profileSynced(sync, refreshed: (false, true, Self.profile)) == [
                .reportAuthentication(.success(Self.profile, cached: false))
            ])
    }

    /// A profile adopted while a flow runs (often that very login, its redirect not back yet) is
    /// reported once, by the flow, not twice.
    @Test func anAdoptionWhileAFlowRunsIsLeftToTheFlow() {
        var machine = Self.configured()
        let (flow, _) = machine.authenticationRequested()
        let attempt = machine.configurationStarted()
        let sync = try! #require(machine.configurationSucceeded(attempt, signedIn: false).sync)
        #expect(machine.profileSynced(sync, refreshed: (false, true, Self.profile)) == [])
        let result = AuthenticationResult.success(Self.profile, cached: false)
        #expect(machine.authenticationEnded(flow, result: result).1 == [.reportAuthentication(result)])
    }

    /// A superseded flow still finishing also holds the adoption back.
    @Test func aSupersededFlowStillRunningHoldsTheAdoptionBack() {
        var machine = Self.configured()
        let (first, _) = machine.authenticationRequested()
        let (second, _) = machine.authenticationRequested()
        _ = machine.authenticationEnded(second, result: .failure(Self.pickerCancelled))
        #expect(machine.signIn == .idle)
        #expect(machine.flowsRunning, "the first flow's task has not ended")
        let attempt = machine.configurationStarted()
        let sync = try! #require(machine.configurationSucceeded(attempt, signedIn: false).sync)
        #expect(machine.profileSynced(sync, refreshed: (false, true, Self.profile)) == [])
        _ = machine.authenticationEnded(first, result: nil)
        #expect(!machine.flowsRunning)
        #expect(machine.profileSynced(sync, refreshed: (false, true, Self.profile)).count == 1)
    }

    // MARK: Sign-in

    /// A second sign-in replaces the first: the first is cancelled, what waits for the app ends,
    /// and only the second reports.
    @Test func aSecondSignInReplacesTheFirst() {
        var machine = Self.configured()
        let (first, firstActions) = machine.authenticationRequested()
        #expect(firstActions == [])
        let picker = Self.showPicker(in: &machine)
        let (second, secondActions) = machine.authenticationRequested()
        #expect(second > first)
        #expect(secondActions == [.cancelFlow(first), .conversation(.cancelPicker(picker))])
        #expect(machine.appRequest == nil)
        #expect(machine.signIn == .running(second, interruptedByLogout: false))

        let (firstReported, firstEnd) = machine.authenticationEnded(first, result: .failure(Self.pickerCancelled))
        #expect(firstReported == nil)
        #expect(firstEnd == [], "a superseded flow reports nothing")
        let result = AuthenticationResult.success(Self.profile, cached: false)
        let (reported, end) = machine.authenticationEnded(second, result: result)
        #expect(reported == result)
        #expect(end == [.reportAuthentication(result)])
        #expect(machine.signIn == .idle)
    }

    /// A flow that stopped before it had a result reports nothing, and is over.
    @Test func aFlowWithoutAResultReportsNothing() {
        var machine = Self.configured()
        let (flow, _) = machine.authenticationRequested()
        #expect(machine.authenticationEnded(flow, result: nil) == (nil, []))
        #expect(!machine.flowsRunning)
    }

    // MARK: setSelectedProvider

    /// The picker on screen takes the answer, nil included (its flow then reports the cancel).
    @Test func thePickerTakesTheAnswer() {
        var machine = Self.configured()
        let picker = Self.showPicker(in: &machine)
        #expect(
            machine.providerSelected("Cablevision") == [
                .trackSelection(mvpdID: "Cablevision"), .conversation(.answerPicker(picker, mvpdID: "Cablevision")),
            ])
        #expect(machine.appRequest == nil)
        let next = Self.showPicker(in: &machine)
        #expect(
            machine.providerSelected(nil) == [.conversation(.answerPicker(next, mvpdID: nil))])
    }

    /// Cancel from the picker: the flow reports `PROVIDER_NOT_SELECTED_ERROR` (the runtime adds `N005`).
    @Test func cancelFromThePickerFailsTheFlowAsNotSelected() {
        var machine = Self.configured()
        let (flow, _) = machine.authenticationRequested()
        let picker = Self.showPicker(in: &machine)
        #expect(
            machine.providerSelected(nil) == [.conversation(.answerPicker(picker, mvpdID: nil))]
        )
        #expect(
            machine.authenticationEnded(flow, result: .failure(Self.pickerCancelled)).1 == [
                .reportAuthentication(.failure(Self.pickerCancelled))
            ])
    }

    /// Outside a picker, nil leaves the code screen or cancels the login page (the flow ends
    /// itself), and with nothing waiting fails as a cancelled picker at once.
    @Test func nilOutsideAPickerEndsWhatWaits() {
        var machine = Self.configured()
        let (flow, _) = machine.authenticationRequested()
        machine.codeScreenOpened(flow)
        machine.codeShown(flow)
        #expect(machine.providerSelected(nil) == [.leaveCodeScreen(flow)])
        #expect(machine.codeScreen == .init(flow: flow, shown: false))
        let page = Self.showLoginPage(in: &machine)
        #expect(
            machine.providerSelected(nil) == [
                .conversation(.dismissSafari), .conversation(.cancelLoginPage(page)),
            ])
        #expect(
            machine.providerSelected(nil) == [
                .reportAuthentication(.failure(Self.pickerCancelled))
            ])
    }

    /// An MVPD outside a picker signs in with it (the code screen or login page of a running flow
    /// is replaced by that sign-in).
    @Test func anMVPDOutsideAPickerSignsInWithIt() {
        var machine = Self.configured()
        _ = Self.showLoginPage(in: &machine)
        #expect(
            machine.providerSelected("Cablevision") == [
                .trackSelection(mvpdID: "Cablevision"), .signInPreselecting(mvpdID: "Cablevision"),
            ])
    }

    // MARK: Logout

    /// A logout interrupting a sign-in that waits for the app: the flow's picker cancel becomes
    /// `GENERIC_AUTHENTICATION_ERROR`, reported before the logout's sign-out (the logout waits for it).
    @Test(arguments: [true, false])
    func aLogoutInterruptingASignInFailsItAsCancelledFirst(picker: Bool) {
        var machine = Self.configured()
        let (flow, _) = machine.authenticationRequested()
        let request = picker ? Self.showPicker(in: &machine) : Self.showLoginPage(in: &machine)
        let cancel: [Machine.Action] =
            picker
            ? [.conversation(.cancelPicker(request))]
            : [.conversation(.dismissSafari), .conversation(.cancelLoginPage(request))]
        let supersessions = machine.supersessions
        #expect(
            machine.logoutRequested() == cancel + [.startLogout(after: flow, supersessions: supersessions + 1)])
        #expect(machine.signIn == .running(flow, interruptedByLogout: true))

        let generic = LegacyFailure(code: GENERIC_AUTHENTICATION_ERROR, error: .providerNotSelected)
        let (reported, end) = machine.authenticationEnded(flow, result: .failure(Self.pickerCancelled))
        #expect(reported == .failure(generic))
        #expect(end == [.reportAuthentication(.failure(generic))])
        #expect(machine.logoutEnded(partnerLogoutMVPDIDs: []) == [.reportSignedOut])
        #expect(machine.logouts == .init(started: 1, running: 0))
    }

    /// A logout finding a flow busy with the core (nothing waits for the app) leaves it alone.
    @Test func aLogoutLeavesAFlowThatWaitsForNobody() {
        var machine = Self.configured()
        let (flow, _) = machine.authenticationRequested()
        #expect(machine.logoutRequested() == [.startLogout(after: nil, supersessions: machine.supersessions)])
        let (reported, _) = machine.authenticationEnded(flow, result: .failure(Self.pickerCancelled))
        #expect(reported == .failure(Self.pickerCancelled), "not turned into GENERIC_AUTHENTICATION_ERROR")
    }

    /// Only the interrupted flow fails as cancelled: a newer flow's picker cancel stays
    /// `PROVIDER_NOT_SELECTED_ERROR`.
    @Test func theInterruptionBelongsToTheFlowInterrupted() {
        var machine = Self.configured()
        let (first, _) = machine.authenticationRequested()
        _ = Self.showPicker(in: &machine)
        _ = machine.logoutRequested()
        let (second, _) = machine.authenticationRequested()
        #expect(machine.authenticationEnded(first, result: .failure(Self.pickerCancelled)).0 == nil)
        #expect(
            machine.authenticationEnded(second, result: .failure(Self.pickerCancelled)).0
                == .failure(Self.pickerCancelled))
    }

    /// `VSA203` for each profile from Apple's TV Provider precedes the sign-out.
    @Test func aLogoutOfTVProviderProfilesAsksForTheirLogoutFirst() {
        var machine = Self.configured()
        _ = machine.logoutRequested()
        #expect(
            machine.logoutEnded(partnerLogoutMVPDIDs: ["A", "B"]) == [
                .reportStatus(.partnerLogoutRequired(mvpdID: "A")), .reportStatus(.partnerLogoutRequired(mvpdID: "B")),
                .reportSignedOut,
            ])
    }

    // MARK: Conversation

    /// A new request ends the unanswered one first (a login page after a picker cancels the picker).
    @Test func aNewRequestEndsTheOlderOne() {
        var machine = Self.configured()
        let picker = Self.showPicker(in: &machine)
        let page = machine.requestStarted()
        #expect(machine.loginPageShown(page) == [.cancelPicker(picker)])
        #expect(machine.appRequest == .loginPage(page))
    }

    /// The redirect handed back answers the login page (the adapter's Safari is dismissed first);
    /// with none waiting it ends the logout page on screen, and with neither it does nothing.
    @Test func aRedirectAnswersTheLoginPageElseEndsTheLogoutPage() throws {
        var machine = Self.configured()
        let page = Self.showLoginPage(in: &machine)
        let redirect = URL(string: "adbe.app://done")
        #expect(machine.redirectHandedBack(redirect) == [.dismissSafari, .answerLoginPage(page, redirect: redirect)])
        #expect(machine.redirectHandedBack(redirect) == [])

        let shown = machine.logoutPageShown(startedAt: machine.supersessions)
        let logoutPage = try #require(shown.followed)
        #expect(machine.redirectHandedBack(nil) == [.dismissSafari])
        #expect(machine.logoutPage == .ended(logoutPage))
        let waits = machine.logoutPageWaitBegan(logoutPage)
        #expect(!waits, "it ended before the wait: the logout goes on at once")
        #expect(machine.logoutPage == nil)
    }

    /// A logout waiting for its page goes on when the page ends, or when the clock runs out.
    @Test func theLogoutPageEndsByRedirectOrByTheClock() throws {
        var machine = Self.configured()
        let shownFirst = machine.logoutPageShown(startedAt: machine.supersessions)
        let first = try #require(shownFirst.followed)
        let waitsForFirst = machine.logoutPageWaitBegan(first)
        #expect(waitsForFirst)
        #expect(machine.logoutPageDeadlinePassed(first) == [.dismissSafari, .resumeLogout])
        #expect(machine.logoutPage == nil)
        #expect(machine.logoutPageDeadlinePassed(first) == [], "a deadline of a page already ended")

        let shownSecond = machine.logoutPageShown(startedAt: machine.supersessions)
        let second = try #require(shownSecond.followed)
        let waitsForSecond = machine.logoutPageWaitBegan(second)
        #expect(waitsForSecond)
        #expect(machine.logoutPageDeadlinePassed(first) == [], "another page's deadline")
        #expect(machine.redirectHandedBack(nil) == [.dismissSafari, .resumeLogout])
    }

    /// A logout replaced (a new flow started) before its page showed follows no page: its status
    /// comes without waiting, and the new flow's request is not cancelled by it.
    @Test func aLogoutReplacedBeforeItsPageFollowsNone() {
        var machine = Self.configured()
        let actions = machine.logoutRequested()
        guard case .startLogout(_, let startedAt)? = actions.last else {
            Issue.record("no logout started: \(actions)")
            return
        }
        _ = machine.authenticationRequested()
        let picker = Self.showPicker(in: &machine)
        let (followed, pageActions) = machine.logoutPageShown(startedAt: startedAt)
        #expect(followed == nil)
        #expect(pageActions == [])
        #expect(machine.appRequest == .picker(picker))
    }

    /// A flow's cancellation (or the viewer closing its Safari page) ends only its own request.
    @Test func cancellingOneRequestLeavesANewerOne() {
        var machine = Self.configured()
        let old = Self.showLoginPage(in: &machine)
        let picker = Self.showPicker(in: &machine)
        let supersessions = machine.supersessions
        #expect(machine.waitingCancelled(only: old) == [])
        #expect(machine.appRequest == .picker(picker))
        #expect(machine.supersessions == supersessions, "a single request's end supersedes no logout")
        #expect(machine.loginPageFailed(old, with: .presentationFailed) == [])
    }

    /// A login page with nothing to present it from fails with the presentation error.
    @Test func aPageWithNothingToPresentFromFails() {
        var machine = Self.configured()
        let page = Self.showLoginPage(in: &machine)
        #expect(machine.loginPageFailed(page, with: .presentationFailed) == [.failLoginPage(page, .presentationFailed)])
        #expect(machine.appRequest == nil)
    }

    // MARK: Code screen

    /// The code screen belongs to the flow that showed it: a newer flow takes it over, and the
    /// older flow's end does not close the newer one's.
    @Test func theCodeScreenBelongsToItsFlow() {
        var machine = Self.configured()
        let (first, _) = machine.authenticationRequested()
        machine.codeScreenOpened(first)
        machine.codeShown(first)
        let (second, _) = machine.authenticationRequested()
        #expect(machine.codeScreen == nil, "the new flow shows its own")
        machine.codeScreenOpened(second)
        machine.codeShown(first)
        #expect(machine.codeScreen == .init(flow: second, shown: false), "the older flow's code is not this screen's")
        machine.codeScreenClosed(first)
        #expect(machine.codeScreen?.flow == second)
        machine.codeShown(second)
        #expect(machine.providerSelected(nil) == [.leaveCodeScreen(second)])
        machine.codeScreenClosed(second)
        #expect(machine.codeScreen == nil)
    }

    /// Before its code shows, leaving is no cancel of the code screen: nil fails as a cancelled
    /// picker when nothing else waits.
    @Test func nilBeforeTheCodeShowsIsNoLeave() {
        var machine = Self.configured()
        let (flow, _) = machine.authenticationRequested()
        machine.codeScreenOpened(flow)
        #expect(machine.providerSelected(nil) == [.reportAuthentication(.failure(Self.pickerCancelled))])
    }
}
