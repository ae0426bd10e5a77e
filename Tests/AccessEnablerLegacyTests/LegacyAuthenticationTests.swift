import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

@MainActor
@Suite(.timeLimit(.minutes(5))) struct LegacyAuthenticationTests {
    @Test(arguments: legacyBackends)
    func setRequestorCompletesWithSuccessOrError(backend: AccessEnabler.Backend) async {
        let harness = LegacyHarness(backend: backend)
        harness.legacy.setRequestor("REF", serviceProviders: [harness.emulator.baseURL.absoluteString])
        #expect(await harness.delegate.next(1) == ["setRequestorComplete(1)"])
        harness.legacy.setRequestor("NOPE")
        #expect(await harness.delegate.next(1) == ["setRequestorComplete(0)"])
        harness.legacy.setRequestor("REF", serviceProviders: ["http://not-loopback.example"])
        #expect(await harness.delegate.next(1) == ["setRequestorComplete(0)"])
    }

    @Test(arguments: legacyBackends)
    @available(*, deprecated)
    func deprecatedSetRequestorFormsStillConfigure(backend: AccessEnabler.Backend) async {
        let harness = LegacyHarness(backend: backend)
        harness.legacy.setRequestor("REF", signedRequestorId: "signature")
        #expect(await harness.delegate.next(1) == ["setRequestorComplete(1)"])
        harness.legacy.setRequestor("REF", signedRequestorId: "s", serviceProviders: [harness.emulator.baseURL])
        #expect(await harness.delegate.next(1) == ["setRequestorComplete(1)"])
        harness.legacy.setRequestor("REF", signedRequestorId: "s", secret: "secret", publicKey: "key")
        #expect(await harness.delegate.next(1) == ["setRequestorComplete(1)"])
        harness.legacy.setRequestor(
            "REF", signedRequestorId: "s", serviceProviders: [harness.emulator.baseURL.absoluteString],
            secret: "secret", publicKey: "key")
        #expect(await harness.delegate.next(1) == ["setRequestorComplete(1)"])
        // The spellings of Adobe's 3.0 migration guide.
        harness.legacy.setRequestor("REF", setSignedRequestorId: "s")
        #expect(await harness.delegate.next(1) == ["setRequestorComplete(1)"])
        harness.legacy.setRequestor("REF", setSignedRequestorId: "s", secret: "secret", publicKey: "key")
        #expect(await harness.delegate.next(1) == ["setRequestorComplete(1)"])
    }

    @Test(arguments: legacyBackends)
    func checkAuthenticationBeforeAndAfterLogin(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        harness.delegate.recordTracking = true
        await harness.configure()
        harness.legacy.checkAuthentication()
        #expect(
            await harness.delegate.next(2) == [
                "setAuthenticationStatus(0, \"User Not Authenticated Error\")",
                "sendTrackingData(0, [\"false\", \"\", \"\", \"false\"])",
            ])
        harness.delegate.recordTracking = false
        try await harness.signIn("AutoCable")
        harness.delegate.recordTracking = true
        harness.legacy.checkAuthentication()
        let calls = await harness.delegate.next(2)
        #expect(calls[0] == "setAuthenticationStatus(1, \"\")")
        // [2] is the MD5 of the user ID "bob-user-id".
        #expect(calls[1] == "sendTrackingData(0, [\"true\", \"AutoCable\", \"\(md5("bob-user-id"))\", \"true\"])")
    }

    @Test(arguments: legacyBackends)
    func choosingAnotherProviderDuringLoginGoesStraightToItsLogin(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        harness.legacy.getAuthentication()
        #expect(
            await harness.delegate.next(1) == ["displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])"])
        harness.legacy.setSelectedProvider("Cablevision")
        #expect(try #require(await harness.delegate.next(1).first).hasPrefix("navigate(toUrl: "))

        // The viewer changes their mind while Cablevision's page is open.
        harness.legacy.setSelectedProvider("AutoCable")
        #expect(try #require(await harness.delegate.next(1).first).hasPrefix("navigate(toUrl: "))
        harness.legacy.handleExternalURL(try await harness.loadLastNavigation(mvpd: "AutoCable"))
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        // The superseded Cablevision flow ended without a callback of its own.
        #expect(
            harness.delegate.calls.filter { $0.hasPrefix("setAuthenticationStatus") } == [
                "setAuthenticationStatus(1, \"\")"
            ])
        #expect(await harness.legacy.accessEnabler.selectedProvider()?.id == "AutoCable")
    }

    @Test(arguments: legacyBackends)
    func aSecondGetAuthenticationSupersedesTheFirst(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        harness.legacy.getAuthentication()
        harness.legacy.getAuthentication()
        // One picker (the second flow's), and answering it completes that flow.
        #expect(
            await harness.delegate.next(1) == ["displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])"])
        harness.legacy.setSelectedProvider("AutoCable")
        #expect(try #require(await harness.delegate.next(1).first).hasPrefix("navigate(toUrl: "))
        harness.legacy.handleExternalURL(try await harness.loadLastNavigation(mvpd: "AutoCable"))
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        #expect(harness.delegate.calls.filter { $0.hasPrefix("displayProviderDialog") }.count == 1)
        #expect(harness.delegate.calls.filter { $0.hasPrefix("setAuthenticationStatus") }.count == 1)
    }

    @Test(arguments: legacyBackends)
    func getAuthenticationRunsTheDocumentedStateMachine(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        harness.delegate.recordTracking = true
        await harness.configure()
        harness.legacy.getAuthentication()
        #expect(
            await harness.delegate.next(1) == ["displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])"])
        harness.legacy.setSelectedProvider("Cablevision")
        let navigation = await harness.delegate.next(2)
        #expect(navigation[0].hasPrefix("sendTrackingData(2, [\"Cablevision\""))
        #expect(navigation[1].hasPrefix("navigate(toUrl: /api/v"))
        let landed = try await harness.loadLastNavigation(mvpd: "Cablevision")
        #expect(landed == ADOBEPASS_REDIRECT_URL)
        harness.legacy.handleExternalURL(landed)
        #expect(
            await harness.delegate.next(2) == [
                "setAuthenticationStatus(1, \"\")",
                "sendTrackingData(0, [\"true\", \"Cablevision\", \"\(md5("alice-user-id"))\", \"false\"])",
            ])
        // Already authenticated: answered at once, from the cache.
        harness.legacy.getAuthentication()
        #expect(
            await harness.delegate.next(2) == [
                "setAuthenticationStatus(1, \"\")",
                "sendTrackingData(0, [\"true\", \"Cablevision\", \"\(md5("alice-user-id"))\", \"true\"])",
            ])
    }

    @Test(arguments: legacyBackends)
    func forcedAuthenticationWithDataAndFiltersRunTheFlow(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        try await harness.signIn("AutoCable")
        harness.legacy.getAuthentication(true, withData: ["email": "viewer@example.com"])
        #expect(
            await harness.delegate.next(1) == ["displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])"])
        harness.legacy.setSelectedProvider(nil)
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"Provider not Selected Error\")"])
        harness.legacy.getAuthentication([TV_PROVIDERS: ["Cablevision"], FEATURED_TV_PROVIDERS: ["Cablevision"]])
        #expect(
            await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"],
            "authenticated: the filter changes nothing")
        // Forced, with another MVPD: the login page runs on both protocols.
        harness.legacy.getAuthentication(true, withData: [:], andFilter: [TV_PROVIDERS: ["Cablevision"]])
        #expect(
            await harness.delegate.next(1) == ["displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])"])
        harness.legacy.setSelectedProvider("Cablevision")
        #expect(await harness.delegate.next(1).first?.hasPrefix("navigate(toUrl: ") == true)
        harness.legacy.handleExternalURL(try await harness.loadLastNavigation(mvpd: "Cablevision"))
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
    }

    /// An MVPD login that reached the redirect URL without leaving a profile ends after the wait
    /// after the redirect (30 s by default) with the generic authentication error, not when the
    /// code expires 30 minutes later: the app's spinner stops.
    @Test func restV2LoginThatLeftNoProfileEndsWithTheGenericAuthenticationError() async throws {
        var scenario = EmulatorScenario.standard
        let index = try #require(scenario.mvpds.firstIndex { $0.id == "AutoCable" })
        scenario.mvpds[index].profileDelay = 7200
        let harness = LegacyHarness(backend: .restV2, scenario: scenario)
        await harness.configure()
        harness.legacy.getAuthentication()
        #expect(
            await harness.delegate.next(1) == ["displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])"])
        harness.legacy.setSelectedProvider("AutoCable")
        #expect(try #require(await harness.delegate.next(1).first).hasPrefix("navigate(toUrl: "))
        harness.legacy.handleExternalURL(try await harness.loadLastNavigation(mvpd: "AutoCable"))
        let before = harness.delegate.calls.count
        for _ in 1...9 {
            await eventually { harness.clock.pendingSleeps == 1 }
            harness.clock.advance(by: .seconds(3))
        }
        // At 27 s the tenth poll finds nothing: the flow ends, or (without the bound) sleeps again.
        await eventually { harness.delegate.calls.count > before || harness.clock.pendingSleeps == 1 }
        #expect(harness.delegate.calls.count > before, "the flow ended after the wait, not at the code's expiry")
        guard harness.delegate.calls.count > before else { return }
        #expect(
            Array(harness.delegate.calls[before...]) == ["setAuthenticationStatus(0, \"Generic Authentication Error\")"]
        )
        #expect(await harness.emulator.requests(to: .profile).count == 10, "every 3 s from 0 to 27 s")
        harness.legacy.checkAuthentication()
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"User Not Authenticated Error\")"])
    }

    @Test func restV2ForcedLoginWithAStillValidProfileNeedsNoBrowser() async throws {
        let harness = LegacyHarness(backend: .restV2)
        await harness.configure()
        try await harness.signIn("AutoCable")
        let navigations = harness.delegate.navigations.count
        harness.legacy.getAuthentication(true, withData: [:])
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider("AutoCable")
        // The session answers "authorize / authenticated": straight to the result.
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        #expect(harness.delegate.navigations.count == navigations)
    }

    @Test(arguments: legacyBackends)
    func cancellingInThePickerOrTheWebViewIsProviderNotSelected(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        harness.legacy.getAuthentication()
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider(nil)
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"Provider not Selected Error\")"])

        harness.legacy.getAuthentication()
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider("Cablevision")
        #expect(await harness.delegate.next(1).first?.hasPrefix("navigate(toUrl: ") == true)
        harness.legacy.setSelectedProvider(nil)
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"Provider not Selected Error\")"])
        #expect(await harness.legacy.accessEnabler.checkAuthentication().isAuthenticated == false)
    }

    @Test(arguments: legacyBackends)
    func unknownProviderIsProviderNotAvailable(backend: AccessEnabler.Backend) async {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        harness.legacy.getAuthentication()
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider("NotOffered")
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"Provider not Available Error\")"])
    }

    @Test(arguments: legacyBackends)
    func selectingTempPassOutsideAFlowAuthenticatesAtOnce(backend: AccessEnabler.Backend) async {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        harness.legacy.setSelectedProvider("TempPass")
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        #expect(harness.delegate.navigations.isEmpty)
        #expect(harness.delegate.tracking.first?.event == TRACKING_GET_SELECTED_PROVIDER)
        #expect(harness.delegate.tracking.first?.data.first == "TempPass")
    }

    @Test(arguments: legacyBackends)
    func handleSVCOptionUsesTheSafariCallback(backend: AccessEnabler.Backend) async {
        let harness = LegacyHarness(backend: backend, scenario: .safariCablevision)
        harness.legacy.setOptions(["handleSVC": true, "visitorID": "ECID-42"])
        await harness.configure()
        harness.legacy.getAuthentication()
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider("Cablevision")
        let call = await harness.delegate.next(1)
        #expect(call.first?.hasSuffix(", useSVC: true)") == true)
        let visitor = await harness.emulator.requests.contains {
            $0.query("ap_vi") == "ECID-42" || $0.headers["AP-Visitor-Identifier"] == "ECID-42"
        }
        #expect(visitor, "setOptions reached the requests")
    }

    @Test(arguments: legacyBackends)
    @available(*, deprecated)
    func getAuthenticationTokenCompletesTheLogin(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        harness.legacy.getAuthentication()
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider("AutoCable")
        _ = await harness.delegate.next(1)
        _ = try await harness.loadLastNavigation(mvpd: "AutoCable")
        harness.legacy.getAuthenticationToken()
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
    }

    @Test(arguments: legacyBackends)
    func callsBeforeConfigurationAreQueuedInOrder(backend: AccessEnabler.Backend) async {
        let harness = LegacyHarness(backend: backend)
        harness.legacy.getSelectedProvider()
        harness.legacy.checkAuthentication()
        harness.legacy.checkPreauthorizedResources(["news"])
        #expect(harness.delegate.calls.isEmpty)
        harness.legacy.setRequestor("REF")
        #expect(
            await harness.delegate.next(4) == [
                "setRequestorComplete(1)",
                "selectedProvider(nil)", "setAuthenticationStatus(0, \"User Not Authenticated Error\")",
                "preauthorizedResources([])",
            ])
    }

    @Test(arguments: legacyBackends)
    func queuedCallsFailThroughTheirOwnCallbacksWhenConfigurationFails(backend: AccessEnabler.Backend) async {
        let harness = LegacyHarness(backend: backend)
        harness.legacy.checkAuthentication()
        harness.legacy.checkAuthorization("news")
        harness.legacy.setRequestor("NOPE")
        let calls = await harness.delegate.next(4)
        #expect(calls[0] == "setRequestorComplete(0)")
        // Each call's own callbacks (checkAuthorization reports its authentication check first).
        #expect(
            calls[1...].sorted() == [
                "setAuthenticationStatus(0, \"User Not Authenticated Error\")",
                "setAuthenticationStatus(0, \"User Not Authenticated Error\")",
                "tokenRequestFailed(news, \"User Not Authenticated Error\", \"The requestor is not yet configured which is a prerequisite for using any API apart from the setRequestor API.\")",
            ])
    }
}

/// MD5 of the test users' IDs (the tracking GUID), computed outside the SDK.
func md5(_ text: String) -> String {
    ["bob-user-id": "d55fad6fbc176bb3d360b6104c193279", "alice-user-id": "d500ec96010f0ac0710dc183ca54018d"][text]
        ?? "?"
}
