import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

@Suite struct AuthenticationTests {
    @Test func formLoginSendsTheDocumentedLoginURL() async throws {
        let harness = Harness()
        try await harness.signIn("Cablevision")
        let start = try #require(await harness.emulator.requests(to: .authenticate).first)
        #expect(start.queryItems.map(\.name) == [
            "requestor_id", "mso_id", "domain_name", "deviceId", "noflash", "no_iframe", "redirect_url",
        ])
        #expect(start.query("requestor_id") == "REF")
        #expect(start.query("mso_id") == "Cablevision")
        #expect(start.query("domain_name") == "adobe.com")
        #expect(start.query("redirect_url") == "adobepass://ios.app")
        #expect(start.headers["Authorization"] == nil, "no token goes to the browser")
        #expect(await harness.emulator.requests(to: .mvpdLogin).count == 2, "the form was shown and posted")
    }

    @Test func autoLoginNeedsNoForm() async throws {
        let harness = Harness()
        let authentication = try await harness.signIn("AutoCable")
        #expect(authentication.userID == "bob-user-id")
        #expect(await harness.emulator.requests(to: .mvpdLogin).isEmpty)
    }

    @Test func tempPassAuthenticatesWithoutABrowser() async throws {
        let harness = Harness()
        try await harness.configure()
        let presenter = ScriptedPresenter(mvpdID: "TempPass", landing: URL(string: "about:blank")!)
        let authentication = try await harness.enabler.authenticate(data: ["email": "viewer@example.com"], presenter: presenter)
        #expect(authentication.mvpd.isTempPass)
        #expect(presenter.calls.withLock { $0 } == ["select"])
        let freePreview = try #require(await harness.emulator.requests(to: .freePreview).first)
        #expect(freePreview.method == "POST")
        #expect(freePreview.formValue("mso_id") == "TempPass")
        #expect(freePreview.formValue("requestor_id") == "REF")
        #expect(freePreview.formValue("domain_name") == "adobe.com")
        #expect(freePreview.formValue("generic_data") == #"{"email":"viewer@example.com"}"#)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated)
    }

    @Test func cancelledPickerIsProviderNotSelectedAndStoresNothing() async throws {
        let harness = Harness()
        try await harness.configure()
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.authenticate(presenter: harness.presenter(nil))
        }
        #expect(error == .providerNotSelected)
        #expect(error?.status.status == 0)
        #expect(error?.action == .authentication)
        #expect(await harness.emulator.requests(to: .authenticate).isEmpty)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
        #expect(await harness.enabler.selectedProvider() == nil)
    }

    @Test func loginEndingAtALookAlikeRedirectIsRejected() async throws {
        let harness = Harness()
        try await harness.configure()
        let presenter = ScriptedPresenter(mvpdID: "Cablevision", landing: URL(string: "adobepass://ios.app.evil.example")!)
        await #expect(throws: AccessEnablerError.invalidRedirectURL) {
            try await harness.enabler.authenticate(presenter: presenter)
        }
        #expect(await harness.emulator.requests(to: .authnToken).isEmpty, "no token is fetched")
    }

    @Test func alreadyAuthenticatedReturnsWithoutThePresenterUnlessForced() async throws {
        let harness = Harness()
        let first = try await harness.signIn("AutoCable")
        let again = try await harness.enabler.authenticate(presenter: UnusablePresenter())
        #expect(again == first)
        await #expect(throws: UnusablePresenter.Used.self) {
            try await harness.enabler.authenticate(forceAuthentication: true, presenter: UnusablePresenter())
        }
        let forced = try await harness.enabler.authenticate(forceAuthentication: true, presenter: harness.presenter("Cablevision"))
        #expect(forced.mvpd.id == "Cablevision")
    }

    @Test func checkAuthenticationIsLocalOnly() async throws {
        let harness = Harness()
        try await harness.signIn()
        await harness.emulator.clearRequestLog()
        for _ in 0..<10 { #expect(await harness.enabler.checkAuthentication().isAuthenticated) }
        #expect(await harness.emulator.requests.isEmpty)
    }

    @Test func authenticationExpiresOnTheClock() async throws {
        let harness = Harness()
        let authentication = try await harness.signIn()
        harness.clock.set(authentication.expires)
        guard case .notAuthenticated(let reason) = await harness.enabler.checkAuthentication() else {
            Issue.record("expected expired")
            return
        }
        #expect(reason == .authenticationSessionExpired)
        #expect(reason.status.status == 0)
    }

    @Test func cancellingALoginKeepsTheEarlierSession() async throws {
        let harness = Harness()
        let earlier = try await harness.signIn("AutoCable")
        let presenter = StuckPresenter(mvpdID: "Cablevision")
        let attempt = Task {
            try await harness.enabler.authenticate(forceAuthentication: true, presenter: presenter)
        }
        await eventually { presenter.reachedLogin.withLock { $0 } }
        attempt.cancel()
        await #expect(throws: CancellationError.self) { try await attempt.value }
        #expect(await harness.enabler.checkAuthentication().authentication == earlier)
    }

    @Test func protectedCallsCarryTheCommonHeadersAndParameters() async throws {
        let harness = Harness()
        await harness.enabler.setOptions(.init(applicationProfile: "tv-profile", visitorID: "ECID-123"))
        try await harness.signIn()
        let call = try #require(await harness.emulator.requests(to: .authnToken).first)
        #expect(call.query("requestor") == "REF")
        #expect(call.query("deviceId")?.count == 64)
        #expect(call.query("ap_vi") == "ECID-123")
        #expect(call.query("applicationProfile") == "tv-profile")
        #expect(call.headers["Accept"] == "application/json")
        #expect(call.headers["User-Agent"]?.hasPrefix("AccessEnabler-Swift/") == true)
        #expect(call.headers["AP-SDK-Identifier"]?.hasPrefix("swift/") == true)
        let info = try #require(call.headers["X-Device-Info"].flatMap { Data(base64Encoded: $0) })
        let fields = try JSONDecoder().decode([String: JSONValue].self, from: info)
        for key in ["model", "version", "osName", "osVersion", "connectionType"] {
            #expect(fields[key]?.stringValue?.isEmpty == false, "X-Device-Info has \(key)")
        }
    }

    @Test func appDeviceInfoReplacesTheComputedOne() async throws {
        let harness = Harness()
        let custom = DeviceInfo(fields: ["model": "AppleTV", "osName": "tvOS", "osVersion": "18.0", "version": "14,1",
                                         "connectionType": "WiFi"])
        await harness.enabler.setOptions(.init(deviceInfo: custom))
        try await harness.configure()
        let call = try #require(await harness.emulator.requests(to: .configuration).first)
        let info = try #require(call.headers["X-Device-Info"].flatMap { DeviceInfo(base64Encoded: $0) })
        #expect(info == custom)
    }
}
