import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

@Suite(.timeLimit(.minutes(5))) struct DCRTests {
    @Test func registerReturnsClientCredentials() async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let response = try await emulator.handle(Harness.registerRequest(emulator.baseURL))
        #expect(response.status == 201)
        #expect(response.headers["Content-Type"]?.hasPrefix("application/json") == true)
        let body = try decodeObject(response)
        #expect(body["client_id"]?.stringValue?.isEmpty == false)
        #expect(body["client_secret"]?.stringValue?.isEmpty == false)
        #expect(body["client_id"] != body["client_secret"])
        #expect(body["client_id_issued_at"]?.numberValue == 1_800_000_000)
        #expect(body["redirect_uris"] == ["adobepass://ios.app"])
        #expect(body["grant_types"] == ["client_credentials"])
        #expect(body["scopes"]?.arrayValue?.isEmpty == false)
        #expect(await emulator.counters.clientsRegistered == 1)
    }

    @Test func eachRegistrationGetsNewCredentials() async throws {
        let emulator = PassEmulator(clock: TestClock())
        let first = try decodeObject(try await emulator.handle(Harness.registerRequest(emulator.baseURL)))
        let second = try decodeObject(try await emulator.handle(Harness.registerRequest(emulator.baseURL)))
        #expect(first["client_id"] != second["client_id"])
    }

    @Test(arguments: [
        ("", "invalid_software_statement"),
        ("revoked-statement", "unapproved_software_statement"),
        ("unknown-statement", "invalid_software_statement"),
    ])
    func registerRejectsBadSoftwareStatements(statement: String, error: String) async throws {
        var scenario = EmulatorScenario.standard
        scenario.softwareStatements = .init(
            accepted: ["good-statement", "revoked-statement"],
            revoked: ["revoked-statement"])
        let emulator = PassEmulator(scenario: scenario, clock: TestClock())
        let response = try await emulator.handle(Harness.registerRequest(emulator.baseURL, statement: statement))
        #expect(response.status == 400)
        #expect(try decodeObject(response)["error"]?.stringValue == error)
        let good = try await emulator.handle(Harness.registerRequest(emulator.baseURL, statement: "good-statement"))
        #expect(good.status == 201)
    }

    @Test func registerRejectsMalformedRequests() async throws {
        let emulator = PassEmulator(clock: TestClock())
        let url = emulator.baseURL.appendingPathComponent("o/client/register")
        let notJSON = HTTPTransportRequest(
            method: .post, url: url, headers: ["Content-Type": "application/json"],
            body: Data("software_statement=x".utf8))
        let missing = HTTPTransportRequest(
            method: .post, url: url, headers: ["Content-Type": "application/json"],
            body: Data(#"{"redirect_uri":"adobepass://ios.app"}"#.utf8))
        let badRedirect = HTTPTransportRequest(
            method: .post, url: url, headers: ["Content-Type": "application/json"],
            body: Data(#"{"software_statement":"s","redirect_uri":"no scheme"}"#.utf8))
        let wrongMethod = HTTPTransportRequest(method: .get, url: url)
        #expect(try decodeObject(try await emulator.handle(notJSON))["error"] == "invalid_request")
        #expect(try decodeObject(try await emulator.handle(missing))["error"] == "invalid_request")
        let redirect = try await emulator.handle(badRedirect)
        #expect(redirect.status == 400)
        #expect(try decodeObject(redirect)["error"] == "invalid_redirect_uri")
        #expect(try await emulator.handle(wrongMethod).status == 405)
    }

    @Test func tokenReturnsABearerTokenThatExpiresOnTheClock() async throws {
        let harness = try await Harness.make()
        let response = try await harness.emulator.handle(
            Harness.tokenRequest(harness.baseURL, clientID: harness.clientID, secret: harness.clientSecret))
        #expect(response.status == 201)
        let body = try decodeObject(response)
        #expect(body["token_type"] == "bearer")
        #expect(body["expires_in"]?.numberValue == 21_600)
        #expect(body["created_at"]?.numberValue == 1_800_000_000_000)
        #expect(body["id"]?.stringValue?.isEmpty == false)
        let token = try #require(body["access_token"]?.stringValue)
        #expect(token != harness.token)

        #expect(try await harness.v1("/api/v1/config/REF", bearer: token).status == 200)
        harness.clock.advance(by: .seconds(21_599))
        #expect(try await harness.v1("/api/v1/config/REF", bearer: token).status == 200)
        harness.clock.advance(by: .seconds(1))
        try expectEnhancedError(
            try await harness.v1("/api/v1/config/REF", bearer: token), status: 401,
            code: "invalid_access_token_client_application", action: "application-registration")
    }

    @Test func shortAccessTokenTTLFromTheScenario() async throws {
        var scenario = EmulatorScenario.standard
        scenario.accessTokenTTL = 5
        let harness = try await Harness.make(scenario)
        harness.clock.advance(by: .seconds(5))
        #expect(try await harness.v1("/api/v1/config/REF").status == 401)
    }

    @Test func tokenErrors() async throws {
        let harness = try await Harness.make()
        let base = harness.baseURL
        func error(_ request: HTTPTransportRequest) async throws -> String? {
            let response = try await harness.emulator.handle(request)
            #expect(response.status == 400)
            return try decodeObject(response)["error"]?.stringValue
        }
        #expect(try await error(Harness.tokenRequest(base, clientID: "nobody", secret: "x")) == "invalid_client")
        #expect(
            try await error(Harness.tokenRequest(base, clientID: harness.clientID, secret: "wrong"))
                == "invalid_client")
        #expect(
            try await error(
                Harness.tokenRequest(
                    base, clientID: harness.clientID, secret: harness.clientSecret,
                    grantType: "password")) == "unsupported_grant_type")
        #expect(try await error(Harness.tokenRequest(base, clientID: "", secret: "")) == "invalid_request")
        var json = Harness.tokenRequest(base, clientID: harness.clientID, secret: harness.clientSecret)
        json.headers["Content-Type"] = "application/json"
        #expect(try await error(json) == "invalid_request")
    }

    @Test func expireAccessTokensForcesARenewal() async throws {
        let harness = try await Harness.make()
        await harness.emulator.expireAccessTokens()
        #expect(try await harness.v1("/api/v1/config/REF").status == 401)
        let renewed = try await harness.emulator.handle(
            Harness.tokenRequest(harness.baseURL, clientID: harness.clientID, secret: harness.clientSecret))
        let token = try #require(try decodeObject(renewed)["access_token"]?.stringValue)
        #expect(try await harness.v1("/api/v1/config/REF", bearer: token).status == 200)
    }

    @Test func revokedClientsGetInvalidClient() async throws {
        let harness = try await Harness.make()
        await harness.emulator.revokeClients()
        #expect(await harness.emulator.activeClientCount == 0)
        let protected = try await harness.v1("/api/v1/config/REF")
        #expect(protected.status == 403)
        #expect(try decodeObject(protected) == ["error": "invalid_client"])
        let token = try await harness.emulator.handle(
            Harness.tokenRequest(harness.baseURL, clientID: harness.clientID, secret: harness.clientSecret))
        #expect(token.status == 400)
        #expect(try decodeObject(token)["error"] == "invalid_client")

        // Registering again gives working credentials.
        let again = try await Harness.make(clock: harness.clock)
        #expect(try await again.v1("/api/v1/config/REF").status == 200)
    }
}

@Suite(.timeLimit(.minutes(5))) struct BearerTests {
    @Test(arguments: [
        EmulatorRoute.configuration, .freePreview, .authenticationToken, .authorize, .mediaToken, .preauthorize,
        .userMetadata, .logout,
    ])
    func everyProtectedRouteNeedsABearerToken(route: EmulatorRoute) async throws {
        let harness = try await Harness.make()
        let (path, method): (String, HTTPTransportMethod) =
            switch route {
            case .configuration: ("/api/v1/config/REF", .get)
            case .freePreview: ("/api/v1/authenticate/freepreview", .post)
            case .authenticationToken: ("/api/v1/tokens/authn", .get)
            case .authorize: ("/api/v1/authorize", .get)
            case .mediaToken: ("/api/v1/tokens/media", .get)
            case .preauthorize: ("/api/v1/preauthorize", .get)
            case .userMetadata: ("/api/v1/tokens/usermetadata", .get)
            default: ("/api/v1/logout", .delete)
            }
        let missing = try await harness.v1(path, [("resource", "news")], method: method, bearer: .some(nil))
        try expectEnhancedError(
            missing, status: 401, code: "invalid_access_token_client_application",
            action: "application-registration")
        let unknown = try await harness.v1(path, [("resource", "news")], method: method, bearer: "not-a-token")
        #expect(unknown.status == 401)
        #expect(await harness.emulator.requests(to: route).map(\.responseStatus) == [401, 401])
    }

    @Test func the401BodyHasNoSecrets() async throws {
        let harness = try await Harness.make()
        let response = try await harness.v1("/api/v1/tokens/authn", bearer: "secret-looking-token")
        #expect(!text(response).contains("secret-looking-token"))
        #expect(!text(response).contains(harness.token))
    }

    @Test func plain401WhenEnhancedErrorsAreOff() async throws {
        let harness = try await Harness.make()
        await harness.emulator.setEnhancedErrorReporting(false)
        try expectPlainError(try await harness.v1("/api/v1/tokens/authn", bearer: .some(nil)), status: 401)
    }

    @Test func theBrowserRouteNeedsNoBearer() async throws {
        let harness = try await Harness.make()
        let response = try await harness.emulator.handle(HTTPTransportRequest(url: harness.loginURL(mvpd: "AutoCable")))
        #expect(response.status == 302)
    }
}
