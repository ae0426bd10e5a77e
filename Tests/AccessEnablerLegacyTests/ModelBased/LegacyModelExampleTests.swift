import AccessEnabler
@testable import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// Sequences the model-based runs shrank to, replayed as they were found, so each stays fixed
/// whatever seeds later runs draw.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(5))) struct LegacyModelExampleTests {
    /// A session the server forgot is a signed-out viewer to `checkPreauthorizedResources`: an
    /// empty list and no `P100` (found when the store's change marker let this process read
    /// another's login; the preauthorization then met the server's "session gone").
    @Test func aSessionTheServerForgotIsNoPreauthorizationFailure() async {
        await LegacyModelRunner(tally: nil).expectNoViolation(
            setup: .init(backend: .restV2, serviceProviders: 1, safariCablevision: false, secondScreen: false),
            steps: [
                .setRequestor,
                .otherProcessSignsIn("AutoCable"),
                .serverForgetsSessions,
                .checkPreauthorizedResources(["news", "kids"], cache: false),
            ])
    }

    /// The same with the preauthorization held until after the server forgot the session: its
    /// "session gone" answer removes the session locally when it comes (seed 383918475; the
    /// model had left the login in place for a held request).
    @Test func aSessionTheServerForgotIsRemovedWhenAHeldPreauthorizationIsAnswered() async {
        await LegacyModelRunner(tally: nil).expectNoViolation(
            setup: .init(backend: .restV2, serviceProviders: 2, safariCablevision: false, secondScreen: false),
            steps: [
                .setRequestor,
                .otherProcessSignsIn("Cablevision"),
                .serverForgetsSessions,
                .answered(.late, .checkPreauthorizedResources(["news"], cache: false)),
            ])
    }

    /// The same when the server forgets the session while it holds the preauthorization: the
    /// late "session gone" answer removes the session it was sent for, on both APIs (found by
    /// hand from the example above; the model had left the login of a disturbed request alone).
    @Test(arguments: [AsyncAccessEnabler.Backend.restV2, .restV1])
    func aSessionForgottenWhileAPreauthorizationIsHeldIsRemovedWhenItIsAnswered(backend: AsyncAccessEnabler.Backend)
        async
    {
        await LegacyModelRunner(tally: nil).expectNoViolation(
            setup: .init(backend: backend, serviceProviders: 2, safariCablevision: false, secondScreen: false),
            steps: [
                .setRequestor,
                .otherProcessSignsIn("Cablevision"),
                .answered(.late, .checkPreauthorizedResources(["news"], cache: false)),
                .serverForgetsSessions,
                .serverReleasesHeldRequests,
            ])
    }

    /// The foreground re-sync adopts the profile of a login whose redirect has not come back yet,
    /// and leaves its report to the flow: one `setAuthenticationStatus(1, "")`, when the flow ends.
    @Test func theForegroundSyncLeavesARunningFlowsSignInToTheFlow() async {
        await LegacyModelRunner(tally: nil).expectNoViolation(
            setup: .init(backend: .restV2, serviceProviders: 1, safariCablevision: false, secondScreen: false),
            steps: [
                .setRequestor,
                .setSelectedProvider("AutoCable"),
                .viewerCompletesPage,
                .setRequestor,
            ])
    }

    /// A login adopted by the foreground re-sync after a logout is a login, not one that survived
    /// the logout.
    @Test func aLoginAdoptedAfterALogoutIsANewLogin() async {
        await LegacyModelRunner(tally: nil).expectNoViolation(
            setup: .init(backend: .restV2, serviceProviders: 1, safariCablevision: false, secondScreen: false),
            steps: [
                .setRequestor,
                .logout,
                .setSelectedProvider("AutoCable"),
                .viewerCompletesPage,
                .setRequestor,
            ])
    }

    /// A preauthorization that fails for a viewer signed in by another process is `P100` and an
    /// empty list: this process reads that login from the store (its change marker).
    @Test func aFailedPreauthorizationOfAnotherProcesssLoginIsP100() async {
        await LegacyModelRunner(tally: nil).expectNoViolation(
            setup: .init(backend: .restV2, serviceProviders: 1, safariCablevision: false, secondScreen: false),
            steps: [
                .setRequestor,
                .otherProcessSignsIn("AutoCable"),
                .answered(.dropped, .checkPreauthorizedResources(["news", "premium", "kids", "sports"], cache: false)),
            ])
    }

    /// A login another process completes while this one's logout page is on screen survives the
    /// logout's end: it came after the logout's clearing.
    @Test func aLoginMadeWhileTheLogoutPageIsShownSurvivesIt() async {
        await LegacyModelRunner(tally: nil).expectNoViolation(
            setup: .init(backend: .restV2, serviceProviders: 1, safariCablevision: false, secondScreen: false),
            steps: [
                .otherProcessSignsIn("AutoCable"),
                .setRequestor,
                .logout,
                .otherProcessSignsIn("Cablevision"),
                .timePasses(seconds: 31),
            ])
    }

    /// The foreground re-sync reports no sign-out for a session that had expired: the app was
    /// told nothing of a sign-in then (a TempPass, and another process's login).
    @Test(arguments: [LegacyModelStep.setSelectedProvider("TempPass"), .otherProcessSignsIn("Cablevision")])
    func theForegroundSyncReportsNoSignOutOfAnExpiredSession(login: LegacyModelStep) async {
        await LegacyModelRunner(tally: nil).expectNoViolation(
            setup: .init(backend: .restV2, serviceProviders: 1, safariCablevision: true, secondScreen: false),
            steps: [.setRequestor, login, .timePasses(seconds: 3601), .setRequestor])
    }

    /// A registration code on screen for an MVPD another process then signs in with ends with the
    /// sign-in at the next poll: the device's profile is there.
    @Test func aCodeFlowEndsWithAnotherProcesssLoginWithItsMVPD() async {
        await LegacyModelRunner(tally: nil).expectNoViolation(
            setup: .init(backend: .restV2, serviceProviders: 1, safariCablevision: false, secondScreen: true),
            steps: [
                .setRequestor,
                .setSelectedProvider("Cablevision"),
                .otherProcessSignsIn("Cablevision"),
                .timePasses(seconds: 3),
            ])
    }

    /// A foreground re-sync while the logout's server call is unanswered leaves the session to
    /// the logout: it neither sends the logout itself (the MVPD's logout page would then never
    /// show) nor signs the viewer out before the logout does.
    @Test func theForegroundSyncLeavesTheSessionToALogoutWaitingForTheServer() async {
        await LegacyModelRunner(tally: nil).expectNoViolation(
            setup: .init(backend: .restV2, serviceProviders: 1, safariCablevision: true, secondScreen: false),
            steps: [
                .otherProcessSignsIn("AutoCable"),
                .setRequestor,
                .answered(.late, .logout),
                .setRequestor,
                .checkAuthorization("news"),
                .serverReleasesHeldRequests,
            ])
    }

    /// `setSelectedProvider` with the MVPD the viewer is signed in with (here through another
    /// process, on REST API v1) answers from the session, without a login page.
    @Test func choosingTheMVPDOfTheSessionAnswersFromIt() async {
        await LegacyModelRunner(tally: nil).expectNoViolation(
            setup: .init(backend: .restV1, serviceProviders: 1, safariCablevision: false, secondScreen: false),
            steps: [.setRequestor, .otherProcessSignsIn("AutoCable"), .setSelectedProvider("AutoCable")])
    }

    /// A foreground re-sync while a logout's server call is held changes nothing: the logout's
    /// page still shows once the server answers (REST API v2), and the viewer counts as signed in
    /// until then (REST API v1).
    @Test(arguments: [LegacyModelStep.serverReleasesHeldRequests, .checkAuthentication])
    func aReSyncLeavesALogoutWaitingForTheServerAlone(last: LegacyModelStep) async {
        await LegacyModelRunner(tally: nil).expectNoViolation(
            setup: .init(backend: .restV2, serviceProviders: 1, safariCablevision: false, secondScreen: false),
            steps: [.otherProcessSignsIn("Cablevision"), .setRequestor, .answered(.late, .logout), .setRequestor, last])
    }

    /// A sign-in that requests its session while a logout's server call is held is discarded when
    /// it completes after that logout cleared the tokens: the logout wins, and the flow fails.
    @Test func aSignInStartedWhileTheServerLogoutRunsIsDiscarded() async {
        await LegacyModelRunner(tally: nil).expectNoViolation(
            setup: .init(backend: .restV2, serviceProviders: 1, safariCablevision: true, secondScreen: false),
            steps: [
                .setRequestor,
                .setSelectedProvider("AutoCable"),
                .viewerCompletesPage,
                .handleExternalURL(.pageEnd),
                .answered(.late, .logout),
                .otherProcessLogsOut,
                .setSelectedProvider("Cablevision"),
                .serverReleasesHeldRequests,
                .viewerCompletesPage,
                .handleExternalURL(.pageEnd),
            ])
    }

    /// Another process signing in again with the same MVPD at the same instant (REST API v1)
    /// stores the authentication this instance holds already: it keeps its authorization, so a
    /// `checkAuthorization` asks for a media token at once rather than joining the held
    /// authorization request (fresh seed 1129411078, 400 steps; the model was wrong).
    @Test func anotherProcesssSameLoginKeepsThisInstancesAuthorization() async {
        await LegacyModelRunner(tally: nil).expectNoViolation(
            setup: .init(backend: .restV1, serviceProviders: 1, safariCablevision: false, secondScreen: false),
            steps: [
                .otherProcessSignsIn("Cablevision"),
                .setRequestor,
                .checkAuthorization("sports"),
                .otherProcessSignsIn("Cablevision"),
                .answered(.late, .getAuthorization("sports")),
                .answered(.dropped, .checkAuthorization("sports")),
            ])
    }

    /// Not fixed yet (fresh seed 2454007972, 400 steps, found 2026-11-28; fails the same way before
    /// that day's merges): an MVPD chosen (`setSelectedProvider`, Cablevision's login in Safari)
    /// while a logout's server call is held, then the logout's answer. The adapter's last page is
    /// AutoCable's logout page, while the model expects the viewer to finish the Cablevision login
    /// (its redirect), so the viewer's browser cannot finish the page it has. Which page the app
    /// should have on screen is the open question: the sign-in started during the server logout
    /// is discarded by the core, and queueing it behind the logout is the better behaviour.
    @Test func anMVPDChosenWhileTheLogoutIsHeldLeavesTwoPages() async {
        await withKnownIssue("the sign-in started during a held logout: which page is on screen") {
            await LegacyModelRunner(tally: nil).expectNoViolation(
                setup: .init(backend: .restV1, serviceProviders: 2, safariCablevision: true, secondScreen: false),
                steps: [
                    .setRequestor,
                    .setSelectedProvider("AutoCable"),
                    .viewerCompletesPage,
                    .handleExternalURL(.pageEnd),
                    .answered(.late, .logout),
                    .setSelectedProvider("Cablevision"),
                    .serverReleasesHeldRequests,
                    .viewerCompletesPage,
                ])
        }
    }
}
