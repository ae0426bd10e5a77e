import AccessEnabler
import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// `setRequestor` on return to the foreground re-syncs a signed-in viewer with the server, after
/// `setRequestorComplete` (which the stored configuration answers at once).
@MainActor
@Suite struct LegacyForegroundSyncTests {
    /// A logout made elsewhere while the app was in the background: `setRequestorComplete(1)`,
    /// then the sync finds no session on the server and reports the viewer signed out.
    @Test(arguments: legacyBackends)
    func aLogoutMadeElsewhereIsReportedAfterSetRequestorComplete(backend: AsyncAccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        try await harness.signIn("AutoCable")
        await harness.emulator.invalidateSessions()

        harness.legacy.setRequestor("REF")
        #expect(
            await harness.delegate.next(2) == [
                "setRequestorComplete(1)", "setAuthenticationStatus(0, \"User Not Authenticated Error\")",
            ])
        harness.legacy.checkAuthentication()
        #expect(
            await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"User Not Authenticated Error\")"],
            "the local session is gone too")
    }

    /// The server still holds the session: the sync asks it once (REST v2: the profiles, not the
    /// configuration) and reports nothing, and the viewer stays signed in.
    @Test func aSessionTheServerStillHoldsStaysWithoutACallback() async throws {
        let harness = LegacyHarness(backend: .restV2)
        await harness.configure()
        try await harness.signIn("AutoCable")
        await harness.emulator.clearRequestLog()

        harness.legacy.setRequestor("REF")
        #expect(await harness.delegate.next(1) == ["setRequestorComplete(1)"])
        try await harness.emulator.waitForRequests(to: .profiles, count: 1)
        harness.legacy.checkAuthentication()
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        #expect(await harness.emulator.requests.map(\.route) == [.profiles])
    }
}
