import AccessEnabler
import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// `setSelectedProvider(id)` outside a picker starts a sign-in with that MVPD, unless the viewer
/// is signed in with it already.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct LegacySelectedProviderTests {
    /// Signed in with AutoCable: choosing AutoCable again answers from the session, with no login
    /// page and no request; choosing another MVPD still signs in anew.
    @Test(arguments: legacyBackends)
    func theMVPDSignedInAlreadyNeedsNoNewLogin(backend: AsyncAccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        try await harness.signIn("AutoCable")
        await harness.emulator.clearRequestLog()
        let navigationsBefore = harness.delegate.navigations.count

        harness.legacy.setSelectedProvider("AutoCable")
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        #expect(harness.delegate.navigations.count == navigationsBefore, "no login page")
        #expect(await harness.emulator.requests.isEmpty)

        harness.legacy.setSelectedProvider("Cablevision")
        #expect(await harness.delegate.next(1).first?.hasPrefix("navigate(toUrl:") == true, "another MVPD: a login")
        harness.legacy.handleExternalURL(try await harness.loadLastNavigation(mvpd: "Cablevision"))
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        harness.legacy.getSelectedProvider()
        #expect(await harness.delegate.next(1) == ["selectedProvider(Cablevision)"])
    }

    /// While a logout runs, the viewer is signed out for the app: `getSelectedProvider` answers
    /// nil even though the core clears its storage only after the server answered (held here)
    /// and the logout page. The CI run of 2026-12-01 caught the race this decides (the read
    /// reached the token cache before the clearing).
    @Test(arguments: legacyBackends)
    func aRunningLogoutHasNoSelectedProvider(backend: AsyncAccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        try await harness.signIn("AutoCable")
        let gate = EmulatorGate()
        let route: EmulatorRoute = backend == .restV1 ? .logout : .logoutV2
        await harness.emulator.inject(.hold(gate), on: route)
        harness.legacy.logout()
        try await harness.emulator.waitForRequests(to: route, count: 1)
        harness.legacy.getSelectedProvider()
        #expect(await harness.delegate.next(1) == ["selectedProvider(nil)"])
        gate.open()
    }

    /// The choice answered from the session does not linger: the next forced sign-in shows the
    /// picker.
    @Test func theChoiceAnsweredFromTheSessionDoesNotReachTheNextFlow() async throws {
        let harness = LegacyHarness(backend: .restV2)
        await harness.configure()
        try await harness.signIn("AutoCable")
        harness.legacy.setSelectedProvider("AutoCable")
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        harness.legacy.getAuthentication(true)
        #expect(
            await harness.delegate.next(1) == ["displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])"])
    }
}
