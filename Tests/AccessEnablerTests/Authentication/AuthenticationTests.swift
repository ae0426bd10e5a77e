import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

@Suite(.timeLimit(.minutes(5))) struct AuthenticationTests {
    @Test func restV1LoginSendsTheDocumentedLoginURL() async throws {
        let harness = Harness(backend: .restV1)
        try await harness.signIn("Cablevision")
        let start = try #require(await harness.emulator.requests(to: .authenticate).first)
        #expect(
            start.queryItems.map(\.name) == [
                "requestor_id", "mso_id", "domain_name", "deviceId", "noflash", "no_iframe", "redirect_url",
            ])
        #expect(start.query("requestor_id") == "REF")
        #expect(start.query("mso_id") == "Cablevision")
        #expect(start.query("domain_name") == "adobe.com")
        #expect(start.query("redirect_url") == "adobepass://ios.app")
        #expect(start.headers["Authorization"] == nil, "no token goes to the browser")
        #expect(await harness.emulator.requests(to: .mvpdLogin).count == 2, "the form was shown and posted")
    }

    @Test(arguments: allBackends)
    func autoLoginNeedsNoForm(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        let authentication = try await harness.signIn("AutoCable")
        #expect(authentication.userID == "bob-user-id")
        #expect(await harness.emulator.requests(to: .mvpdLogin).isEmpty)
    }

    @Test(arguments: allBackends)
    func tempPassAuthenticatesWithoutABrowser(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.configure()
        let presenter = ScriptedPresenter(mvpdID: "TempPass", landing: URL(string: "about:blank")!)
        let authentication = try await harness.enabler.authenticate(
            data: ["email": "viewer@example.com"], presenter: presenter)
        #expect(authentication.mvpd.isTempPass)
        #expect(authentication.userID.hasPrefix("temppass_"))
        #expect(presenter.calls.withLock { $0 } == ["select"], "no login page")
        switch backend {
        case .restV1:
            let freePreview = try #require(await harness.emulator.requests(to: .freePreview).first)
            #expect(freePreview.method == "POST")
            #expect(freePreview.formValue("mso_id") == "TempPass")
            #expect(freePreview.formValue("requestor_id") == "REF")
            #expect(freePreview.formValue("domain_name") == "adobe.com")
            #expect(freePreview.formValue("generic_data") == #"{"email":"viewer@example.com"}"#)
        case .restV2:
            let session = try #require(await harness.emulator.requests(to: .createSession).first)
            #expect(session.formValue("mvpd") == "TempPass")
            // The sessions page does not list AP-TempPass-Identity; the profile page does.
            #expect(session.headers["AP-TempPass-Identity"] == nil)
            let profile = try #require(await harness.emulator.requests(to: .profile).first)
            let identity = try #require(profile.headers["AP-TempPass-Identity"].flatMap { Data(base64Encoded: $0) })
            #expect(String(decoding: identity, as: UTF8.self) == #"{"email":"viewer@example.com"}"#)
            #expect(await harness.emulator.requests(to: .authenticateV2).isEmpty)
        }
        #expect(await harness.enabler.checkAuthentication().isAuthenticated)
    }

    @Test(arguments: allBackends)
    func cancelledPickerIsProviderNotSelectedAndStoresNothing(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.configure()
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.authenticate(presenter: harness.presenter(nil))
        }
        #expect(error == .providerNotSelected)
        #expect(error?.status.status == 0)
        #expect(error?.action == .authentication)
        #expect(await harness.emulator.requests(to: backend.loginStartRoute).isEmpty)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
        #expect(await harness.enabler.selectedProvider() == nil)
    }

    @Test(arguments: allBackends)
    func loginEndingAtALookAlikeRedirectIsRejected(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.configure()
        let presenter = ScriptedPresenter(
            mvpdID: "Cablevision", landing: URL(string: "adobepass://ios.app.evil.example")!)
        await #expect(throws: AccessEnablerError.invalidRedirectURL) {
            try await harness.enabler.authenticate(presenter: presenter)
        }
        #expect(await harness.emulator.requests(to: backend.sessionRoute).isEmpty, "no authentication is fetched")
    }

    @Test(arguments: allBackends)
    func alreadyAuthenticatedReturnsWithoutThePresenterUnlessForced(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        let first = try await harness.signIn("AutoCable")
        let again = try await harness.enabler.authenticate(presenter: UnusablePresenter())
        #expect(again == first)
        // The presenter's own error reaches the caller as the SDK's one error type.
        await #expect(throws: AccessEnablerError.presentationFailed) {
            try await harness.enabler.authenticate(forceAuthentication: true, presenter: UnusablePresenter())
        }
        let forced = try await harness.enabler.authenticate(
            forceAuthentication: true, presenter: harness.presenter("Cablevision"))
        #expect(forced.mvpd.id == "Cablevision")
    }

    @Test(arguments: allBackends)
    func checkAuthenticationIsLocalOnly(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        await harness.emulator.clearRequestLog()
        for _ in 0..<10 { #expect(await harness.enabler.checkAuthentication().isAuthenticated) }
        #expect(await harness.emulator.requests.isEmpty)
    }

    @Test(arguments: allBackends)
    func authenticationExpiresOnTheClock(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        let authentication = try await harness.signIn()
        harness.clock.set(authentication.expires)
        guard case .notAuthenticated(let reason) = await harness.enabler.checkAuthentication() else {
            Issue.record("expected expired")
            return
        }
        #expect(reason == .authenticationSessionExpired)
        #expect(reason.status.status == 0)
    }

    @Test(arguments: allBackends)
    func cancellingALoginKeepsTheEarlierSession(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        let earlier = try await harness.signIn("AutoCable")
        let presenter = StuckPresenter(mvpdID: "Cablevision")
        let attempt = Task {
            try await harness.enabler.authenticate(forceAuthentication: true, presenter: presenter)
        }
        await eventually { presenter.reachedLogin.withLock { $0 } }
        attempt.cancel()
        await #expect(throws: CancellationError.self) { try await attempt.value(awaiting: "the login attempt") }
        #expect(await harness.enabler.checkAuthentication().authentication == earlier)
    }

    /// A visitor ID that cannot be sent (a line break, which would end the header or add another,
    /// or 100 KB, which the server refuses as `bad_request` on every call) is not sent, whatever
    /// the transport; the calls go on (issue 31, 5.8).
    @Test(arguments: allBackends, ["ECID\r\nX-Injected: 1", String(repeating: "E", count: 100_000)])
    func aVisitorIDThatCannotBeSentIsLeftOut(backend: AccessEnabler.Backend, visitorID: String) async throws {
        let harness = Harness(backend: backend)
        await harness.enabler.setOptions(.init(visitorID: visitorID))
        #expect(await harness.enabler.currentOptions.visitorID == nil)
        try await harness.signIn()
        let call = try #require(await harness.emulator.requests(to: backend.sessionRoute).first)
        #expect(call.headers["AP-Visitor-Identifier"] == nil)
        #expect(call.headers["X-Injected"] == nil)
        #expect(call.query("ap_vi") == nil)
        await harness.enabler.setOptions(.init(visitorID: "ECID-123"))
        #expect(await harness.enabler.currentOptions.visitorID == "ECID-123", "a valid one replaces it")
    }

    @Test(arguments: allBackends)
    func protectedCallsCarryTheCommonHeadersAndParameters(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend) { $0.deviceIDSeed = "seed-for-headers" }
        await harness.enabler.setOptions(.init(applicationProfile: "tv-profile", visitorID: "ECID-123"))
        try await harness.signIn()
        let call = try #require(await harness.emulator.requests(to: backend.sessionRoute).first)
        // SHA-256 of "seed-for-headers" (`printf %s seed-for-headers | sha256sum`).
        let deviceID = "c269889e3064c5f68d09aa88f2ef706a5f8711ff0b9f3bf1c4f373bd253192d4"
        #expect(try #require(try await harness.enabler.getMetadata(.deviceID).value.stringValue) == deviceID)
        switch backend {
        case .restV1:
            #expect(call.query("requestor") == "REF")
            #expect(call.query("deviceId") == deviceID)
            #expect(call.query("ap_vi") == "ECID-123")
            #expect(call.query("applicationProfile") == "tv-profile")
        case .restV2:
            #expect(call.path == "/api/v2/REF/profiles/Cablevision")
            #expect(call.queryItems.isEmpty, "no requestor or deviceId parameters on v2")
            #expect(call.headers["AP-Device-Identifier"] == "fingerprint " + Data(deviceID.utf8).base64EncodedString())
            #expect(call.headers["AP-Visitor-Identifier"] == "ECID-123")
        }
        #expect(call.headers["Accept"] == "application/json")
        #expect(call.headers["User-Agent"]?.hasPrefix("AccessEnabler-Swift/") == true)
        // An SDK-era header: v1 keeps it, no v2 page lists it.
        #expect((call.headers["AP-SDK-Identifier"]?.hasPrefix("swift/") == true) == (backend == .restV1))
        let info = try #require(call.headers["X-Device-Info"].flatMap { Data(base64Encoded: $0) })
        let fields = try JSONDecoder().decode([String: JSONValue].self, from: info)
        // The keys every platform knows (DeviceInfoHeaderTests checks them all).
        for key in ["model", "osName", "osVersion", "applicationId"] {
            #expect(fields[key]?.stringValue?.isEmpty == false, "X-Device-Info has \(key)")
        }
    }

    @Test func restV2LoginCreatesASessionAndLoadsItsURL() async throws {
        let harness = Harness(backend: .restV2)
        try await harness.signIn("Cablevision")
        let session = try #require(await harness.emulator.requests(to: .createSession).first)
        #expect(session.method == "POST")
        #expect(session.path == "/api/v2/REF/sessions")
        #expect(session.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(session.formValue("mvpd") == "Cablevision")
        #expect(session.formValue("domainName") == "adobe.com")
        #expect(session.formValue("redirectUrl") == "adobepass://ios.app")
        let browser = try #require(await harness.emulator.requests(to: .authenticateV2).first)
        #expect(browser.headers["Authorization"] == nil, "no token goes to the browser")
        #expect(await harness.emulator.requests(to: .profile).count == 1)
    }

    @Test(arguments: allBackends)
    func appDeviceInfoReplacesTheComputedOne(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        let custom = DeviceInfo(fields: [
            "model": "AppleTV", "osName": "tvOS", "osVersion": "18.0", "version": "14,1",
            "connectionType": "WiFi",
        ])
        await harness.enabler.setOptions(.init(deviceInfo: custom))
        try await harness.configure()
        let call = try #require(await harness.emulator.requests(to: backend.configurationRoute).first)
        // Read the header as any server would: Base64 of a JSON object.
        let header = try #require(call.headers["X-Device-Info"])
        let json = try #require(Data(base64Encoded: header))
        let fields = try JSONDecoder().decode([String: String].self, from: json)
        #expect(
            fields == [
                "model": "AppleTV", "osName": "tvOS", "osVersion": "18.0", "version": "14,1", "connectionType": "WiFi",
            ])
    }

    /// Two logins with different MVPDs in flight at once: each is held where it starts on the
    /// server, then they are let through one after the other. Both succeed with their own MVPD,
    /// and the one that finishes last is the session kept, locally and on the server (the SDK
    /// keeps the last login stored, not the last one started).
    @Test(arguments: allBackends, [true, false])
    func concurrentLoginsBothLandAndTheLastToFinishWins(
        backend: AccessEnabler.Backend, firstFinishesLast: Bool
    ) async throws {
        let harness = Harness(backend: backend)
        try await harness.configure()
        let enabler = harness.enabler
        let firstGate = EmulatorGate()
        let secondGate = EmulatorGate()
        await harness.emulator.inject(.hold(firstGate), on: backend.loginStartRoute)
        await harness.emulator.inject(.hold(secondGate), on: backend.loginStartRoute)
        let first = Task { try await enabler.authenticate(presenter: harness.presenter("AutoCable")) }
        try await harness.emulator.waitForRequests(to: backend.loginStartRoute, count: 1)
        let second = Task { try await enabler.authenticate(presenter: harness.presenter("Cablevision")) }
        try await harness.emulator.waitForRequests(to: backend.loginStartRoute, count: 2)

        let (earlierGate, laterGate) = firstFinishesLast ? (secondGate, firstGate) : (firstGate, secondGate)
        let (earlierLogin, laterLogin) = firstFinishesLast ? (second, first) : (first, second)
        earlierGate.open()
        let finishedEarlier = try await earlierLogin.value(awaiting: "the earlier login")
        #expect(await enabler.checkAuthentication().authentication == finishedEarlier)
        laterGate.open()
        let finishedLater = try await laterLogin.value(awaiting: "the later login")

        let expectedWinner = firstFinishesLast ? "AutoCable" : "Cablevision"
        let expectedLoser = firstFinishesLast ? "Cablevision" : "AutoCable"
        #expect(finishedEarlier.mvpd.id == expectedLoser, "a concurrent login is not a logout")
        #expect(finishedLater.mvpd.id == expectedWinner)
        #expect(await enabler.checkAuthentication().authentication == finishedLater)
        #expect(await enabler.selectedProvider()?.id == expectedWinner)
        let deviceID = try #require(await harness.deviceID())
        #expect(
            await harness.emulator.session(requestor: "REF", deviceID: deviceID)?.mvpd == expectedWinner,
            "the server holds the same session")
    }
}
