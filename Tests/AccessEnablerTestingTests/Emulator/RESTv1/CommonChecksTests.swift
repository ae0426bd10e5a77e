import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

@Suite(.timeLimit(.minutes(5))) struct CommonChecksTests {
    @Test func unknownOrMissingRequestorIsInvalidRequestor() async throws {
        let harness = try await Harness.make()
        try expectEnhancedError(
            try await harness.v1("/api/v1/tokens/authn", requestor: "NOPE"), status: 400,
            code: "invalid_requestor", action: "none")
        try expectEnhancedError(
            try await harness.v1("/api/v1/tokens/authn", requestor: nil), status: 400,
            code: "invalid_requestor", action: "none")
        try expectEnhancedError(
            try await harness.v1("/api/v1/config/NOPE"), status: 400,
            code: "invalid_requestor", action: "none")
    }

    @Test func missingDeviceIDIsRejected() async throws {
        let harness = try await Harness.make()
        try expectEnhancedError(
            try await harness.v1("/api/v1/tokens/authn", deviceID: nil), status: 400,
            code: "invalid_device_id", action: "none")
        try expectEnhancedError(
            try await harness.v1("/api/v1/tokens/authn", deviceID: ""), status: 400,
            code: "invalid_device_id", action: "none")
    }

    @Test func deviceInfoMustBeBase64JSON() async throws {
        let harness = try await Harness.make()
        for info in [
            nil, "not base64!", Data("not json".utf8).base64EncodedString(),
            Data("[1,2]".utf8).base64EncodedString(),
        ] {
            let request = harness.v1Request("/api/v1/tokens/authn", deviceInfo: info)
            try expectEnhancedError(
                try await harness.emulator.handle(request), status: 400,
                code: "invalid_device_info", action: "none")
        }
        let unpadded = Harness.deviceInfo.replacingOccurrences(of: "=", with: "")
        #expect(
            try await harness.emulator.handle(harness.v1Request("/api/v1/config/REF", deviceInfo: unpadded)).status
                == 200)
        let asParameter = harness.v1Request(
            "/api/v1/config/REF", [("device_info", Harness.deviceInfo)],
            deviceInfo: nil)
        #expect(try await harness.emulator.handle(asParameter).status == 200)
    }

    @Test func plainErrorsWhenEnhancedReportingIsOff() async throws {
        let harness = try await Harness.make()
        await harness.emulator.setEnhancedErrorReporting(false)
        try expectPlainError(try await harness.v1("/api/v1/tokens/authn", requestor: "NOPE"), status: 400)
        try expectPlainError(try await harness.v1("/api/v1/tokens/authn", deviceID: nil), status: 400)
        let notFound = try await harness.v1("/api/v1/tokens/authn")
        try expectPlainError(notFound, status: 404)
        #expect(try decodeObject(notFound)["details"] == .null)
    }

    @Test func wrongMethodAndUnknownPath() async throws {
        let harness = try await Harness.make()
        #expect(try await harness.v1("/api/v1/logout", method: .get).status == 405)
        #expect(try await harness.v1("/api/v1/tokens/authn", method: .post).status == 405)
        let unknown = try await harness.v1("/api/v1/nothing-here")
        #expect(unknown.status == 404)
        let record = try #require(await harness.emulator.requests.last)
        #expect(record.route == nil)
        #expect(record.responseStatus == 404)
    }

    @Test func formatNegotiation() async throws {
        let harness = try await Harness.make()
        let xml = try await harness.v1("/api/v1/tokens/authn", accept: nil)
        #expect(xml.status == 404)
        #expect(xml.headers["Content-Type"]?.contains("xml") == true)
        #expect(text(xml).contains("<error><status>404</status><code>authentication_session_missing</code>"))
        let explicitXML = try await harness.v1("/api/v1/tokens/authn", [("format", "xml")], accept: nil)
        #expect(text(explicitXML).hasPrefix("<?xml"))
        let byParameter = try await harness.v1("/api/v1/tokens/authn", [("format", "json")], accept: nil)
        #expect(byParameter.headers["Content-Type"]?.contains("json") == true)
        let bySuffix = try await harness.v1("/api/v1/tokens/authn.json", accept: nil)
        #expect(try decodeObject(bySuffix)["code"] == "authentication_session_missing")
        #expect(await harness.emulator.requests(to: .authenticationToken).count == 4)
    }
}

@Suite(.timeLimit(.minutes(5))) struct ConfigurationTests {
    @Test func configurationListsTheRequestorsMVPDs() async throws {
        let harness = try await Harness.make()
        let response = try await harness.v1("/api/v1/config/REF")
        #expect(response.status == 200)
        let requestor = try #require(try decodeObject(response)["requestor"])
        #expect(requestor["id"] == "REF")
        #expect(requestor["name"] == "Reference Requestor")
        #expect(requestor["domains"] == [["name": "adobe.com", "mvpdInitiated": false]])
        let mvpds = try #require(requestor["mvpds"]?.arrayValue)
        #expect(mvpds.map { $0["id"] } == ["Cablevision", "AutoCable", "TempPass"])
        let cablevision = mvpds[0]
        #expect(cablevision["displayName"] == "Cablevision")
        #expect(cablevision["logoUrl"] == "https://logos.pass-emulator.test/cablevision.png")
        #expect(cablevision["isTempPass"] == false)
        #expect(cablevision["isProxy"] == false)
        #expect(cablevision["enablePlatformServices"] == false)
        #expect(cablevision["boardingStatus"] == .null)
        #expect(cablevision["requiredMetadataFields"] == [])
        #expect(mvpds[2]["isTempPass"] == true)
        #expect(mvpds[2]["logoUrl"] == .null)
    }

    @Test func otherRequestorOffersOnlyAutoCable() async throws {
        let harness = try await Harness.make()
        let response = try await harness.v1("/api/v1/config/OTHER", requestor: "OTHER")
        let mvpds = try #require(try decodeObject(response)["requestor"]?["mvpds"]?.arrayValue)
        #expect(mvpds.map { $0["id"] } == ["AutoCable"])
    }
}
