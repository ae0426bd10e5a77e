import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// `statusDelegate` (`EntitlementStatus.status(_:)`): the advanced codes the adapter reports today,
/// each just before the callback of the call it belongs to.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct LegacyStatusTests {
    func harness(_ backend: AccessEnabler.Backend) -> LegacyHarness {
        let harness = LegacyHarness(backend: backend)
        harness.legacy.statusDelegate = harness.delegate
        harness.delegate.recordStatus = true
        return harness
    }

    /// `checkAuthorization` checks the authentication first and reports that check exactly as
    /// `checkAuthentication` does, its advanced status included.
    @Test(arguments: legacyBackends)
    func checkAuthorizationReportsItsAuthenticationCheckAsCheckAuthenticationDoes(
        backend: AccessEnabler.Backend
    ) async throws {
        let harness = harness(backend)
        await harness.configure()
        harness.legacy.checkAuthentication()
        let checked = await harness.delegate.next(2)
        let checkReport = try #require(harness.delegate.statusReports.last)
        let reportsBefore = harness.delegate.statusReports.count

        harness.legacy.checkAuthorization("news")
        let authorization = await harness.delegate.next(4)
        #expect(Array(authorization.prefix(2)) == checked)
        #expect(harness.delegate.statusReports.dropFirst(reportsBefore).first == checkReport)
    }

    @Test(arguments: legacyBackends)
    func configurationAuthenticationAndAuthorizationCodes(backend: AccessEnabler.Backend) async throws {
        let harness = harness(backend)
        harness.legacy.setRequestor("NOPE")
        #expect(await harness.delegate.next(2) == ["status(CFG400)", "setRequestorComplete(0)"])
        #expect(harness.delegate.statusReports.last?["level"] == "error")
        await harness.configure()

        harness.legacy.checkAuthentication()
        #expect(
            await harness.delegate.next(2) == [
                "status(N000)", "setAuthenticationStatus(0, \"User Not Authenticated Error\")",
            ])
        #expect(harness.delegate.statusReports.last?["level"] == "info")

        harness.legacy.getAuthentication()
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider(nil)
        #expect(
            await harness.delegate.next(2) == [
                "status(N005)", "setAuthenticationStatus(0, \"Provider not Selected Error\")",
            ])

        harness.legacy.checkAuthorization("news")
        let unauthenticated = await harness.delegate.next(4)
        #expect(unauthenticated[0] == "status(N000)")
        #expect(unauthenticated[1] == "setAuthenticationStatus(0, \"User Not Authenticated Error\")")
        #expect(unauthenticated[2] == "status(N130)")
        #expect(unauthenticated[3].hasPrefix("tokenRequestFailed(news, \"User Not Authenticated Error\""))
        #expect(harness.delegate.statusReports.last?["resource"] == "news")

        try await harness.signIn("AutoCable")
        harness.legacy.checkAuthorization("premium")
        let denied = await harness.delegate.next(3)
        #expect(denied[0] == "setAuthenticationStatus(1, \"\")")
        #expect(denied[1] == "status(Z100)")
        #expect(denied[2].hasPrefix("tokenRequestFailed(premium, \"User not Authorized Error\""))
        let report = try #require(harness.delegate.statusReports.last)
        #expect(report["level"] == "error")
        #expect(report["resource"] == "premium")
        #expect(report["message"]?.contains("\"premium\" channel") == true, "the MVPD's message")
        #expect(Set(report.keys) == ["errorId", "level", "message", "details", "resource"])
    }

    @Test(arguments: legacyBackends)
    func tempPassCodes(backend: AccessEnabler.Backend) async {
        let harness = harness(backend)
        await harness.configure()
        harness.legacy.setSelectedProvider("TempPass")
        #expect(await harness.delegate.next(2) == ["status(N011)", "setAuthenticationStatus(1, \"\")"])
        harness.legacy.checkAuthorization("news")
        #expect(
            await harness.delegate.next(3) == [
                "setAuthenticationStatus(1, \"\")", "status(Z011)", "setToken(<token>, news)",
            ])
    }

    @Test func loggingOutAnAppleTVProviderSignInReportsVSA203() async throws {
        let harness = harness(.restV2)
        await harness.configure()
        let deviceID = try #require(try await harness.legacy.accessEnabler.getMetadata(.deviceID).value.stringValue)
        await harness.emulator.grantProfile(
            mvpd: "AutoCable", userID: "sso-user", type: "appleSSO", ttl: 7200,
            requestor: "REF", deviceID: deviceID)
        _ = try await harness.legacy.accessEnabler.refreshAuthentication()
        harness.legacy.logout()
        #expect(
            await harness.delegate.next(2) == [
                "status(VSA203)", "setAuthenticationStatus(0, \"User Not Authenticated Error\")",
            ])
        #expect(harness.delegate.statusReports.last?["details"] == "AutoCable")
    }

    @Test func withoutAStatusDelegateNothingElseChanges() async {
        let harness = LegacyHarness(backend: .restV2)
        await harness.configure()
        harness.legacy.checkAuthentication()
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"User Not Authenticated Error\")"])
        #expect(harness.delegate.statusReports.isEmpty)
    }
}

/// The legacy methods can be called from any thread, as the Objective-C SDK's could; the work and
/// the callbacks still run on the main actor, in call order.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct LegacyThreadingTests {
    @Test(arguments: legacyBackends)
    func callsFromAnotherThreadRunOnTheMainActorInOrder(backend: AccessEnabler.Backend) async {
        let harness = LegacyHarness(backend: backend)
        let legacy = harness.legacy
        await Task.detached {
            legacy.setRequestor("REF")
            legacy.checkAuthentication()
            legacy.getSelectedProvider()
        }.value
        #expect(
            await harness.delegate.next(3) == [
                "setRequestorComplete(1)", "setAuthenticationStatus(0, \"User Not Authenticated Error\")",
                "selectedProvider(nil)",
            ])
    }

    @Test func theDelegatesAreHeldWeakly() {
        LegacyTaskStart.applyEnvironment()
        let legacy = LegacyAccessEnabler("statement")
        do {
            let delegate = RecordingDelegate()
            legacy.delegate = delegate
            legacy.statusDelegate = delegate
            #expect(legacy.delegate === delegate)
        }
        #expect(legacy.delegate == nil)
        #expect(legacy.statusDelegate == nil)
    }
}
