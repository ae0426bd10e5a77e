import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// One shared state behind both protocols.
@Suite(.timeLimit(.minutes(5))) struct CrossProtocolTests {
    @Test func aV1LoginIsAV2Profile() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        let profiles = try decodeObject(try await harness.v2("/api/v2/REF/profiles"))
        #expect(profiles["profiles"]?["Cablevision"]?["notAfter"] == .number(Double(ms(3600))))
        #expect(profiles["profiles"]?["Cablevision"]?["attributes"]?["userID"]?["value"] == "alice-user-id")
        #expect(try decodeObject(try await harness.createSession())["reasonType"] == "authenticated")
        let decision = try harness.singleDecision(try await harness.decide("authorize", resources: ["sports"]))
        #expect(decision["authorized"] == true)
        // v1 sees the authorization v2 made.
        let media = try decodeObject(try await harness.v1("/api/v1/tokens/media", [("resource", "sports")]))
        #expect(media["mvpdId"] == "Cablevision")
    }

    @Test func aV2LoginIsAV1Authentication() async throws {
        let harness = try await Harness.make()
        try await harness.loginV2()
        let authn = try decodeObject(try await harness.v1("/api/v1/tokens/authn"))
        #expect(authn["mvpd"] == "Cablevision")
        #expect(authn["userId"] == "alice-user-id")
        #expect(authn["expires"] == .string(String(ms(3600))))
        #expect(try await harness.v1("/api/v1/authorize", [("resource", "news")]).status == 200)
        #expect(try await harness.v1("/api/v1/tokens/media", [("resource", "news")]).status == 200)
        let metadata = try decodeObject(try await harness.v1("/api/v1/tokens/usermetadata"))
        #expect(metadata["data"]?["householdID"] == "alice-household")
    }

    @Test func logoutOnEitherSideEndsBoth() async throws {
        let harness = try await Harness.make()
        try await harness.loginV2()
        #expect(try await harness.v1("/api/v1/logout", method: .delete).status == 204)
        #expect(text(try await harness.v2("/api/v2/REF/profiles")) == #"{"profiles":{}}"#)
        try expectV2Error(
            try await harness.decide("authorize", resources: ["news"]), status: 403,
            code: "authenticated_profile_missing", action: "authentication")

        try await harness.login()
        _ = try await harness.v2("/api/v2/REF/logout/Cablevision", query: [("redirectUrl", Harness.redirectURL)])
        #expect(try await harness.v1("/api/v1/tokens/authn").status == 404)
    }

    @Test func aV1TempPassIsAV2TemporaryProfile() async throws {
        let harness = try await Harness.make()
        #expect(try await harness.startTempPass().status == 204)
        let profile = try decodeObject(try await harness.v2("/api/v2/REF/profiles/TempPass"))
        #expect(profile["profiles"]?["TempPass"]?["type"] == "temporary")
        #expect(try decodeObject(try await harness.createSession(mvpd: "TempPass"))["reasonType"] == "temporary")
        // The v2 session continued the same TempPass window.
        #expect(
            await harness.emulator.session(requestor: "REF", deviceID: Harness.deviceID)?.expires
                == Date(timeIntervalSince1970: 1_800_000_600))
    }

    @Test func devicesAndServiceProvidersStayApart() async throws {
        let harness = try await Harness.make()
        try await harness.loginV2(mvpd: "AutoCable")
        #expect(text(try await harness.v2("/api/v2/REF/profiles", deviceID: "device-2")) == #"{"profiles":{}}"#)
        #expect(text(try await harness.v2("/api/v2/OTHER/profiles")) == #"{"profiles":{}}"#)
        #expect(try await harness.v1("/api/v1/tokens/authn", requestor: "OTHER").status == 404)
    }
}
