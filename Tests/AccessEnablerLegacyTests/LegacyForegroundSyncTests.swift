import AccessEnabler
@testable import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// `setRequestor` on return to the foreground re-syncs the viewer with the server, after
/// `setRequestorComplete` (which the stored configuration answers at once): a signed-in viewer's
/// session, or a signed-out viewer's sign-in made elsewhere.
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

        let logoutsBefore = session.state.machine.logouts.started
        harness.legacy.setRequestor("REF")
        harness.legacy.logout()
        await session.requestorSetup?.value(awaiting: "the requestor setup and its sync")
        await eventually("the logout starts") { session.state.machine.logouts.started > logoutsBefore }
        await eventually("the logout ends or shows its page") {
            session.state.machine.logouts.running == 0 || harness.delegate.navigations.count > navigationsBefore
        }
        if session.state.machine.logouts.running > 0 { harness.legacy.handleExternalURL(ADOBEPASS_REDIRECT_URL) }
        await eventually("the logout ends") { session.state.machine.logouts.running == 0 }
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

    // MARK: A sign-in made elsewhere

    /// The device identifier's seed the programmer's apps share (in an app: through a Keychain
    /// access group).
    static let sharedDeviceSeed = "shared-device-seed"

    /// A harness whose adapter shares the device identifier with the "other app".
    func sharingHarness(_ backend: AsyncAccessEnabler.Backend) -> LegacyHarness {
        LegacyHarness(backend: backend) { $0.deviceIDSeed = Self.sharedDeviceSeed }
    }

    /// Another of the programmer's apps on the device: its own registration (software statement)
    /// and storage, the same device identifier and requestor; the viewer signs in there.
    func signInInAnotherApp(_ harness: LegacyHarness, backend: AsyncAccessEnabler.Backend) async throws {
        var configuration = LegacyHarness.configuration(on: harness.emulator, clock: harness.clock, backend: backend)
        configuration.deviceIDSeed = Self.sharedDeviceSeed
        let otherApp = AsyncAccessEnabler(softwareStatement: "other-app-statement", configuration: configuration)
        try await otherApp.setRequestor("REF")
        try await otherApp.authenticate(
            presenter: HeadlessPresenter(mvpdID: "AutoCable", transport: harness.emulator.transport))
    }

    /// The route that lists the server's authentication for the device.
    func profileRoute(_ backend: AsyncAccessEnabler.Backend) -> EmulatorRoute {
        backend == .restV2 ? .profiles : .authenticationToken
    }

    /// Signed out here, signed in in another app meanwhile: the foreground `setRequestor` asks the
    /// server once, adopts the profile, and reports the sign-in after `setRequestorComplete`.
    @Test(arguments: legacyBackends)
    func theReSyncAdoptsASignInMadeInAnotherApp(backend: AsyncAccessEnabler.Backend) async throws {
        let harness = sharingHarness(backend)
        await harness.configure()
        harness.legacy.checkAuthentication()
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"User Not Authenticated Error\")"])

        try await signInInAnotherApp(harness, backend: backend)
        await harness.emulator.clearRequestLog()
        harness.legacy.setRequestor("REF")
        #expect(await harness.delegate.next(2) == ["setRequestorComplete(1)", "setAuthenticationStatus(1, \"\")"])
        #expect(await harness.emulator.requests(to: profileRoute(backend)).count == 1, "one request for the profiles")

        harness.legacy.checkAuthentication()
        harness.legacy.getSelectedProvider()
        #expect(
            await harness.delegate.next(2) == ["setAuthenticationStatus(1, \"\")", "selectedProvider(AutoCable)"])
        harness.legacy.checkAuthorization("news")
        #expect(await harness.delegate.next(2).last == "setToken(<token>, news)", "the adopted session authorizes")
    }

    /// A signed-out launch asks nothing more, even when the server holds a profile for the device:
    /// only the re-sync looks for one.
    @Test(arguments: legacyBackends)
    func aSignedOutLaunchDoesNotAskForProfiles(backend: AsyncAccessEnabler.Backend) async throws {
        let harness = sharingHarness(backend)
        try await signInInAnotherApp(harness, backend: backend)
        await harness.emulator.clearRequestLog()

        harness.legacy.setRequestor("REF")
        #expect(await harness.delegate.next(1) == ["setRequestorComplete(1)"])
        await harness.legacy.session.requestorSetup?.value(awaiting: "the requestor setup")
        #expect(await harness.emulator.requests(to: profileRoute(backend)).isEmpty)
        harness.legacy.checkAuthentication()
        #expect(
            await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"User Not Authenticated Error\")"],
            "no sign-in was reported or adopted")
    }

    /// The re-sync of a viewer signed out here and everywhere: one request, no callback beyond
    /// `setRequestorComplete`.
    @Test(arguments: legacyBackends)
    func aSignedOutReSyncWithNothingOnTheServerReportsNothing(backend: AsyncAccessEnabler.Backend) async throws {
        let harness = sharingHarness(backend)
        await harness.configure()
        await harness.emulator.clearRequestLog()

        harness.legacy.setRequestor("REF")
        #expect(await harness.delegate.next(1) == ["setRequestorComplete(1)"])
        await harness.legacy.session.requestorSetup?.value(awaiting: "the requestor setup and its sync")
        #expect(await harness.emulator.requests(to: profileRoute(backend)).count == 1)
        harness.legacy.checkAuthentication()
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"User Not Authenticated Error\")"])
    }

    /// A retry after a failed configuration is no re-sync: it asks nothing more.
    @Test func aRetryAfterAFailedConfigurationIsNoReSync() async throws {
        let harness = sharingHarness(.restV2)
        try await signInInAnotherApp(harness, backend: .restV2)
        await harness.emulator.inject(.status(503, body: "", contentType: "text/plain"), on: .configurationV2)
        await harness.emulator.clearRequestLog()
        harness.legacy.setRequestor("REF")
        #expect(await harness.delegate.next(1) == ["setRequestorComplete(0)"])
        harness.legacy.setRequestor("REF")
        #expect(await harness.delegate.next(1) == ["setRequestorComplete(1)"])
        await harness.legacy.session.requestorSetup?.value(awaiting: "the requestor setup")
        #expect(await harness.emulator.requests(to: .profiles).isEmpty)
    }
}
