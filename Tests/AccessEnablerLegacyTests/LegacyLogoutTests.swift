@testable import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// `logout` on iOS reports `setAuthenticationStatus(0, …)` when the logout page is done: when the
/// app hands its redirect back, when a new flow replaces it, or when it can no longer finish.
@MainActor
@Suite struct LegacyLogoutTests {
    /// The app never hands the page back: the status comes once ``LegacySession/logoutPageLimit``
    /// has passed on the SDK's clock, not before.
    @Test(arguments: legacyBackends)
    func aLogoutPageThatNeverFinishesEndsAtTheLimit(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        try await harness.signIn("Cablevision")
        harness.legacy.logout()
        #expect(await harness.delegate.next(1) == ["navigate(toUrl: /adobe-services/logout)"])
        await eventually("the logout waits on the clock") { harness.clock.pendingSleeps == 1 }

        harness.clock.advance(by: LegacySession.logoutPageLimit - .seconds(1))
        harness.legacy.getSelectedProvider()
        #expect(await harness.delegate.next(1) == ["selectedProvider(nil)"], "no status before the limit")
        harness.clock.advance(by: .seconds(1))
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"User Not Authenticated Error\")"])
        #expect(harness.clock.pendingSleeps == 0)
    }

    /// A new flow replaces the logout page: the logout reports first, then the new flow runs.
    @Test func aNewFlowEndsTheLogoutPage() async throws {
        let harness = LegacyHarness(backend: .restV2)
        await harness.configure()
        try await harness.signIn("Cablevision")
        harness.legacy.logout()
        #expect(await harness.delegate.next(1) == ["navigate(toUrl: /adobe-services/logout)"])
        harness.legacy.getAuthentication()
        #expect(
            await harness.delegate.next(2) == [
                "setAuthenticationStatus(0, \"User Not Authenticated Error\")",
                "displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])",
            ])
    }
}
