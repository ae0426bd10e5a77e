import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// The checks every protected `/api/v2/*` call makes, and the v2 configuration.
@Suite(.timeLimit(.minutes(5))) struct RESTv2GuardTests {
    @Test func missingOrExpiredBearerIs401WithTheEnhancedBodyEvenWhenV1WouldBePlain() async throws {
        let harness = try await Harness.make()
        await harness.emulator.setEnhancedErrorReporting(false)
        try expectV2Error(
            try await harness.v2("/api/v2/REF/profiles", bearer: .some(nil)), status: 401,
            code: "invalid_access_token_client_application", action: "application-registration")
        try expectV2Error(
            try await harness.v2("/api/v2/REF/profiles", bearer: "unknown-token"), status: 401,
            code: "invalid_access_token_client_application", action: "application-registration")
        await harness.emulator.expireAccessTokens()
        try expectV2Error(
            try await harness.v2("/api/v2/REF/configuration"), status: 401,
            code: "invalid_access_token_client_application", action: "application-registration")
        // v1 keeps the plain body when enhanced error reporting is off.
        try expectPlainError(try await harness.v1("/api/v1/config/REF"), status: 401)
    }

    @Test func revokedClientIs403InvalidClient() async throws {
        let harness = try await Harness.make()
        await harness.emulator.revokeClients()
        let response = try await harness.v2(
            "/api/v2/REF/sessions", method: .post,
            form: Harness.sessionForm(mvpd: "Cablevision"))
        #expect(response.status == 403)
        #expect(try decodeObject(response) == ["error": "invalid_client"])
    }

    @Test func unknownServiceProviderIs400() async throws {
        let harness = try await Harness.make()
        try expectV2Error(
            try await harness.v2("/api/v2/NOPE/configuration"), status: 400,
            code: "invalid_parameter_service_provider")
        try expectV2Error(
            try await harness.v2("/api/v2/NOPE/profiles"), status: 400,
            code: "invalid_parameter_service_provider")
    }

    @Test(arguments: [
        ("/api/v2/REF/sessions", HTTPTransportMethod.post),
        ("/api/v2/REF/profiles", .get),
        ("/api/v2/REF/profiles/Cablevision", .get),
        ("/api/v2/REF/decisions/preauthorize/Cablevision", .post),
        ("/api/v2/REF/decisions/authorize/Cablevision", .post),
        ("/api/v2/REF/logout/Cablevision", .get),
        // Required in strict mode only (the pages of these calls do not list them; the checklist
        // asks for them on every call).
        ("/api/v2/REF/configuration", .get),
        ("/api/v2/REF/sessions/ABCD123", .post),
        ("/api/v2/REF/sessions/ABCD123", .get),
        ("/api/v2/REF/profiles/code/ABCD123", .get),
    ])
    func deviceHeadersAreRequired(path: String, method: HTTPTransportMethod) async throws {
        let harness = try await Harness.make()
        try expectV2Error(
            try await harness.v2(path, method: method, deviceID: nil), status: 400,
            code: "invalid_header_device_identifier")
        let malformed: [String] = [
            "YmEy", "fingerprint", "fingerprint !!!not-base64!!!", "uuid ZGV2aWNlLTE=",
            "fingerprint " + Data([0xFF, 0xFE]).base64EncodedString(),
        ]
        for value in malformed {
            try expectV2Error(
                try await harness.v2(path, method: method, headers: ["AP-Device-Identifier": value]),
                status: 400, code: "invalid_header_device_identifier")
        }
        try expectV2Error(
            try await harness.v2(path, method: method, deviceInfo: nil), status: 400,
            code: "invalid_header_device_info")
        try expectV2Error(
            try await harness.v2(path, method: method, deviceInfo: "bm90IGpzb24="), status: 400,
            code: "invalid_header_device_info")
    }

    @Test func theDeviceIdentifierDecodesToTheV1DeviceID() async throws {
        #expect(
            PassEmulator.deviceID(fromIdentifier: "fingerprint YmEyM2QxNDEtZDcxNS01NjFjLTk0ZjQtZTllNGM5NjZiMWVi")
                == "ba23d141-d715-561c-94f4-e9e4c966b1eb")
        // Missing padding is tolerated; the type is case-insensitive.
        #expect(PassEmulator.deviceID(fromIdentifier: "Fingerprint ZGV2aWNlLTE") == "device-1")
        #expect(PassEmulator.deviceID(fromIdentifier: "fingerprint ") == nil)
    }

    @Test func wrongMethodIs405AndUnknownPathIs404() async throws {
        let harness = try await Harness.make()
        try expectV2Error(try await harness.v2("/api/v2/REF/sessions"), status: 405, code: "internal_server_error")
        try expectV2Error(
            try await harness.v2("/api/v2/REF/decisions/authorize/Cablevision"), status: 405,
            code: "internal_server_error")
        try expectV2Error(
            try await harness.v2("/api/v2/REF/logout/Cablevision", method: .post), status: 405,
            code: "internal_server_error")
        try expectV2Error(try await harness.v2("/api/v2/REF/nothing/here"), status: 404, code: "internal_server_error")
        let browser = try await harness.emulator.handle(
            HTTPTransportRequest(
                method: .post,
                url: harness.url("/api/v2/authenticate/REF/ABC")))
        #expect(browser.status == 405)
        #expect(browser.headers["Content-Type"]?.hasPrefix("text/html") == true)
    }
}

@Suite(.timeLimit(.minutes(5))) struct RESTv2ConfigurationTests {
    @Test func configurationFollowsAdobesSample() async throws {
        let harness = try await Harness.make()
        let response = try await harness.v2("/api/v2/REF/configuration")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json;charset=UTF-8")
        let body = try decodeObject(response)
        #expect(Set(body.keys) == ["device", "clientType", "os", "requestor"])
        #expect(body["device"] == "unknown")
        #expect(body["clientType"] == "html5")
        #expect(body["os"] == "Unknown")
        let requestor = try #require(body["requestor"]?.objectValue)
        #expect(Set(requestor.keys) == ["id", "name", "domains", "mvpds"])
        #expect(requestor["id"] == "REF")
        #expect(requestor["name"] == "Reference Requestor")
        #expect(requestor["domains"] == [["name": "adobe.com", "mvpdInitiated": false]])
        let mvpds = try #require(requestor["mvpds"]?.arrayValue)
        #expect(mvpds.map { $0["id"] } == ["Cablevision", "AutoCable", "TempPass"])
        #expect(
            mvpds[0] == [
                "id": "Cablevision", "displayName": "Cablevision",
                "logoUrl": "https://logos.pass-emulator.test/cablevision.png",
                "authPerAggregator": false,
            ])
        // As in the sample, isTempPass appears only on TempPass MVPDs (and there is no logo to send).
        #expect(
            mvpds[2] == [
                "id": "TempPass", "displayName": "TempPass", "authPerAggregator": false,
                "isTempPass": true,
            ])
    }

    @Test func configurationAcceptsTheSamplesTrailingSlashAndNeedsNoDeviceHeadersWhenNotStrict() async throws {
        let harness = try await Harness.make()
        try expectV2Error(
            try await harness.v2("/api/v2/OTHER/configuration/", deviceID: nil, deviceInfo: nil),
            status: 400, code: "invalid_header_device_identifier")
        await harness.emulator.setStrictV2Requests(false)
        let slash = try await harness.v2("/api/v2/OTHER/configuration/", deviceID: nil, deviceInfo: nil)
        #expect(slash.status == 200)
        #expect(try decodeObject(slash)["requestor"]?["mvpds"]?.arrayValue?.count == 1)
        #expect(await harness.emulator.requests(to: .configurationV2).count == 2, "the strict refusal and this one")
        // Optional headers must still be well-formed when sent.
        try expectV2Error(
            try await harness.v2("/api/v2/REF/configuration", deviceInfo: "%%%"), status: 400,
            code: "invalid_header_device_info")
        try expectV2Error(
            try await harness.v2(
                "/api/v2/REF/configuration",
                headers: ["AP-Device-Identifier": "fingerprint"]),
            status: 400, code: "invalid_header_device_identifier")
    }
}
