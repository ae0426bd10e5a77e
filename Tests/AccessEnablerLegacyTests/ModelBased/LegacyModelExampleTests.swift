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
}
