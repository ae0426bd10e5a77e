import AccessEnabler
@testable import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// `setRequestor` on return to the foreground re-syncs a signed-in viewer with the server, after
/// `setRequestorComplete` (which the stored configuration answers at once).
@MainActor
@Suite(.timeLimit(.minutes(5))) struct LegacyForegroundSyncTests {
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

    /// A logout queued behind `setRequestor` for a viewer whose session the server no longer holds:
    /// the sign-out is reported once, by the logout, not also by the sync.
    @Test(arguments: legacyBackends)
    func aQueuedLogoutReportsTheSignOutOnce(backend: AsyncAccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        try await harness.signIn("AutoCable")
        await harness.emulator.invalidateSessions()

        let callsBefore = harness.delegate.calls.count
        let navigationsBefore = harness.delegate.navigations.count
        let session = harness.legacy.session

        let logoutsBefore = session.logoutsStarted
        harness.legacy.setRequestor("REF")
        harness.legacy.logout()
        await session.requestorSetup?.value(awaiting: "the requestor setup and its sync")
        await eventually("the logout starts") { session.logoutsStarted > logoutsBefore }
        await eventually("the logout ends or shows its page") {
            session.logoutsRunning == 0 || harness.delegate.navigations.count > navigationsBefore
        }
        if session.logoutsRunning > 0 { harness.legacy.handleExternalURL(ADOBEPASS_REDIRECT_URL) }
        await eventually("the logout ends") { session.logoutsRunning == 0 }
        // Ordered after every callback the sync and the logout sent.
        harness.legacy.getSelectedProvider()
        await eventually("every callback arrives") { harness.delegate.calls.last == "selectedProvider(nil)" }
        let calls = Array(harness.delegate.calls[callsBefore...])
        #expect(calls.first == "setRequestorComplete(1)")
        #expect(
            calls.filter { $0.hasPrefix("setAuthenticationStatus") } == [
                "setAuthenticationStatus(0, \"User Not Authenticated Error\")"
            ], "\(calls)")
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
        // Until the sync has finished: a callback it sent would come before checkAuthentication's.
        await harness.legacy.session.requestorSetup?.value(awaiting: "the requestor setup and its sync")
        harness.legacy.checkAuthentication()
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        #expect(await harness.emulator.requests.map(\.route) == [.profiles])
    }
}
