import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

@MainActor
@Suite(.timeLimit(.minutes(5))) struct LegacyEntitlementTests {
    /// `checkAuthorization` checks the authentication first and reports that check as
    /// `checkAuthentication` does (`setAuthenticationStatus`, `TRACKING_AUTHENTICATION`), then
    /// the authorization's own callbacks, as Adobe's reference lists them.
    @Test(arguments: legacyBackends)
    func checkAuthorizationWithoutASessionFails(backend: AccessEnabler.Backend) async {
        let harness = LegacyHarness(backend: backend)
        harness.delegate.recordTracking = true
        await harness.configure()
        harness.legacy.checkAuthorization("news")
        let calls = await harness.delegate.next(4)
        #expect(calls[0] == "setAuthenticationStatus(0, \"User Not Authenticated Error\")")
        #expect(calls[1] == "sendTrackingData(0, [\"false\", \"\", \"\", \"false\"])")
        #expect(
            calls[2].hasPrefix(
                "tokenRequestFailed(news, \"User Not Authenticated Error\", \"The authentication session"))
        #expect(calls[3] == "sendTrackingData(1, [\"false\", \"\", \"\", \"false\"])")
    }

    @Test(arguments: legacyBackends)
    func checkAuthorizationDeliversTokensAndDenials(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        try await harness.signIn("AutoCable")
        harness.delegate.recordTracking = true
        harness.legacy.checkAuthorization("news")
        #expect(
            await harness.delegate.next(4) == [
                "setAuthenticationStatus(1, \"\")",
                "sendTrackingData(0, [\"true\", \"AutoCable\", \"\(md5("bob-user-id"))\", \"true\"])",
                "setToken(<token>, news)",
                "sendTrackingData(1, [\"true\", \"AutoCable\", \"\(md5("bob-user-id"))\", \"false\"])",
            ])
        #expect(harness.delegate.tokens["news"]?.isEmpty == false)
        harness.legacy.checkAuthorization("premium", withData: [:])
        let denied = await harness.delegate.next(4)
        // A denial still found the authentication first.
        #expect(denied[0] == "setAuthenticationStatus(1, \"\")")
        #expect(
            denied[1] == "sendTrackingData(0, [\"true\", \"AutoCable\", \"\(md5("bob-user-id"))\", \"true\"])")
        #expect(
            denied[2]
                == "tokenRequestFailed(premium, \"User not Authorized Error\", \"Your subscription package does not include the \"premium\" channel.\")"
        )
        #expect(harness.delegate.tracking.last?.data[4].contains("denied") == true)
    }

    @Test(arguments: legacyBackends)
    func getAuthorizationAuthenticatesFirst(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        harness.legacy.getAuthorization("sports")
        #expect(
            await harness.delegate.next(1) == ["displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])"])
        harness.legacy.setSelectedProvider("AutoCable")
        _ = await harness.delegate.next(1)
        harness.legacy.handleExternalURL(try await harness.loadLastNavigation(mvpd: "AutoCable"))
        #expect(await harness.delegate.next(2) == ["setAuthenticationStatus(1, \"\")", "setToken(<token>, sports)"])
        // Authenticated now: straight to the token.
        harness.legacy.getAuthorization("news", withData: [:])
        #expect(await harness.delegate.next(1) == ["setToken(<token>, news)"])
    }

    @Test(arguments: legacyBackends)
    func getAuthorizationCancelledInThePicker(backend: AccessEnabler.Backend) async {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        harness.legacy.getAuthorization("sports")
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider(nil)
        let calls = await harness.delegate.next(2)
        #expect(calls[0] == "setAuthenticationStatus(0, \"Provider not Selected Error\")")
        #expect(calls[1].hasPrefix("tokenRequestFailed(sports, \"User Not Authenticated Error\""))
    }

    /// A sign-in that a later flow replaces leaves its resource waiting on the flow that replaced
    /// it: `getAuthorization` always ends with `setToken` or `tokenRequestFailed` for its
    /// resource (the model-based tests' example; issue 31, section 5, item 3).
    @Test(arguments: legacyBackends)
    func getAuthorizationWhoseSignInALaterGetAuthenticationReplacesGetsItsToken(backend: AccessEnabler.Backend)
        async throws
    {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        harness.legacy.getAuthorization("news")
        #expect(
            await harness.delegate.next(1) == ["displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])"])
        harness.legacy.getAuthentication()
        #expect(
            await harness.delegate.next(1) == ["displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])"],
            "the replaced sign-in reports nothing")
        harness.legacy.setSelectedProvider("AutoCable")
        _ = await harness.delegate.next(1)
        harness.legacy.handleExternalURL(try await harness.loadLastNavigation(mvpd: "AutoCable"))
        #expect(await harness.delegate.next(2) == ["setAuthenticationStatus(1, \"\")", "setToken(<token>, news)"])
    }

    /// Two `getAuthorization` calls for a viewer who is not signed in: the second's sign-in
    /// replaces the first's, and both resources get their tokens once the viewer signs in.
    @Test(arguments: legacyBackends)
    func getAuthorizationWhoseSignInALaterGetAuthorizationReplacesGetsItsToken(backend: AccessEnabler.Backend)
        async throws
    {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        harness.legacy.getAuthorization("news")
        _ = await harness.delegate.next(1)
        harness.legacy.getAuthorization("sports")
        #expect(
            await harness.delegate.next(1) == ["displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])"])
        harness.legacy.setSelectedProvider("AutoCable")
        _ = await harness.delegate.next(1)
        harness.legacy.handleExternalURL(try await harness.loadLastNavigation(mvpd: "AutoCable"))
        let signedIn = await harness.delegate.next(3)
        #expect(signedIn.first == "setAuthenticationStatus(1, \"\")")
        #expect(Set(signedIn.dropFirst()) == ["setToken(<token>, news)", "setToken(<token>, sports)"])
    }

    /// The flow that replaced the sign-in is cancelled: the resource fails as a cancelled
    /// sign-in's does (found by the model-based tests, seed 4).
    @Test(arguments: legacyBackends)
    func getAuthorizationWhoseReplacingSignInIsCancelledFails(backend: AccessEnabler.Backend) async {
        let harness = LegacyHarness(backend: backend)
        harness.legacy.statusDelegate = harness.delegate
        harness.delegate.recordStatus = true
        await harness.configure()
        harness.legacy.getAuthorization("news")
        _ = await harness.delegate.next(1)
        harness.legacy.getAuthentication(true, withData: nil)
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider(nil)
        let cancelled = await harness.delegate.next(4)
        #expect(
            cancelled.prefix(3) == [
                "status(N005)", "setAuthenticationStatus(0, \"Provider not Selected Error\")", "status(N130)",
            ])
        #expect(cancelled.last?.hasPrefix("tokenRequestFailed(news, \"User Not Authenticated Error\"") == true)
    }

    /// `getAuthorization` for a signed-in viewer authorizes with the session it has and leaves
    /// a flow the app is showing alone: the picker is still the viewer's to answer (found by the
    /// model-based tests, seed 28: it was cancelled, and the app heard
    /// `PROVIDER_NOT_SELECTED_ERROR` though nobody had cancelled).
    @Test(arguments: legacyBackends)
    func getAuthorizationForASignedInViewerLeavesTheOpenPickerOpen(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        try await harness.signIn("AutoCable")
        harness.legacy.getAuthentication(true, withData: nil)
        #expect(
            await harness.delegate.next(1) == ["displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])"])
        harness.legacy.getAuthorization("news")
        #expect(await harness.delegate.next(1) == ["setToken(<token>, news)"])
        harness.legacy.setSelectedProvider("Cablevision")
        let answered = await harness.delegate.next(1)
        #expect(answered.first?.hasPrefix("navigate(toUrl: ") == true, "the picker was still open: \(answered)")
    }

    @Test(arguments: legacyBackends)
    func checkPreauthorizedResourcesListsTheAuthorizedOnes(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        try await harness.signIn("AutoCable")
        harness.legacy.checkPreauthorizedResources(["news", "premium", "sports"])
        #expect(await harness.delegate.next(1) == ["preauthorizedResources([\"news\", \"sports\"])"])
        let before = await harness.emulator.requests.count
        harness.legacy.checkPreauthorizedResources(["news"])
        #expect(await harness.delegate.next(1) == ["preauthorizedResources([\"news\"])"])
        #expect(await harness.emulator.requests.count == before, "answered from the cache")
        harness.legacy.checkPreauthorizedResources(["news"], cache: false)
        #expect(await harness.delegate.next(1) == ["preauthorizedResources([\"news\"])"])
        #expect(await harness.emulator.requests.count == before + 1, "cache: false asks the server")
    }

    @Test(arguments: legacyBackends)
    func logoutNavigatesThenReportsLoggedOut(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        try await harness.signIn("Cablevision")
        harness.legacy.logout()
        #expect(await harness.delegate.next(1) == ["navigate(toUrl: /adobe-services/logout)"])
        // The tokens are gone at once; the status waits for the page.
        harness.legacy.getSelectedProvider()
        #expect(await harness.delegate.next(1) == ["selectedProvider(nil)"])
        // The web view finishes the MVPD logout and reports back: the logout ends.
        harness.legacy.handleExternalURL(try await harness.loadLastNavigation(mvpd: "Cablevision"))
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"User Not Authenticated Error\")"])
        harness.legacy.checkAuthentication()
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"User Not Authenticated Error\")"])
    }

    @Test(arguments: legacyBackends)
    func getSelectedProviderReportsTheChoice(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        harness.legacy.getSelectedProvider()
        #expect(await harness.delegate.next(1) == ["selectedProvider(nil)"])
        try await harness.signIn("AutoCable")
        harness.legacy.getSelectedProvider()
        #expect(await harness.delegate.next(1) == ["selectedProvider(AutoCable)"])
    }

    @Test(arguments: legacyBackends)
    func getMetadataForEveryOperation(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        try await harness.signIn("Cablevision")
        harness.legacy.checkAuthorization("news")
        _ = await harness.delegate.next(1)

        harness.legacy.getMetadata([METADATA_OPCODE_KEY: Int(METADATA_AUTHENTICATION)])
        let expiry = harness.clock.now.addingTimeInterval(3600)
        #expect(
            await harness.delegate.next(1) == [
                "setMetadataStatus(\"\(Int64(expiry.timeIntervalSince1970 * 1000))\", encrypted: false, forKey: 0)"
            ])
        harness.legacy.getMetadata([METADATA_OPCODE_KEY: METADATA_AUTHORIZATION, METADATA_RESOURCE_ID_KEY: "news"])
        let authz = harness.clock.now.addingTimeInterval(1800)
        #expect(
            await harness.delegate.next(1) == [
                "setMetadataStatus(\"\(Int64(authz.timeIntervalSince1970 * 1000))\", encrypted: false, forKey: 1)"
            ])
        harness.legacy.getMetadata([METADATA_OPCODE_KEY: Int(METADATA_USER_META), METADATA_USER_META_KEY: "zip"])
        #expect(await harness.delegate.next(1) == ["setMetadataStatus(\"MTAwMDE=\", encrypted: true, forKey: 3)"])
        harness.legacy.getMetadata([METADATA_OPCODE_KEY: METADATA_USER_META, METADATA_USER_META_KEY: "maxRating"])
        #expect(await harness.delegate.next(1).first?.contains("\"MPAA\":\"PG-13\"") == true)
        harness.legacy.getMetadata([METADATA_OPCODE_KEY: METADATA_DEVICE_ID])
        #expect(await harness.delegate.next(1).first?.hasSuffix("encrypted: false, forKey: 2)") == true)
        harness.legacy.getMetadata([METADATA_OPCODE_KEY: METADATA_AUTHORIZATION, METADATA_RESOURCE_ID_KEY: "sports"])
        #expect(await harness.delegate.next(1) == ["setMetadataStatus(nil, encrypted: false, forKey: 1)"])
    }

    @Test(arguments: legacyBackends)
    func getMetadataHandsBackTheCallersDictionary(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        try await harness.signIn("Cablevision")
        let marker = NSObject()
        let request: [AnyHashable: Any] = [
            METADATA_OPCODE_KEY: NSNumber(value: METADATA_USER_META), METADATA_USER_META_KEY: "householdID",
            "requestedBy": marker, 42: "not a string key",
        ]
        harness.legacy.getMetadata(request)
        _ = await harness.delegate.next(1)
        let echoed = try #require(harness.delegate.metadata.last?.arguments)
        #expect(echoed.count == 4)
        #expect(echoed["requestedBy"] as? NSObject === marker, "the same objects, untouched")
        #expect(echoed[42] as? String == "not a string key")
        #expect(echoed[METADATA_USER_META_KEY] as? String == "householdID")
    }
}
