import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

@Suite(.timeLimit(.minutes(5))) struct RESTv2LogoutEndpointTests {
    private func logout(
        _ response: HTTPTransportResponse, _ mvpd: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: JSONValue] {
        #expect(response.status == 200, sourceLocation: sourceLocation)
        let logouts = try #require(try decodeObject(response)["logouts"]?.objectValue, sourceLocation: sourceLocation)
        #expect(Array(logouts.keys) == [mvpd], sourceLocation: sourceLocation)
        return try #require(logouts[mvpd]?.objectValue, sourceLocation: sourceLocation)
    }

    @Test func regularMVPDAnswersLogoutWithTheBrowserLogoutURL() async throws {
        // The app's redirect URL is registered with its software statement.
        var scenario = EmulatorScenario.standard
        scenario.softwareStatements.redirectURIs = ["https://app.example/logged%20out"]
        let harness = try await Harness.make(scenario)
        try await harness.loginV2()
        _ = try await harness.decide("authorize", resources: ["news"])
        let redirect = "https://app.example/logged out?x=1"
        let body = try logout(
            try await harness.v2("/api/v2/REF/logout/Cablevision", query: [("redirectUrl", redirect)]),
            "Cablevision")
        #expect(Set(body.keys) == ["actionName", "actionType", "mvpd", "url"])
        #expect(body["actionName"] == "logout")
        #expect(body["actionType"] == "interactive")
        #expect(body["mvpd"] == "Cablevision")
        let path = try #require(body["url"]?.stringValue)
        #expect(
            path == "/adobe-services/logout?noflash=true&mso_id=Cablevision&requestor_id=REF&redirect_url="
                + "https%3A%2F%2Fapp.example%2Flogged%20out%3Fx%3D1")

        // The device's profile and authorizations are gone, on both protocols.
        #expect(text(try await harness.v2("/api/v2/REF/profiles")) == #"{"profiles":{}}"#)
        #expect(try await harness.v1("/api/v1/tokens/authn").status == 404)
        #expect(
            await harness.emulator.authorizationExpiry(
                requestor: "REF", deviceID: Harness.deviceID,
                resource: "news") == nil)

        // The URL is served by the emulator's browser logout, which ends at the redirect URL.
        let browser = try await harness.emulator.handle(HTTPTransportRequest(url: harness.url(path)))
        #expect(browser.status == 302)
        #expect(browser.headers["Location"] == redirect)
        #expect(await harness.emulator.requests(to: .browserLogout).count == 1)
    }

    @Test func tempPassAndDegradedAnswerComplete() async throws {
        let harness = try await Harness.make()
        _ = try await harness.createSession(mvpd: "TempPass")
        let tempPass = try logout(
            try await harness.v2(
                "/api/v2/REF/logout/TempPass",
                query: [("redirectUrl", Harness.redirectURL)]), "TempPass")
        #expect(tempPass == ["actionName": "complete", "actionType": "none", "mvpd": "TempPass"])
        #expect(await harness.emulator.session(requestor: "REF", deviceID: Harness.deviceID) == nil)

        await harness.emulator.setDegradation(.authenticateAll, for: "Cablevision")
        _ = try await harness.createSession()
        // DELETE (an earlier description of the API) works as well as Adobe's GET.
        let degraded = try logout(
            try await harness.v2(
                "/api/v2/REF/logout/Cablevision", method: .delete,
                query: [("redirectUrl", Harness.redirectURL)]), "Cablevision")
        #expect(degraded == ["actionName": "complete", "actionType": "none", "mvpd": "Cablevision"])
        #expect(await harness.emulator.session(requestor: "REF", deviceID: Harness.deviceID) == nil)
        #expect(await harness.emulator.requests(to: .logoutV2).map(\.method) == ["GET", "DELETE"])
    }

    @Test func noProfileAnswersInvalid() async throws {
        let harness = try await Harness.make()
        let none = try logout(
            try await harness.v2(
                "/api/v2/REF/logout/Cablevision",
                query: [("redirectUrl", Harness.redirectURL)]), "Cablevision")
        #expect(none == ["actionName": "invalid", "actionType": "none", "mvpd": "Cablevision"])

        // A profile for another MVPD is left alone.
        try await harness.loginV2(mvpd: "AutoCable")
        let other = try logout(
            try await harness.v2(
                "/api/v2/REF/logout/Cablevision",
                query: [("redirectUrl", Harness.redirectURL)]), "Cablevision")
        #expect(other["actionName"] == "invalid")
        #expect(await harness.emulator.session(requestor: "REF", deviceID: Harness.deviceID)?.mvpd == "AutoCable")

        // An expired profile is invalid (and cleared).
        harness.clock.advance(by: .seconds(3600))
        let expired = try logout(
            try await harness.v2(
                "/api/v2/REF/logout/AutoCable",
                query: [("redirectUrl", Harness.redirectURL)]), "AutoCable")
        #expect(expired["actionName"] == "invalid")
        #expect(await harness.emulator.session(requestor: "REF", deviceID: Harness.deviceID) == nil)
    }

    @Test func logoutNeedsARedirectURLAndAnOfferedMVPD() async throws {
        let harness = try await Harness.make()
        try await harness.loginV2()
        try expectV2Error(
            try await harness.v2("/api/v2/REF/logout/Cablevision"), status: 400,
            code: "invalid_parameter_redirect_url")
        try expectV2Error(
            try await harness.v2("/api/v2/REF/logout/Cablevision", query: [("redirectUrl", "")]),
            status: 400, code: "invalid_parameter_redirect_url")
        try expectV2Error(
            try await harness.v2("/api/v2/REF/logout/Nope", query: [("redirectUrl", Harness.redirectURL)]),
            status: 400, code: "invalid_parameter_mvpd")
        // Nothing was logged out by the rejected calls.
        #expect(await harness.emulator.session(requestor: "REF", deviceID: Harness.deviceID) != nil)
        // Adobe's TempPass sample puts the service provider after "logout".
        let sample = try logout(
            try await harness.v2(
                "/api/v2/logout/REF/Cablevision",
                query: [("redirectUrl", Harness.redirectURL)]), "Cablevision")
        #expect(sample["actionName"] == "logout")
    }
}
