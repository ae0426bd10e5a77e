import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

@Suite(.timeLimit(.minutes(5))) struct RESTv2ProfileTests {
    /// The profile of `mvpd` in a profiles answer.
    private func profile(
        _ response: HTTPTransportResponse, _ mvpd: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: JSONValue] {
        #expect(response.status == 200, sourceLocation: sourceLocation)
        let profiles = try #require(try decodeObject(response)["profiles"]?.objectValue, sourceLocation: sourceLocation)
        #expect(Array(profiles.keys) == [mvpd], sourceLocation: sourceLocation)
        return try #require(profiles[mvpd]?.objectValue, sourceLocation: sourceLocation)
    }

    @Test func regularProfileCarriesTheUsersMetadataAsAttributes() async throws {
        let harness = try await Harness.make()
        try await harness.loginV2()
        let body = try profile(try await harness.v2("/api/v2/REF/profiles/Cablevision"), "Cablevision")
        #expect(Set(body.keys) == ["notBefore", "notAfter", "issuer", "type", "attributes"])
        // Numbers (epoch ms), not strings, as in the profiles samples.
        #expect(body["notBefore"] == .number(Double(ms())))
        #expect(body["notAfter"] == .number(Double(ms(3600))))
        #expect(body["issuer"] == "Cablevision")
        #expect(body["type"] == "regular")
        let attributes = try #require(body["attributes"]?.objectValue)
        #expect(Set(attributes.keys) == ["userID", "householdID", "zip", "maxRating", "channelID"])
        #expect(attributes["userID"] == ["value": "alice-user-id", "state": "plain"])
        #expect(attributes["householdID"] == ["value": "alice-household", "state": "plain"])
        // Encrypted keys: state "enc", the value the emulator's Base64 stand-in (as v1 sends it).
        #expect(attributes["zip"] == ["value": .string(Data("10001".utf8).base64EncodedString()), "state": "enc"])
        #expect(attributes["maxRating"]?["value"]?["MPAA"] == "PG-13")
        #expect(attributes["channelID"] == ["value": ["news", "sports", "movies", "kids"], "state": "plain"])
        // userID comes first, as in the samples.
        #expect(
            text(try await harness.v2("/api/v2/REF/profiles/Cablevision"))
                .hasPrefix(
                    #"{"profiles":{"Cablevision":{"notBefore":1800000000000,"notAfter":1800003600000,"issuer":"Cablevision","type":"regular","attributes":{"userID":"#
                ))
    }

    @Test func aUserWithoutMetadataStillHasAUserID() async throws {
        let harness = try await Harness.make()
        try await harness.loginV2(mvpd: "AutoCable")
        let body = try profile(try await harness.v2("/api/v2/REF/profiles"), "AutoCable")
        #expect(body["attributes"] == ["userID": ["value": "bob-user-id", "state": "plain"]])
    }

    @Test func tempPassProfile() async throws {
        let harness = try await Harness.make()
        _ = try await harness.createSession(mvpd: "TempPass")
        let body = try profile(try await harness.v2("/api/v2/REF/profiles/TempPass"), "TempPass")
        #expect(body["notBefore"] == .number(Double(ms())))
        #expect(body["notAfter"] == .number(Double(ms(600))))
        #expect(body["issuer"] == "Adobe")
        #expect(body["type"] == "temporary")
        // SHA-1 of the device ID "device-1".
        #expect(
            body["attributes"] == [
                "expiration_date": ["value": .number(Double(ms(600))), "state": "plain"],
                "userID": ["value": "temppass_ef9a3303c459399446370c0bd5a326de2d934668", "state": "plain"],
            ])
        // The same user ID on the v1 side.
        #expect(
            try decodeObject(try await harness.v1("/api/v1/tokens/authn"))["userId"]
                == "temppass_ef9a3303c459399446370c0bd5a326de2d934668")

        harness.clock.advance(by: .seconds(600))
        try expectV2Error(
            try await harness.v2("/api/v2/REF/profiles/TempPass"), status: 403,
            code: "temporary_access_duration_limit_exceeded", action: "authentication")
        #expect(try decodeObject(try await harness.v2("/api/v2/REF/profiles")) == ["profiles": [:]])
    }

    @Test func degradedProfiles() async throws {
        let harness = try await Harness.make()
        await harness.emulator.setDegradation(.authenticateAll, for: "Cablevision")
        // Before any session call the rule answers with a degraded profile (not stored).
        let virtual = try profile(try await harness.v2("/api/v2/REF/profiles/Cablevision"), "Cablevision")
        #expect(virtual["issuer"] == "Adobe")
        #expect(virtual["type"] == "degraded")
        #expect(
            virtual["attributes"]
                == ["userID": ["value": "95cf93bcd183214aef9a3303c459399446370c0bd5a326de2d934668", "state": "plain"]])
        #expect(try decodeObject(try await harness.v2("/api/v2/REF/profiles")) == ["profiles": [:]])
        #expect(await harness.emulator.session(requestor: "REF", deviceID: Harness.deviceID) == nil)

        // A session call stores it: every profiles call and v1 see it.
        harness.clock.advance(by: .seconds(10))
        _ = try await harness.createSession()
        let stored = try profile(try await harness.v2("/api/v2/REF/profiles"), "Cablevision")
        #expect(stored["type"] == "degraded")
        #expect(stored["notBefore"] == .number(Double(ms(10))))
        #expect(stored["notAfter"] == .number(Double(ms(3610))))
        #expect(try await harness.v1("/api/v1/tokens/authn").status == 200)
    }

    @Test func noProfileIsAnEmptyMapAndExpiredProfilesDisappear() async throws {
        let harness = try await Harness.make()
        let empty = try await harness.v2("/api/v2/REF/profiles")
        #expect(empty.status == 200)
        #expect(text(empty) == #"{"profiles":{}}"#)
        #expect(text(try await harness.v2("/api/v2/REF/profiles/Cablevision")) == #"{"profiles":{}}"#)
        try await harness.loginV2()
        // Another MVPD has no profile.
        #expect(text(try await harness.v2("/api/v2/REF/profiles/AutoCable")) == #"{"profiles":{}}"#)
        harness.clock.advance(by: .seconds(3599))
        _ = try profile(try await harness.v2("/api/v2/REF/profiles"), "Cablevision")
        harness.clock.advance(by: .seconds(1))
        #expect(text(try await harness.v2("/api/v2/REF/profiles")) == #"{"profiles":{}}"#)
        #expect(text(try await harness.v2("/api/v2/REF/profiles/Cablevision")) == #"{"profiles":{}}"#)
    }

    @Test func profileForAnUnknownOrUnofferedMVPD() async throws {
        let harness = try await Harness.make()
        try expectV2Error(
            try await harness.v2("/api/v2/REF/profiles/Nope"), status: 400, code: "invalid_parameter_mvpd")
        try expectV2Error(
            try await harness.v2("/api/v2/OTHER/profiles/Cablevision"), status: 400,
            code: "invalid_integration")
    }

    @Test func profileForCodeFollowsTheSessionFromAnotherDevice() async throws {
        let harness = try await Harness.make()
        let session = try decodeObject(try await harness.createSession())
        let code = try #require(session["code"]?.stringValue)
        // The second screen polls: nothing yet.
        let pending = try await harness.v2("/api/v2/REF/profiles/code/\(code)")
        #expect(text(pending) == #"{"profiles":{}}"#)

        let presenter = HeadlessPresenter(
            mvpdID: "Cablevision", username: "alice", password: "alice-password",
            transport: harness.emulator.transport)
        _ = try await presenter.presentLogin(
            url: harness.url(try #require(session["url"]?.stringValue)),
            redirectURL: URL(string: Harness.redirectURL)!)
        let body = try profile(try await harness.v2WithCode("/api/v2/REF/profiles/code/\(code)"), "Cablevision")
        #expect(body["type"] == "regular")
        #expect(body["attributes"]?["userID"]?["value"] == "alice-user-id")
        #expect(await harness.emulator.requests(to: .profileForCode).count == 2)

        try expectV2Error(
            try await harness.v2WithCode("/api/v2/REF/profiles/code/NOCODE1"), status: 400,
            code: "invalid_parameter_code")
        harness.clock.advance(by: .seconds(1800))
        try expectV2Error(
            try await harness.v2WithCode("/api/v2/REF/profiles/code/\(code)"), status: 400,
            code: "invalid_authentication_session")
    }

    @Test func profileForCodeOfTempPassAndDegradedSessions() async throws {
        let harness = try await Harness.make()
        let tempPass = try #require(try decodeObject(try await harness.createSession(mvpd: nil))["code"]?.stringValue)
        _ = try await harness.v2WithCode(
            "/api/v2/REF/sessions/\(tempPass)", method: .post,
            form: Harness.sessionForm(mvpd: "TempPass"))
        #expect(
            try profile(try await harness.v2WithCode("/api/v2/REF/profiles/code/\(tempPass)"), "TempPass")["type"]
                == "temporary")

        await harness.emulator.setDegradation(.authenticateAll, for: "AutoCable")
        let degraded = try #require(
            try decodeObject(try await harness.createSession(mvpd: nil, deviceID: "device-2"))["code"]?.stringValue)
        // No MVPD chosen yet: no profile.
        #expect(text(try await harness.v2WithCode("/api/v2/REF/profiles/code/\(degraded)")) == #"{"profiles":{}}"#)
        _ = try await harness.v2WithCode(
            "/api/v2/REF/sessions/\(degraded)", method: .post,
            form: Harness.sessionForm(mvpd: "AutoCable"))
        let body = try profile(try await harness.v2WithCode("/api/v2/REF/profiles/code/\(degraded)"), "AutoCable")
        #expect(body["type"] == "degraded")
        #expect(await harness.emulator.session(requestor: "REF", deviceID: "device-2")?.isDegraded == true)
    }
}

@Suite(.timeLimit(.minutes(5))) struct SHA1Tests {
    @Test(arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("The quick brown fox jumps over the lazy dog", "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12"),
        (String(repeating: "a", count: 1000), "291e9a6c66994949b57ba5e650361e98fc36b1ba"),
    ])
    func knownDigests(input: String, digest: String) {
        #expect(SHA1.hex(input) == digest)
    }
}
