import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// The emulator's partner single sign-on APIs and their `AP-Partner-Framework-Status` checks.
@Suite(.timeLimit(.minutes(5))) struct PartnerSSOEmulatorTests {
    static func header(access: String = "granted", id: String? = "Cablevision-Apple", expires: Int64? = ms(3600))
        -> String
    {
        var provider: [String: String] = [:]
        if let id { provider["id"] = id }
        if let expires { provider["expirationDate"] = String(expires) }
        let object: [String: Any] = [
            "frameworkPermissionInfo": ["accessStatus": access], "frameworkProviderInfo": provider,
        ]
        return try! JSONSerialization.data(withJSONObject: object).base64EncodedString()
    }

    static func harness() async throws -> Harness {
        let harness = try await Harness.make()
        await harness.emulator.enablePartnerSingleSignOn(mvpd: "Cablevision", platformMappingID: "Cablevision-Apple")
        return harness
    }

    func partnerSession(_ harness: Harness, header: String?) async throws -> [String: JSONValue] {
        var headers = HTTPTransportHeaders()
        if let header { headers["AP-Partner-Framework-Status"] = header }
        let response = try await harness.v2(
            "/api/v2/REF/sessions/sso/Apple", method: .post,
            form: [("domainName", "adobe.com"), ("redirectUrl", Harness.redirectURL)], headers: headers)
        #expect(response.status == 200)
        return try decodeObject(response)
    }

    @Test func configurationListsThePartnerFields() async throws {
        let harness = try await Self.harness()
        let body = try decodeObject(try await harness.v2("/api/v2/REF/configuration"))
        let mvpds = try #require(body["requestor"]?.objectValue?["mvpds"]?.arrayValue)
        let cablevision = try #require(mvpds.first { $0.objectValue?["id"] == "Cablevision" }?.objectValue)
        #expect(cablevision["boardingStatus"] == "SUPPORTED")
        #expect(cablevision["platformMappingId"] == "Cablevision-Apple")
        #expect(cablevision["enablePlatformServices"] == .bool(true))
        let autoCable = try #require(mvpds.first { $0.objectValue?["id"] == "AutoCable" }?.objectValue)
        #expect(autoCable["platformMappingId"] == nil)
    }

    @Test func validHeaderGetsASAMLShapedPartnerRequest() async throws {
        let harness = try await Self.harness()
        let body = try await partnerSession(harness, header: Self.header())
        #expect(body["actionName"] == "partner_profile")
        #expect(body["actionType"] == "direct")
        #expect(body["mvpd"] == "Cablevision")
        #expect(body["url"] == "/api/v2/REF/profiles/sso/Apple")
        let request = try #require(body["authenticationRequest"]?.objectValue)
        #expect(request["type"] == "saml")
        let saml = try #require(
            request["request"]?.stringValue.flatMap { Data(base64Encoded: $0) }
                .flatMap { String(data: $0, encoding: .utf8) })
        #expect(saml.hasPrefix("<samlp:AuthnRequest"))
        #expect(request["attributesNames"]?.arrayValue?.isEmpty == false)
    }

    @Test func invalidHeadersOnTheSessionsCallFallBack() async throws {
        let harness = try await Self.harness()
        for header in [
            nil, "not-base64!", Self.header(access: "denied"), Self.header(expires: ms(-1)),
            Self.header(id: "Unknown-Apple"),
        ] {
            let body = try await partnerSession(harness, header: header)
            #expect(body["actionName"] == "authenticate")
            #expect(body["reasonType"] == "pfs_fallback")
        }
        await harness.emulator.setPartnerSingleSignOnConfigurationEnabled(false)
        #expect(try await partnerSession(harness, header: Self.header())["reasonType"] == "configuration_fallback")
    }

    @Test func invalidHeadersOnTheProfilesCallAreTheDocumentedErrors() async throws {
        let harness = try await Self.harness()
        let cases: [(String?, String)] = [
            (nil, "invalid_header_pfs_permission_access_not_present"),
            ("e30=", "invalid_header_pfs_permission_access_not_present"),
            (Self.header(access: "notDetermined"), "invalid_header_pfs_permission_access_not_determined"),
            (Self.header(access: "denied"), "invalid_header_pfs_permission_access_not_granted"),
            (Self.header(id: nil), "invalid_header_pfs_provider_id_not_determined"),
            (Self.header(expires: ms(-1)), "invalid_header_pfs_provider_info_expired"),
            (Self.header(), "invalid_parameter_saml_response"),
        ]
        for (header, code) in cases {
            var headers = HTTPTransportHeaders()
            if let header { headers["AP-Partner-Framework-Status"] = header }
            let response = try await harness.v2(
                "/api/v2/REF/profiles/sso/Apple", method: .post, form: [("SAMLResponse", "PHg+PC94Pg==")],
                headers: headers)
            try expectV2Error(response, status: 400, code: code)
        }
    }

    @Test func fakePartnerResponseCreatesAnAppleSSOProfile() async throws {
        let harness = try await Self.harness()
        let body = try await partnerSession(harness, header: Self.header())
        let request = try #require(body["authenticationRequest"]?.objectValue)
        let fake = FakePartnerFramework(clock: harness.clock, signedInProvider: "Cablevision-Apple", userID: "tv-user")
        guard
            case .completed(let answer) = try await fake.authenticate(
                PartnerAuthenticationRequest(
                    type: "saml", request: try #require(request["request"]?.stringValue), attributeNames: []))
        else { Issue.record("the fake did not answer"); return }
        let response = try await harness.v2(
            "/api/v2/REF/profiles/sso/Apple", method: .post,
            form: [("SAMLResponse", Data(answer.response.utf8).base64EncodedString())],
            headers: ["AP-Partner-Framework-Status": Self.header()])
        #expect(response.status == 201)
        let profile = try #require(try decodeObject(response)["profiles"]?.objectValue?["Cablevision"]?.objectValue)
        #expect(profile["type"] == "appleSSO")
        #expect(profile["attributes"]?.objectValue?["userID"]?.objectValue?["value"] == "tv-user")
        // The profile is the device's: the next partner session answers authorize.
        let again = try await partnerSession(harness, header: Self.header())
        #expect(again["actionName"] == "authorize")
        #expect(again["reasonType"] == "authenticatedSSO")
        // A response answers its request once.
        let replay = try await harness.v2(
            "/api/v2/REF/profiles/sso/Apple", method: .post,
            form: [("SAMLResponse", Data(answer.response.utf8).base64EncodedString())],
            headers: ["AP-Partner-Framework-Status": Self.header()])
        try expectV2Error(replay, status: 400, code: "invalid_parameter_saml_response")
    }
}
