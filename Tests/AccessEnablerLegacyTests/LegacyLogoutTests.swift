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
    func aLogoutPageThatNeverFinishesEndsAtTheLimit(backend: AsyncAccessEnabler.Backend) async throws {
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

    /// A new flow replaces the logout page: the logout reports, and the new flow runs (its picker
    /// is not cancelled by the logout, which may still be clearing storage when the flow starts).
    @Test func aNewFlowEndsTheLogoutPage() async throws {
        let harness = LegacyHarness(backend: .restV2)
        await harness.configure()
        try await harness.signIn("Cablevision")
        harness.legacy.logout()
        #expect(await harness.delegate.next(1) == ["navigate(toUrl: /adobe-services/logout)"])
        harness.legacy.getAuthentication()
        #expect(
            Set(await harness.delegate.next(2)) == [
                "setAuthenticationStatus(0, \"User Not Authenticated Error\")",
                "displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])",
            ])
        harness.legacy.setSelectedProvider("AutoCable")
        let login = await harness.delegate.next(1)
        #expect(
            login.first?.hasPrefix("navigate(toUrl: /api/v2") == true, "the new flow's picker was answered: \(login)")
    }
}
