import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

@Suite(.timeLimit(.minutes(5))) struct LogoutTests {
    /// The viewer's records: not the app's registration, the device seed or the requestor's
    /// configuration, which survive logout.
    static func userKeys(_ storage: InMemoryTokenStorage) -> Set<String> {
        storage.keys.filter { !$0.hasPrefix("dcr.") && $0 != "device" && !$0.hasPrefix("configuration|") }
    }

    @Test(arguments: allBackends)
    func logoutCallsTheServerThenTheBrowserThenClearsTheStore(backend: AccessEnabler.Backend) async throws {
        let storage = InMemoryTokenStorage()
        let harness = Harness(backend: backend, storage: storage)
        try await harness.signIn()
        _ = try await harness.enabler.authorize(resource: "news")
        _ = try await harness.enabler.getMetadata(.userMetadata("zip"))
        #expect(!Self.userKeys(storage).isEmpty)
        await harness.emulator.clearRequestLog()

        try await harness.enabler.logout(presenter: harness.presenter("Cablevision"))
        #expect(await harness.emulator.requests.compactMap(\.route) == [backend.logoutRoute, .browserLogout])
        let server = try #require(await harness.emulator.requests(to: backend.logoutRoute).first)
        // v1 DELETE /api/v1/logout; v2 GET /api/v2/{sp}/logout/{mvpd}?redirectUrl= (Adobe's documented method).
        #expect(server.method == (backend == .restV2 ? "GET" : "DELETE"))
        if backend == .restV2 {
            #expect(server.path == "/api/v2/REF/logout/Cablevision")
            #expect(server.query("redirectUrl") == "adobepass://ios.app")
        }
        let browser = try #require(await harness.emulator.requests(to: .browserLogout).first)
        #expect(browser.queryItems.map(\.name) == ["noflash", "mso_id", "requestor_id", "redirect_url"])
        #expect(browser.query("mso_id") == "Cablevision")
        #expect(Self.userKeys(storage).isEmpty)
        #expect(storage.keys.contains("device"), "the device ID survives logout")
        #expect(await harness.enabler.selectedProvider() == nil)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
    }

    @Test(arguments: allBackends)
    func withoutAPresenterThereIsNoBrowserStep(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        try await harness.enabler.logout()
        #expect(await harness.emulator.requests(to: backend.logoutRoute).count == 1)
        #expect(await harness.emulator.requests(to: .browserLogout).isEmpty)
    }

    @Test(arguments: allBackends)
    func anAuthorizationInFlightDuringLogoutWritesNothingBack(backend: AccessEnabler.Backend) async throws {
        let storage = InMemoryTokenStorage()
        let harness = Harness(backend: backend, storage: storage)
        try await harness.signIn()
        let gate = EmulatorGate()
        await harness.emulator.inject(.hold(gate), on: backend.authorizeRoute)
        let inFlight = Task { try await harness.enabler.authorize(resource: "news") }
        try await harness.emulator.waitForRequests(to: backend.authorizeRoute, count: 1)
        try await harness.enabler.logout()
        gate.open()
        // The server logged the device out before it answered: the held authorization is refused
        // as for any caller without a session (v1 412, v2 403 profile missing).
        let error = await #expect(throws: AccessEnablerError.self) {
            try await inFlight.value(awaiting: "the call in flight during logout")
        }
        #expect(
            error?.code == (backend == .restV2 ? "authenticated_profile_missing" : "authentication_session_missing"))
        #expect(error?.status.status == (backend == .restV2 ? 403 : 412))
        #expect(Self.userKeys(storage).isEmpty)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
        await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.getMetadata(.authorizationExpiry(resource: "news"))
        }
    }

    /// An authorization for viewer A held at the server across a logout and viewer B's login: its
    /// late answer (on REST v2 `authenticated_profile_missing`, A's MVPD has no profile any more)
    /// concerns A's session only and must not remove B's.
    @Test(arguments: allBackends)
    func aLateRejectionOfTheLoggedOutSessionLeavesTheNextLoginAlone(backend: AccessEnabler.Backend) async throws {
        let storage = InMemoryTokenStorage()
        let harness = Harness(backend: backend, storage: storage)
        let events = EventRecorder(harness.enabler.events)
        try await harness.signIn("Cablevision")
        let gate = EmulatorGate()
        await harness.emulator.inject(.hold(gate), on: backend.authorizeRoute)
        let inFlight = Task { try await harness.enabler.authorize(resource: "news") }
        try await harness.emulator.waitForRequests(to: backend.authorizeRoute, count: 1)
        try await harness.enabler.logout()
        let viewerB = try await harness.enabler.authenticate(presenter: harness.presenter("AutoCable"))
        #expect(viewerB.userID == "bob-user-id")
        gate.open()

        let outcome = await inFlight.result(awaiting: "A's authorization, held across the logout")
        if backend == .restV2 {
            let error = try #require(throws: AccessEnablerError.self) { try outcome.get() }
            #expect(error.code == "authenticated_profile_missing")
        }
        let status = await harness.enabler.checkAuthentication()
        #expect(status.authentication?.userID == "bob-user-id", "B's session survives A's late answer")
        #expect(status.authentication?.mvpd.id == "AutoCable")
        #expect(storage.keys.contains("authn|REF"))
        #expect(
            !events.all.contains {
                if case .authenticationRemoved(let reason?) = $0 {
                    reason.code == "authenticated_profile_missing"
                } else {
                    false
                }
            })
        // B's session is the server's too: it authorizes.
        _ = try await harness.enabler.authorize(resource: "sports")
    }

    @Test(arguments: allBackends)
    func aLoginFinishingAfterLogoutBeganIsDiscarded(backend: AccessEnabler.Backend) async throws {
        let storage = InMemoryTokenStorage()
        let harness = Harness(backend: backend, storage: storage)
        try await harness.configure()
        let gate = EmulatorGate()
        await harness.emulator.inject(.hold(gate), on: backend.sessionRoute)
        let login = Task { try await harness.enabler.authenticate(presenter: harness.presenter("AutoCable")) }
        try await harness.emulator.waitForRequests(to: backend.sessionRoute, count: 1)
        try await harness.enabler.logout()
        gate.open()
        await #expect(throws: CancellationError.self) { try await login.value(awaiting: "the login") }
        #expect(Self.userKeys(storage).isEmpty)
    }

    @Test(arguments: allBackends)
    func aFailingServerStillLogsOutLocallyAndReportsIt(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        let events = EventRecorder(harness.enabler.events)
        try await harness.signIn()
        await harness.emulator.inject(.dropConnection, on: backend.logoutRoute)
        let outcome = try await harness.enabler.logout(presenter: harness.presenter("Cablevision"))
        #expect(outcome.incompleteError == .networkError)
        #expect(outcome.partnerLogoutMVPDIDs.isEmpty)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
        await events.waitFor { if case .logoutIncomplete(let error) = $0 { error == .networkError } else { false } }
        #expect(await harness.emulator.requests(to: .browserLogout).isEmpty)
    }
}

@Suite(.timeLimit(.minutes(5))) struct RESTv2LogoutTests {
    @Test func anMVPDWithoutALogoutPageCompletesWithoutTheBrowser() async throws {
        let harness = Harness(backend: .restV2)
        try await harness.configure()
        try await harness.enabler.authenticate(
            presenter: ScriptedPresenter(mvpdID: "TempPass", landing: URL(string: "about:blank")!))
        try await harness.enabler.logout(presenter: UnusablePresenter())
        #expect(await harness.emulator.requests(to: .logoutV2).count == 1)
        #expect(await harness.emulator.requests(to: .browserLogout).isEmpty, "actionName complete: no browser step")
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
    }
}

/// Logout's browser steps, each on its own.
@Suite(.timeLimit(.minutes(5))) struct LogoutStepTests {
    /// A logout page URL the SDK refuses (``PageURLPolicy``) is reported, and the profile after it
    /// is still followed. Before, the refusal ended the loop and the TV Provider sign-out was lost.
    @Test func aRefusedPageLeavesTheOtherStepsToRun() async throws {
        let harness = Harness(backend: .restV2)
        let events = EventRecorder(harness.enabler.events)
        try await harness.signIn("Cablevision")
        let body = """
            {"logouts": {"Cablevision": {"actionName": "logout", "actionType": "interactive", "mvpd": "Cablevision",
            "url": "javascript:alert(1)"}, "ZTVProvider": {"actionName": "partner_logout",
            "actionType": "partner_interactive", "mvpd": "ZTVProvider"}}}
            """
        await harness.emulator.inject(.status(200, body: body, contentType: "application/json"), on: .logoutV2)
        let outcome = try await harness.enabler.logout(presenter: UnusablePresenter())
        #expect(outcome.incompleteError == AccessEnablerError.invalidPageURL)
        #expect(outcome.partnerLogoutMVPDIDs == ["ZTVProvider"])
        await events.waitFor { if case .partnerLogoutRequired(let id) = $0 { id == "ZTVProvider" } else { false } }
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
        #expect(!harness.logLines.all.contains { $0.message.contains("alert") }, "the URL is not logged")
    }

    /// An MVPD that opens in Safari, in an app that registers no `adbe.` scheme: its logout page
    /// could not come back to the app, so it is not shown (logged); the server logout is done.
    /// Before, the page was shown with a redirect Safari cannot hand back.
    @Test(arguments: allBackends)
    func aSafariPageThatCannotComeBackIsNotShown(backend: AccessEnabler.Backend) async throws {
        let signedIn = Harness(backend: backend, scenario: AppSchemeRedirectTests.safariScenario) {
            $0.appBundle = AppBundle(isApp: true, urlSchemes: ["adbe.u-core-test"])
        }
        try await signedIn.signIn("Cablevision")
        // The same store, in an app build that lost the scheme.
        let harness = Harness(
            backend: backend, clock: signedIn.clock, emulator: signedIn.emulator, storage: signedIn.storage
        ) { $0.appBundle = AppBundle(isApp: true, urlSchemes: ["myapp"]) }
        try await harness.configure()
        // A presenter that needs the app's scheme (a Safari page); one that catches the redirect
        // itself (ASWebAuthenticationSession) would be shown the page.
        let outcome = try await harness.enabler.logout(presenter: UnusablePresenterForMVPD(mvpdID: "Cablevision"))
        #expect(outcome.incompleteError == nil)
        #expect(await harness.emulator.requests(to: backend.logoutRoute).count == 1)
        #expect(await harness.emulator.requests(to: .browserLogout).isEmpty)
        #expect(harness.logLines.all.contains { $0.level == .error && $0.message.contains("not shown") })
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
    }
}
