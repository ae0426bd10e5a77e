import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// Sequences the async model's runs shrank to, replayed as they were found, so each stays fixed
/// whatever seeds later runs draw.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(5))) struct AsyncModelExampleTests {
    /// Every call that needs the session reads another process's login, as `checkAuthentication`
    /// does, also once this instance has read the store (here for a refresh still in flight):
    /// `authorize` answered "not signed in" from memory.
    @Test(arguments: AccessEnabler.Backend.allCases)
    func authorizeSeesAnotherProcesssLogin(backend: AccessEnabler.Backend) async {
        await AsyncModelRunner(tally: nil).expectNoViolation(
            setup: .init(backend: backend),
            steps: [
                .setRequestor,
                .answered(.late, .refreshAuthentication),
                .otherProcessSignsIn("AutoCable"),
                .authorize("sports"),
            ])
    }

    /// A refresh while a logout's page is on screen (its server call answered) finds the session
    /// gone on the server, as before a logout of this instance waited for its server call.
    @Test func aRefreshDuringTheLogoutPageSeesTheServersAnswer() async {
        await AsyncModelRunner(tally: nil).expectNoViolation(
            setup: .init(backend: .restV2),
            steps: [
                .setRequestor,
                .otherProcessSignsIn("AutoCable"),
                .logout(page: true),
                .refreshAuthentication,
            ])
    }

    /// Another process's login with the same profile keeps this instance's cached decisions only
    /// when it stored the same authentication (the same instant); a later one replaces it, and
    /// the decisions go with the old one.
    @Test func anotherProcesssLoginKeepsTheDecisionsOnlyOfTheSameAuthentication() async {
        await AsyncModelRunner(tally: nil).expectNoViolation(
            setup: .init(backend: .restV2),
            steps: [
                .setRequestor,
                .otherProcessSignsIn("Cablevision"),
                .timePasses(seconds: 3),
                .preauthorize(["sports", "news", "kids", "premium"], cache: false),
                .otherProcessSignsIn("Cablevision"),
                .serverForgetsSessions,
                .preauthorize(["news"], cache: true),
            ])
        await AsyncModelRunner(tally: nil).expectNoViolation(
            setup: .init(backend: .restV2),
            steps: [
                .setRequestor,
                .authenticate(force: true),
                .viewerPicks("AutoCable"),
                .viewerCompletesPage,
                .answered(.late, .preauthorize(["news", "kids", "sports"], cache: false)),
                .serverReleasesHeldRequests,
                .otherProcessSignsIn("AutoCable"),
                .logout(page: true),
                .preauthorize(["news"], cache: true),
            ])
    }

    /// A refresh that read the session before another process signed in makes no change when
    /// its answer comes: it answers with that login, not with a profile the server holds beside
    /// it (the code's, here). CI seed 2539754097, once the other process acts at any time.
    @Test func aRefreshAnsweredAfterAnotherProcesssLoginKeepsThatLogin() async {
        await AsyncModelRunner(tally: nil).expectNoViolation(
            setup: .init(backend: .restV2),
            steps: [
                .setRequestor,
                .answered(.late, .refreshAuthentication),
                .otherProcessSignsIn("AutoCable"),
                .secondScreenSignIn(mvpd: nil, force: true),
                .viewerActivatesCode("Cablevision"),
                .serverReleasesHeldRequests,
            ])
    }
}
