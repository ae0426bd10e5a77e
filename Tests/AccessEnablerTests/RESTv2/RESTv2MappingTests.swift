import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// Which REST API v2 call each SDK operation makes, operation by operation, and each sessions
/// and logout action, against the emulator's REST API v2.
@Suite(.timeLimit(.minutes(5))) struct RESTv2MappingTests {
    static let json = "application/json"

    // MARK: setRequestor → GET /configuration

    @Test func configurationAcceptsMVPDsAtTheTopLevelToo() async throws {
        let harness = Harness(backend: .restV2)
        let body =
            #"{"device":"unknown","requestor":{"id":"REF","name":"Top Level","domains":[{"name":"adobe.com"}]},"mvpds":[{"id":"AutoCable","displayName":"Auto Cable"}],"time":1}"#
        await harness.emulator.inject(.status(200, body: body, contentType: Self.json), on: .configurationV2)
        let configuration = try await harness.configure()
        #expect(configuration.name == "Top Level")
        #expect(configuration.mvpds.map(\.id) == ["AutoCable"])
        let call = try #require(await harness.emulator.requests(to: .configurationV2).first)
        #expect(call.path == "/api/v2/REF/configuration")
    }

    // MARK: authenticate → POST /sessions and its actions

    @Test func resumeSendsTheMissingParametersThenLogsIn() async throws {
        let harness = Harness(backend: .restV2)
        try await harness.configure()
        await harness.emulator.forceSessionResume()
        let authentication = try await harness.enabler.authenticate(presenter: harness.presenter("Cablevision"))
        #expect(authentication.userID == "alice-user-id")
        let resume = try #require(await harness.emulator.requests(to: .resumeSession).first)
        #expect(resume.method == "POST", "Adobe's documented method")
        #expect(resume.formValue("mvpd") == "Cablevision")
        #expect(resume.formValue("domainName") == "adobe.com")
        #expect(resume.formValue("redirectUrl") == "adobepass://ios.app")
        #expect(await harness.emulator.requests(to: .authenticateV2).count == 1)
    }

    @Test func anExistingServerProfileIsAuthorizeAuthenticatedWithoutABrowser() async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        try await Harness(backend: .restV2, clock: clock, emulator: emulator) { $0.deviceIDSeed = "same-device" }
            .signIn()
        // The same device, with its local store gone: the server still has the profile.
        let fresh = Harness(backend: .restV2, clock: clock, emulator: emulator) { $0.deviceIDSeed = "same-device" }
        try await fresh.configure()
        let presenter = ScriptedPresenter(mvpdID: "Cablevision", landing: URL(string: "adobepass://nowhere")!)
        let authentication = try await fresh.enabler.authenticate(presenter: presenter)
        #expect(authentication.userID == "alice-user-id")
        #expect(presenter.calls.withLock { $0 } == ["select"], "no login page")
    }

    @Test func degradedAccessAuthenticatesWithoutABrowser() async throws {
        let harness = Harness(backend: .restV2)
        await harness.emulator.setDegradation(.authenticateAll, for: "Cablevision")
        try await harness.configure()
        let presenter = ScriptedPresenter(mvpdID: "Cablevision", landing: URL(string: "adobepass://nowhere")!)
        let authentication = try await harness.enabler.authenticate(presenter: presenter)
        #expect(authentication.mvpd.id == "Cablevision")
        #expect(presenter.calls.withLock { $0 } == ["select"])
        #expect(await harness.enabler.checkAuthentication().isAuthenticated)
    }

    // MARK: preauthorize / authorize → POST /decisions

    @Test func decisionsKeepTheirSource() async throws {
        let harness = Harness(backend: .restV2)
        try await harness.signIn()
        let regular = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news", "premium"]))
        #expect(regular.decisions.map(\.source) == [.mvpd, .mvpd])
        let call = try #require(await harness.emulator.requests(to: .preauthorizeDecisions).first)
        #expect(call.method == "POST")
        #expect(call.path == "/api/v2/REF/decisions/preauthorize/Cablevision")
        #expect(call.headers["Content-Type"] == Self.json)

        await harness.emulator.setDegradation(.authorizeAll, for: "Cablevision")
        let degraded = try await harness.enabler.preauthorize(
            PreauthorizeRequest(resources: ["premium"], disabledFeatures: [.localCache, .remoteCache]))
        #expect(degraded["premium"]?.isAuthorized == true)
        #expect(degraded["premium"]?.source == .degradation)
        let token = try await harness.enabler.authorize(resource: "premium")
        #expect(!token.serializedToken.isEmpty)

        await harness.emulator.setDegradation(.authorizeNone, for: "Cablevision")
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.authorize(resource: "news")
        }
        #expect(error?.code == "authorization_denied_by_degradation_rule")
        #expect(error?.status.status == 403)
    }

    @Test func tempPassDecisionsComeFromTempPass() async throws {
        let harness = Harness(backend: .restV2)
        try await harness.configure()
        try await harness.enabler.authenticate(
            presenter: ScriptedPresenter(mvpdID: "TempPass", landing: URL(string: "about:blank")!))
        let response = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["premium", "news"]))
        #expect(response.decisions.map(\.isAuthorized) == [true, true], "TempPass preauthorizes everything")
        #expect(response.decisions.map(\.source) == [.temppass, .temppass])
    }

    @Test func aDenialInsideA200ThrowsWithTheMVPDDetails() async throws {
        let harness = Harness(backend: .restV2)
        try await harness.signIn()
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.authorize(resource: "premium")
        }
        #expect(error == .authorizationDeniedByMVPD)
        #expect(error?.status.details == #"Your subscription package does not include the "premium" channel."#)
        #expect(await harness.emulator.requests(to: .authorizeDecisions).first?.responseStatus == 200)
    }

    @Test(arguments: [("authenticated_profile_missing", 403), ("authenticated_profile_expired", 403)])
    func profileErrorsOnDecisionsDropTheLocalProfile(code: String, status: Int) async throws {
        let harness = Harness(backend: .restV2)
        try await harness.signIn()
        let body = #"{"action":"authentication","status":\#(status),"code":"\#(code)","message":"m","trace":"t"}"#
        await harness.emulator.inject(.status(status, body: body, contentType: Self.json), on: .preauthorizeDecisions)
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
        }
        #expect(error?.code.rawValue == code)
        #expect(error?.action == .authentication)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
    }

    // MARK: getMetadata → profile attributes

    @Test func userMetadataComesFromTheProfileAttributes() async throws {
        let harness = Harness(backend: .restV2)
        try await harness.signIn()
        await harness.emulator.clearRequestLog()
        let zip = try await harness.enabler.getMetadata(.userMetadata("zip"))
        #expect(zip.isEncrypted, "state enc")
        let household = try await harness.enabler.getMetadata(.userMetadata("householdID"))
        #expect(household.value == "alice-household")
        #expect(household.isEncrypted == false, "state plain")
        #expect(await harness.emulator.requests.isEmpty, "read from the stored profile")
    }

    // MARK: logout → GET /logout/{mvpd} and its actions

    @Test func logoutWithoutAServerProfileIsInvalidAndNeedsNoBrowser() async throws {
        let harness = Harness(backend: .restV2)
        try await harness.signIn()
        await harness.emulator.invalidateSessions()
        try await harness.enabler.logout(presenter: UnusablePresenter())
        #expect(await harness.emulator.requests(to: .logoutV2).first?.responseStatus == 200)
        #expect(await harness.emulator.requests(to: .browserLogout).isEmpty)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
    }

    @Test func v2CallsCarryTheDeviceIdentifierAndNoV1Parameters() async throws {
        let harness = Harness(backend: .restV2) { $0.deviceIDSeed = "fingerprint-seed" }
        try await harness.signIn()
        _ = try await harness.enabler.authorize(resource: "news")
        // SHA-256 of "fingerprint-seed" (`printf %s fingerprint-seed | sha256sum`).
        let deviceID = "0c81dc1059ffaadfb17b8fbf769368c04cb95970d004d1d66961ef3ea8c5cfc5"
        #expect(try #require(try await harness.enabler.getMetadata(.deviceID).value.stringValue) == deviceID)
        let expected = "fingerprint " + Data(deviceID.utf8).base64EncodedString()
        let protected = await harness.emulator.requests.filter {
            $0.path.hasPrefix("/api/v2/") && $0.route != .authenticateV2
        }
        #expect(protected.count >= 4)
        for call in protected {
            #expect(call.headers["AP-Device-Identifier"] == expected)
            #expect(call.headers["X-Device-Info"] != nil)
            #expect(call.query("deviceId") == nil && call.query("requestor") == nil)
        }
    }
}
