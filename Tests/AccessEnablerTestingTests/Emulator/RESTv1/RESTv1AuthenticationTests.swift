import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

@Suite(.timeLimit(.minutes(5))) struct RESTv1AuthenticationTests {
    @Test func loginFormFlowThroughTheHeadlessPresenter() async throws {
        let harness = try await Harness.make()
        let landed = try await harness.login()
        #expect(landed.absoluteString == Harness.redirectURL)

        let response = try await harness.v1("/api/v1/tokens/authn")
        #expect(response.status == 200)
        let body = try decodeObject(response)
        #expect(body["requestor"] == "REF")
        #expect(body["mvpd"] == "Cablevision")
        #expect(body["userId"] == "alice-user-id")
        #expect(body["expires"] == .string(String(1_800_003_600_000)))

        #expect(await harness.emulator.requests(to: .authenticate).map(\.responseStatus) == [302])
        #expect(await harness.emulator.requests(to: .mvpdLogin).map(\.method) == ["GET", "POST"])
        #expect(await harness.emulator.counters.sessionsCreated == 1)
    }

    @Test func theLoginPageIsARealForm() async throws {
        let harness = try await Harness.make()
        let start = try await harness.emulator.handle(HTTPTransportRequest(url: harness.loginURL(mvpd: "Cablevision")))
        #expect(start.status == 302)
        let location = try #require(start.headers["Location"])
        #expect(location.hasPrefix("/emulator/mvpd/Cablevision/login?login="))
        let page = try await harness.emulator.handle(
            HTTPTransportRequest(url: try #require(URL(string: location, relativeTo: harness.baseURL)?.absoluteURL)))
        #expect(page.status == 200)
        #expect(page.headers["Content-Type"]?.hasPrefix("text/html") == true)
        let form = try #require(HTMLForm(html: text(page)))
        #expect(form.method == "post")
        #expect(form.action == "/emulator/mvpd/Cablevision/login")
        #expect(form.inputs.map(\.name) == ["login", "username", "password"])
        #expect(form.inputs[0].type == "hidden")
        #expect(location.hasSuffix(form.inputs[0].value))
        #expect(form.inputs[2].type == "password")
    }

    @Test func wrongCredentialsShowTheFormAgain() async throws {
        let harness = try await Harness.make()
        await #expect(throws: HeadlessPresenterError.loginRejected(message: "The username or password is incorrect.")) {
            try await harness.login(password: "wrong")
        }
        #expect(await harness.emulator.requests(to: .mvpdLogin).map(\.responseStatus) == [200, 200])
        #expect(try await harness.v1("/api/v1/tokens/authn").status == 404)
        await #expect(throws: HeadlessPresenterError.loginRejected(message: "The username or password is incorrect.")) {
            try await harness.login(username: "bob", password: "bob-password")
        }
    }

    @Test func aLoginLinkWorksOnce() async throws {
        let harness = try await Harness.make()
        let start = try await harness.emulator.handle(HTTPTransportRequest(url: harness.loginURL(mvpd: "Cablevision")))
        let location = try #require(start.headers["Location"])
        let loginID = String(location.split(separator: "=").last!)
        let post = { () async throws -> HTTPTransportResponse in
            try await harness.emulator.handle(
                HTTPTransportRequest(
                    method: .post, url: harness.url("/emulator/mvpd/Cablevision/login"),
                    headers: ["Content-Type": "application/x-www-form-urlencoded"],
                    body: Data("login=\(loginID)&username=alice&password=alice-password".utf8)))
        }
        let first = try await post()
        #expect(first.status == 302)
        #expect(first.headers["Location"] == Harness.redirectURL)
        #expect(try await post().status == 400)
        let unknown = try await harness.emulator.handle(
            HTTPTransportRequest(url: harness.url("/emulator/mvpd/Cablevision/login", [("login", "nope")])))
        #expect(unknown.status == 400)
    }

    @Test func autoLoginRedirectsStraightBack() async throws {
        let harness = try await Harness.make()
        let response = try await harness.emulator.handle(HTTPTransportRequest(url: harness.loginURL(mvpd: "AutoCable")))
        #expect(response.status == 302)
        #expect(response.headers["Location"] == Harness.redirectURL)
        let token = try decodeObject(try await harness.v1("/api/v1/tokens/authn"))
        #expect(token["mvpd"] == "AutoCable")
        #expect(token["userId"] == "bob-user-id")
        #expect(await harness.emulator.requests(to: .mvpdLogin).isEmpty)

        let session = try #require(await harness.emulator.session(requestor: "REF", deviceID: Harness.deviceID))
        #expect(session.mvpd == "AutoCable")
        #expect(!session.isTempPass)
    }

    @Test func sessionsAreKeyedByRequestorAndDevice() async throws {
        let harness = try await Harness.make()
        try await harness.login(mvpd: "AutoCable", requestor: "OTHER")
        #expect(try await harness.v1("/api/v1/tokens/authn", requestor: "OTHER").status == 200)
        #expect(try await harness.v1("/api/v1/tokens/authn", requestor: "REF").status == 404)
        #expect(try await harness.v1("/api/v1/tokens/authn", requestor: "OTHER", deviceID: "device-2").status == 404)
    }

    @Test func authenticateValidatesItsParameters() async throws {
        let harness = try await Harness.make()
        func start(_ query: [(String, String)]) async throws -> HTTPTransportResponse {
            try await harness.emulator.handle(
                HTTPTransportRequest(
                    url: harness.url("/api/v1/authenticate", query),
                    headers: ["Accept": "application/json"]))
        }
        let good: [(String, String)] = [
            ("requestor_id", "REF"), ("mso_id", "AutoCable"), ("domain_name", "adobe.com"),
            ("deviceId", "d"), ("noflash", "true"), ("no_iframe", "true"),
            ("redirect_url", Harness.redirectURL),
        ]
        #expect(try await start(good).status == 302)

        var notLast = good
        notLast.swapAt(5, 6)
        #expect(try await start(notLast).status == 400)
        let missingRedirect = Array(good.dropLast())
        #expect(try await start(missingRedirect).status == 400)
        var badDomain = good
        badDomain[2].1 = "evil.example"
        #expect(try await start(badDomain).status == 400)
        var notOffered = good
        notOffered[0].1 = "OTHER"
        notOffered[1].1 = "Cablevision"
        try expectEnhancedError(
            try await start(notOffered), status: 400, code: "unknown_integration",
            action: "configuration")
        var unknownRequestor = good
        unknownRequestor[0].1 = "NOPE"
        try expectEnhancedError(
            try await start(unknownRequestor), status: 400, code: "invalid_requestor",
            action: "none")
        var noDevice = good
        noDevice.remove(at: 3)
        try expectEnhancedError(try await start(noDevice), status: 400, code: "invalid_device_id", action: "none")
        var noFlash = good
        noFlash.remove(at: 4)
        #expect(try await start(noFlash).status == 400)
    }

    @Test func authnTokenIsGoneWhenExpired() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        harness.clock.advance(by: .seconds(3599))
        #expect(try await harness.v1("/api/v1/tokens/authn").status == 200)
        harness.clock.advance(by: .seconds(1))
        try expectEnhancedError(
            try await harness.v1("/api/v1/tokens/authn"), status: 410,
            code: "authentication_session_expired", action: "authentication")
        try expectEnhancedError(
            try await harness.v1("/api/v1/tokens/authn", deviceID: "other-device"), status: 404,
            code: "authentication_session_missing", action: "authentication")
        await harness.emulator.setEnhancedErrorReporting(false)
        try expectPlainError(try await harness.v1("/api/v1/tokens/authn"), status: 410)
    }

    @Test func authnTokenAsXML() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        let response = try await harness.v1("/api/v1/tokens/authn", accept: "application/xml")
        #expect(response.status == 200)
        #expect(
            text(response).hasSuffix(
                "<authentication><expires>1800003600000</expires><userId>alice-user-id</userId>"
                    + "<mvpd>Cablevision</mvpd><requestor>REF</requestor></authentication>"))
    }

    @Test func logoutRemovesAuthenticationAndAuthorizations() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        #expect(try await harness.v1("/api/v1/authorize", [("resource", "news")]).status == 200)
        let logout = try await harness.v1("/api/v1/logout", method: .delete)
        #expect(logout.status == 204)
        #expect(logout.body.isEmpty)
        #expect(try await harness.v1("/api/v1/tokens/authn").status == 404)
        #expect(try await harness.v1("/api/v1/tokens/media", [("resource", "news")]).status == 412)
        #expect(
            await harness.emulator.authorizationExpiry(
                requestor: "REF", deviceID: Harness.deviceID,
                resource: "news") == nil)
        #expect(try await harness.v1("/api/v1/logout", method: .delete).status == 204)
    }

    @Test func browserLogoutRedirectsAndClearsTheDevice() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        // Signed in; the call also makes the harness's client (and its redirect URL) REF's.
        #expect(try await harness.v1("/api/v1/tokens/authn").status == 200)
        let presenter = HeadlessPresenter(mvpdID: nil, transport: harness.emulator.transport)
        let url = harness.url(
            "/adobe-services/logout",
            [
                ("noflash", "true"), ("mso_id", "Cablevision"), ("requestor_id", "REF"), ("deviceId", Harness.deviceID),
                ("redirect_url", Harness.redirectURL),
            ])
        let landed = try await presenter.presentLogin(url: url, redirectURL: URL(string: Harness.redirectURL)!)
        #expect(landed.absoluteString == Harness.redirectURL)
        #expect(try await harness.v1("/api/v1/tokens/authn").status == 404)

        let notLast = harness.url(
            "/adobe-services/logout", [("redirect_url", "adobepass://logout"), ("noflash", "true")])
        #expect(try await harness.emulator.handle(HTTPTransportRequest(url: notLast)).status == 400)
    }

    @Test func invalidateSessionsForgetsEveryone() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        try await harness.login(mvpd: "AutoCable", deviceID: "device-2")
        await harness.emulator.invalidateSessions()
        #expect(try await harness.v1("/api/v1/tokens/authn").status == 404)
        #expect(try await harness.v1("/api/v1/tokens/authn", deviceID: "device-2").status == 404)
        try expectEnhancedError(
            try await harness.v1("/api/v1/authorize", [("resource", "news")]), status: 412,
            code: "authentication_session_missing", action: "authentication")
    }
}
