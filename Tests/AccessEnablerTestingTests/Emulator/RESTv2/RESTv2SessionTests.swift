import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

@Suite(.timeLimit(.minutes(5))) struct RESTv2SessionTests {
    @Test func createAnswersAuthenticateWithTheBrowserURL() async throws {
        let harness = try await Harness.make()
        let response = try await harness.createSession()
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json;charset=UTF-8")
        let body = try decodeObject(response)
        #expect(
            Set(body.keys) == [
                "actionName", "actionType", "reasonType", "url", "code", "sessionId", "mvpd",
                "serviceProvider", "notBefore", "notAfter",
            ])
        #expect(body["actionName"] == "authenticate")
        #expect(body["actionType"] == "interactive")
        #expect(body["reasonType"] == "none")
        let code = try #require(body["code"]?.stringValue)
        #expect(code.count == 7)
        #expect(code.allSatisfy { $0.isNumber || ($0.isLetter && $0.isUppercase) })
        #expect(body["url"] == .string("/api/v2/authenticate/REF/\(code)"))
        #expect(UUID(uuidString: try #require(body["sessionId"]?.stringValue)) != nil)
        #expect(body["mvpd"] == "Cablevision")
        #expect(body["serviceProvider"] == "REF")
        // The code's validity: strings of epoch ms, 30 minutes, as in the sample.
        #expect(body["notBefore"] == .string(String(ms())))
        #expect(body["notAfter"] == .string(String(ms(1800))))
        // Two sessions get two codes.
        let second = try decodeObject(try await harness.createSession())
        #expect(second["code"] != body["code"])
        #expect(second["sessionId"] != body["sessionId"])
    }

    /// Adobe's resume sample 2: a resume without every parameter is answered `retry`. The page's
    /// table marks all three required, which strict mode (the default, see
    /// RESTv2StrictRequestTests) enforces; this covers the lenient answer.
    @Test func missingParametersAnswerResumeThenResumeAuthenticates() async throws {
        let harness = try await Harness.make()
        await harness.emulator.setStrictV2Requests(false)
        let created = try decodeObject(try await harness.createSession(mvpd: nil, domain: nil, redirect: nil))
        #expect(
            Set(created.keys) == [
                "actionName", "actionType", "reasonType", "url", "missingParameters", "code",
                "sessionId", "serviceProvider", "notBefore", "notAfter",
            ])
        #expect(created["actionName"] == "resume")
        #expect(created["actionType"] == "direct")
        #expect(created["reasonType"] == "none")
        #expect(created["missingParameters"] == ["mvpd", "domain", "redirectUrl"])
        let code = try #require(created["code"]?.stringValue)
        #expect(created["url"] == .string("/api/v2/REF/sessions/\(code)"))
        #expect(created["notBefore"]?.stringValue != nil && created["notAfter"]?.stringValue != nil)

        // Resume with part of them: retry with the rest.
        let retry = try decodeObject(
            try await harness.v2(
                "/api/v2/REF/sessions/\(code)", method: .post,
                form: [("mvpd", "Cablevision"), ("domainName", "adobe.com")]))
        #expect(retry["actionName"] == "retry")
        #expect(retry["actionType"] == "direct")
        #expect(retry["missingParameters"] == ["redirectUrl"])
        #expect(retry["code"] == .string(code))
        #expect(retry["mvpd"] == "Cablevision")
        #expect(retry["sessionId"] == created["sessionId"])

        // PUT (an earlier description of the API) resumes too; the same code goes on to the browser.
        let resumed = try decodeObject(
            try await harness.v2(
                "/api/v2/REF/sessions/\(code)", method: .put, form: [("redirectUrl", Harness.redirectURL)]))
        #expect(resumed["actionName"] == "authenticate")
        #expect(resumed["actionType"] == "interactive")
        #expect(resumed["url"] == .string("/api/v2/authenticate/REF/\(code)"))
        #expect(resumed["missingParameters"] == nil)
        #expect(await harness.emulator.requests(to: .resumeSession).map(\.method) == ["POST", "PUT"])
        #expect(await harness.emulator.requests(to: .createSession).count == 1)
    }

    @Test func forceSessionResumeIgnoresTheParametersOfTheNextCreations() async throws {
        let harness = try await Harness.make()
        await harness.emulator.forceSessionResume(count: 2)
        for _ in 0..<2 {
            let forced = try decodeObject(try await harness.createSession())
            #expect(forced["actionName"] == "resume")
            #expect(forced["missingParameters"] == ["mvpd", "domain", "redirectUrl"])
            #expect(forced["mvpd"] == nil)
        }
        let normal = try decodeObject(try await harness.createSession())
        #expect(normal["actionName"] == "authenticate")

        // A client that resumes with everything reaches the browser and signs in.
        await harness.emulator.forceSessionResume()
        let forced = try decodeObject(try await harness.createSession())
        let code = try #require(forced["code"]?.stringValue)
        let resumed = try decodeObject(
            try await harness.v2WithCode(
                "/api/v2/REF/sessions/\(code)", method: .post, form: Harness.sessionForm(mvpd: "Cablevision")))
        #expect(resumed["actionName"] == "authenticate")
        let presenter = HeadlessPresenter(
            mvpdID: "Cablevision", username: "alice", password: "alice-password",
            transport: harness.emulator.transport)
        let landed = try await presenter.presentLogin(
            url: harness.url(try #require(resumed["url"]?.stringValue)),
            redirectURL: URL(string: Harness.redirectURL)!)
        #expect(landed.absoluteString == Harness.redirectURL)
        #expect(await harness.emulator.session(requestor: "REF", deviceID: Harness.deviceID)?.mvpd == "Cablevision")
    }

    @Test func alreadyAuthenticatedAnswersAuthorize() async throws {
        let harness = try await Harness.make()
        try await harness.loginV2()
        let response = try await harness.createSession()
        let body = try decodeObject(response)
        #expect(
            Set(body.keys) == [
                "actionName", "actionType", "reasonType", "url", "sessionId", "mvpd",
                "serviceProvider",
            ])
        #expect(body["actionName"] == "authorize")
        #expect(body["actionType"] == "direct")
        #expect(body["reasonType"] == "authenticated")
        #expect(body["url"] == "/api/v2/REF/decisions/authorize/Cablevision")
        #expect(body["mvpd"] == "Cablevision")
        #expect(body["serviceProvider"] == "REF")
        // Another MVPD still needs its own login.
        #expect(try decodeObject(try await harness.createSession(mvpd: "AutoCable"))["actionName"] == "authenticate")
    }

    @Test func tempPassAnswersAuthorizeTemporaryWithoutABrowser() async throws {
        let harness = try await Harness.make()
        let identity = Data(#"{"email":"viewer@example.com"}"#.utf8).base64EncodedString()
        let body = try decodeObject(try await harness.createSession(mvpd: "TempPass"))
        #expect(body["actionName"] == "authorize")
        #expect(body["actionType"] == "direct")
        #expect(body["reasonType"] == "temporary")
        #expect(body["url"] == "/api/v2/REF/decisions/authorize/TempPass")
        #expect(body["code"] == nil)
        let session = try #require(await harness.emulator.session(requestor: "REF", deviceID: Harness.deviceID))
        #expect(session.isTempPass)
        #expect(session.expires == Date(timeIntervalSince1970: 1_800_000_600))
        #expect(await harness.emulator.requests(to: .authenticateV2).isEmpty)
        // The Promotional TempPass identity comes with the profile call (the sessions pages do
        // not list AP-TempPass-Identity), and is kept as v1 keeps generic_data.
        try expectV2Error(
            try await harness.createSession(mvpd: "TempPass", headers: ["AP-TempPass-Identity": identity]),
            status: 400, code: "bad_request")
        try expectV2Error(
            try await harness.v2(
                "/api/v2/REF/profiles/TempPass",
                headers: ["AP-TempPass-Identity": "not base64 json"]),
            status: 400, code: "invalid_header_identity_for_temporary_access")
        #expect(
            try await harness.v2(
                "/api/v2/REF/profiles/TempPass",
                headers: ["AP-TempPass-Identity": identity]
            ).status == 200)
        #expect(
            await harness.emulator.session(requestor: "REF", deviceID: Harness.deviceID)?.genericData
                == #"{"email":"viewer@example.com"}"#)

        // Inside the window the TempPass continues (same expiry); once over, 403.
        harness.clock.advance(by: .seconds(300))
        #expect(try decodeObject(try await harness.createSession(mvpd: "TempPass"))["reasonType"] == "temporary")
        #expect(
            await harness.emulator.session(requestor: "REF", deviceID: Harness.deviceID)?.expires
                == Date(timeIntervalSince1970: 1_800_000_600))
        harness.clock.advance(by: .seconds(300))
        try expectV2Error(
            try await harness.createSession(mvpd: "TempPass"), status: 403,
            code: "temporary_access_duration_limit_exceeded", action: "authentication")
    }

    @Test func authenticateAllDegradationAnswersAuthorizeDegraded() async throws {
        let harness = try await Harness.make()
        await harness.emulator.setDegradation(.authenticateAll, for: "Cablevision")
        let body = try decodeObject(try await harness.createSession())
        #expect(body["actionName"] == "authorize")
        #expect(body["actionType"] == "direct")
        #expect(body["reasonType"] == "degraded")
        #expect(body["url"] == "/api/v2/REF/decisions/authorize/Cablevision")
        let session = try #require(await harness.emulator.session(requestor: "REF", deviceID: Harness.deviceID))
        #expect(session.isDegraded)
        #expect(session.mvpd == "Cablevision")
        // The degraded profile answers later sessions as degraded too, even after the rule is lifted.
        await harness.emulator.setDegradation(nil, for: "Cablevision")
        #expect(try decodeObject(try await harness.createSession())["reasonType"] == "degraded")
    }

    @Test func sessionInformationByCode() async throws {
        let harness = try await Harness.make()
        let deviceInfo = Data(
            #"{"primaryHardwareType":"MobilePhone","model":"iPhone","version":"15,2","manufacturer":"Apple","vendor":"Apple","osName":"iOS","osVersion":"17.4","connectionType":"WiFi","applicationId":"REF30","displayWidth":390}"#
                .utf8
        ).base64EncodedString()
        let created = try decodeObject(
            try await harness.v2(
                "/api/v2/REF/sessions", method: .post, form: Harness.sessionForm(mvpd: nil),
                deviceInfo: deviceInfo, headers: ["User-Agent": "Emulator Tests"]))
        let code = try #require(created["code"]?.stringValue)

        // A second device (with its own device headers) reads it by code.
        let response = try await harness.v2WithCode("/api/v2/REF/sessions/\(code)")
        #expect(response.status == 200)
        let info = try decodeObject(response)
        #expect(Set(info.keys) == ["missingParameters", "existingParameters", "device", "notBefore", "notAfter"])
        #expect(info["missingParameters"] == ["mvpd"])
        #expect(
            info["existingParameters"] == [
                "domainName": "adobe.com", "redirectUrl": .string(Harness.redirectURL),
                "serviceProvider": "REF",
            ])
        #expect(info["notBefore"] == created["notBefore"])
        #expect(info["notAfter"] == created["notAfter"])
        let device = try #require(info["device"]?.objectValue)
        #expect(
            Set(device.keys) == [
                "type", "model", "version", "hardware", "operatingSystem", "browser", "display",
                "applicationId", "connection",
            ])
        #expect(device["type"] == "MobilePhone")
        #expect(device["model"] == "iPhone")
        #expect(device["operatingSystem"]?["name"] == "iOS")
        #expect(device["operatingSystem"]?["version"] == ["major": 17, "minor": 4, "patch": 0, "profile": ""])
        #expect(device["hardware"]?["manufacturer"] == "Apple")
        #expect(device["browser"]?["originalUserAgent"] == "Emulator Tests")
        #expect(device["display"]?["width"] == 390)
        #expect(device["applicationId"] == "REF30")
        #expect(device["connection"]?["type"] == "WiFi")

        // Adobe's sample path form, and a complete session (no missingParameters).
        _ = try await harness.v2WithCode(
            "/api/v2/REF/sessions/\(code)", method: .post,
            form: Harness.sessionForm(mvpd: "AutoCable"))
        let complete = try decodeObject(try await harness.v2WithCode("/api/v2/sessions/REF/\(code)"))
        #expect(complete["missingParameters"] == nil)
        #expect(complete["existingParameters"]?["mvpd"] == "AutoCable")
        #expect(await harness.emulator.requests(to: .sessionInfo).count == 2)
    }

    @Test func unknownCodesAreInvalidCodesAndExpiredOnesInvalidSessions() async throws {
        let harness = try await Harness.make()
        try expectV2Error(
            try await harness.v2WithCode("/api/v2/REF/sessions/NOCODE1"), status: 400,
            code: "invalid_parameter_code")
        try expectV2Error(
            try await harness.v2WithCode(
                "/api/v2/REF/sessions/NOCODE1", method: .post,
                form: Harness.sessionForm(mvpd: "Cablevision")),
            status: 400, code: "invalid_parameter_code")
        let code = try #require(try decodeObject(try await harness.createSession(mvpd: nil))["code"]?.stringValue)
        // A code belongs to its service provider.
        try expectV2Error(
            try await harness.v2WithCode("/api/v2/OTHER/sessions/\(code)"), status: 400,
            code: "invalid_parameter_code")
        harness.clock.advance(by: .seconds(1799))
        #expect(try await harness.v2WithCode("/api/v2/REF/sessions/\(code)").status == 200)
        harness.clock.advance(by: .seconds(1))
        try expectV2Error(
            try await harness.v2WithCode("/api/v2/REF/sessions/\(code)"), status: 400,
            code: "invalid_authentication_session")
        try expectV2Error(
            try await harness.v2WithCode(
                "/api/v2/REF/sessions/\(code)", method: .post,
                form: Harness.sessionForm(mvpd: "Cablevision")),
            status: 400, code: "invalid_authentication_session")
    }

    @Test func invalidParameters() async throws {
        let harness = try await Harness.make()
        try expectV2Error(try await harness.createSession(mvpd: "Nope"), status: 400, code: "invalid_parameter_mvpd")
        try expectV2Error(
            try await harness.v2(
                "/api/v2/OTHER/sessions", method: .post,
                form: Harness.sessionForm(mvpd: "Cablevision")),
            status: 400, code: "invalid_integration")
        try expectV2Error(
            try await harness.createSession(redirect: "not a url"), status: 400,
            code: "invalid_parameter_redirect_url")
        try expectV2Error(
            try await harness.createSession(domain: "evil.example"), status: 400,
            code: "invalid_parameter_domain_name")
    }
}

@Suite(.timeLimit(.minutes(5))) struct RESTv2BrowserLoginTests {
    @Test func headlessPresenterSignsInThroughTheV2BrowserRoute() async throws {
        let harness = try await Harness.make()
        let (code, landed) = try await harness.loginV2()
        #expect(landed.absoluteString == Harness.redirectURL)
        let session = try #require(await harness.emulator.session(requestor: "REF", deviceID: Harness.deviceID))
        #expect(session.mvpd == "Cablevision")
        #expect(session.userID == "alice-user-id")
        #expect(!session.isTempPass && !session.isDegraded)
        // The browser route needs no bearer token and is logged under its own route.
        let browser = try #require(await harness.emulator.requests(to: .authenticateV2).first)
        #expect(browser.headers["Authorization"] == nil)
        #expect(browser.path == "/api/v2/authenticate/REF/\(code)")
        #expect(browser.responseStatus == 302)
        #expect(await harness.emulator.requests(to: .mvpdLogin).map(\.method) == ["GET", "POST"])
        #expect(await harness.emulator.counters.sessionsCreated == 1)
    }

    @Test func autoLoginGoesStraightToTheRedirectURL() async throws {
        let harness = try await Harness.make()
        let session = try decodeObject(try await harness.createSession(mvpd: "AutoCable"))
        let path = try #require(session["url"]?.stringValue)
        let response = try await harness.emulator.handle(HTTPTransportRequest(url: harness.url(path)))
        #expect(response.status == 302)
        #expect(response.headers["Location"] == Harness.redirectURL)
        #expect(await harness.emulator.session(requestor: "REF", deviceID: Harness.deviceID)?.userID == "bob-user-id")
    }

    @Test func wrongCredentialsAreRejected() async throws {
        let harness = try await Harness.make()
        await #expect(throws: HeadlessPresenterError.self) {
            try await harness.loginV2(password: "wrong")
        }
        #expect(await harness.emulator.session(requestor: "REF", deviceID: Harness.deviceID) == nil)
    }

    @Test func unknownExpiredOrIncompleteCodesGetAnHTMLError() async throws {
        let harness = try await Harness.make()
        let unknown = try await harness.emulator.handle(
            HTTPTransportRequest(url: harness.url("/api/v2/authenticate/REF/ZZZZZZZ")))
        #expect(unknown.status == 400)
        #expect(unknown.headers["Content-Type"]?.hasPrefix("text/html") == true)

        let incomplete = try #require(
            try decodeObject(try await harness.createSession(redirect: nil))["code"]?.stringValue)
        #expect(
            try await harness.emulator.handle(
                HTTPTransportRequest(url: harness.url("/api/v2/authenticate/REF/\(incomplete)"))
            ).status == 400)

        let code = try #require(try decodeObject(try await harness.createSession())["code"]?.stringValue)
        #expect(
            try await harness.emulator.handle(
                HTTPTransportRequest(url: harness.url("/api/v2/authenticate/OTHER/\(code)"))
            ).status == 400)
        harness.clock.advance(by: .seconds(1800))
        #expect(
            try await harness.emulator.handle(
                HTTPTransportRequest(url: harness.url("/api/v2/authenticate/REF/\(code)"))
            ).status == 400)
    }
}
