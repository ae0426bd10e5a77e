import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

@Suite(.timeLimit(.minutes(5))) struct RESTv1AuthorizationTests {
    @Test func authorizeGrantsAndStoresTheAuthorization() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        let response = try await harness.v1("/api/v1/authorize", [("resource", "news")])
        #expect(response.status == 200)
        let body = try decodeObject(response)
        #expect(body["mvpd"] == "Cablevision")
        #expect(body["resource"] == "news")
        #expect(body["requestor"] == "REF")
        #expect(body["expires"] == .string(String(1_800_001_800_000)))
        #expect(
            await harness.emulator.authorizationExpiry(
                requestor: "REF", deviceID: Harness.deviceID,
                resource: "news")
                == Date(timeIntervalSince1970: 1_800_001_800))
    }

    @Test func authorizationNeverOutlivesTheAuthentication() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        harness.clock.advance(by: .seconds(3000))
        let body = try decodeObject(try await harness.v1("/api/v1/authorize", [("resource", "news")]))
        #expect(body["expires"] == .string(String(1_800_003_600_000)))
    }

    @Test func deniedResourceCarriesTheMVPDDetails() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        let response = try await harness.v1("/api/v1/authorize", [("resource", "premium")])
        try expectEnhancedError(response, status: 403, code: "authorization_denied_by_mvpd", action: "none")
        #expect(
            try decodeObject(response)["details"]
                == #"Your subscription package does not include the "premium" channel."#)

        await harness.emulator.setEnhancedErrorReporting(false)
        let plain = try await harness.v1("/api/v1/authorize", [("resource", "premium")])
        try expectPlainError(plain, status: 403)
        #expect(try decodeObject(plain)["message"] == "User not authorized")
        #expect(
            try decodeObject(plain)["details"]
                == #"Your subscription package does not include the "premium" channel."#)
    }

    @Test func authorizeWithoutAuthenticationIs412() async throws {
        let harness = try await Harness.make()
        try expectEnhancedError(
            try await harness.v1("/api/v1/authorize", [("resource", "news")]), status: 412,
            code: "authentication_session_missing", action: "authentication")
        try await harness.login()
        harness.clock.advance(by: .seconds(3600))
        try expectEnhancedError(
            try await harness.v1("/api/v1/authorize", [("resource", "news")]), status: 412,
            code: "authentication_session_expired", action: "authentication")
        try expectEnhancedError(
            try await harness.v1("/api/v1/authorize"), status: 400, code: "missing_resource",
            action: "none")
    }

    @Test func setEntitlementChangesDecisions() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        await harness.emulator.setEntitlement(
            resource: "news", mvpd: "Cablevision", authorized: false,
            details: "News is blacked out.")
        let denied = try await harness.v1("/api/v1/authorize", [("resource", "news")])
        #expect(denied.status == 403)
        #expect(try decodeObject(denied)["details"] == "News is blacked out.")
        await harness.emulator.setEntitlement(resource: "premium", authorized: true)
        #expect(try await harness.v1("/api/v1/authorize", [("resource", "premium")]).status == 200)
    }

    @Test func mediaRSSResourcesMatchByChannelTitle() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        let rss =
            #"<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>sports</title></channel></rss>"#
        let response = try await harness.v1("/api/v1/authorize", [("resource", rss)])
        #expect(response.status == 200)
        #expect(try decodeObject(response)["resource"] == .string(rss))
    }

    @Test func mediaTokensAreFreshEveryTime() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        #expect(try await harness.v1("/api/v1/authorize", [("resource", "news")]).status == 200)
        var tokens: Set<String> = []
        for _ in 0..<5 {
            let response = try await harness.v1("/api/v1/tokens/media", [("resource", "news")])
            #expect(response.status == 200)
            let body = try decodeObject(response)
            #expect(body["resource"] == "news")
            #expect(body["requestor"] == "REF")
            #expect(body["userId"] == "alice-user-id")
            #expect(body["mvpdId"] == "Cablevision")
            #expect(body["expires"] == .string(String(1_800_000_420_000)))
            let serialized = try #require(body["serializedToken"]?.stringValue)
            tokens.insert(serialized)
            let xml = String(decoding: try #require(Data(base64Encoded: serialized)), as: UTF8.self)
            #expect(xml.contains("<shortAuthorizationToken>"))
            #expect(xml.contains("<resourceID>news</resourceID>"))
            #expect(xml.contains("<requestorID>REF</requestorID>"))
            #expect(xml.contains("<ttl>420000</ttl>"))
            #expect(xml.contains("<mvpdId>Cablevision</mvpdId>"))
            #expect(xml.contains("<issueTime>1800000000000</issueTime>"))
        }
        #expect(tokens.count == 5)
        #expect(await harness.emulator.counters.mediaTokensIssued == 5)
    }

    @Test func mediaTokenFailures() async throws {
        let harness = try await Harness.make()
        try expectEnhancedError(
            try await harness.v1("/api/v1/tokens/media", [("resource", "news")]), status: 412,
            code: "authentication_session_missing", action: "authentication")
        try await harness.login()
        try expectEnhancedError(
            try await harness.v1("/api/v1/tokens/media", [("resource", "news")]), status: 404,
            code: "authorization_not_found", action: "authorization")
        #expect(try await harness.v1("/api/v1/authorize", [("resource", "news")]).status == 200)
        harness.clock.advance(by: .seconds(1800))
        try expectEnhancedError(
            try await harness.v1("/api/v1/tokens/media", [("resource", "news")]), status: 410,
            code: "authorization_expired", action: "authorization")
        // The legacy alias path serves the same route.
        #expect(try await harness.v1("/api/v1/mediatoken", [("resource", "news")]).status == 410)
        #expect(await harness.emulator.requests(to: .mediaToken).count == 4)
        await harness.emulator.setEnhancedErrorReporting(false)
        try expectPlainError(try await harness.v1("/api/v1/tokens/media", [("resource", "news")]), status: 410)
    }

    @Test func mediaTokenAsXML() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        #expect(try await harness.v1("/api/v1/authorize", [("resource", "kids")]).status == 200)
        let response = try await harness.v1("/api/v1/tokens/media", [("resource", "kids")], accept: "application/xml")
        #expect(text(response).contains("<play><expires>1800000420000</expires><mvpdId>Cablevision</mvpdId>"))
        #expect(text(response).contains("<serializedToken>"))
    }
}

@Suite(.timeLimit(.minutes(5))) struct UserMetadataTests {
    @Test func metadataWithAnEncryptedValue() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        let response = try await harness.v1("/api/v1/tokens/usermetadata")
        #expect(response.status == 200)
        let body = try decodeObject(response)
        #expect(body["updated"]?.numberValue == 1_800_000_000)
        #expect(body["encrypted"] == ["zip"])
        let data = try #require(body["data"])
        #expect(data["userID"] == "alice-user-id")
        #expect(data["householdID"] == "alice-household")
        #expect(data["zip"] == .string(Data("10001".utf8).base64EncodedString()))
        #expect(data["maxRating"]?["MPAA"] == "PG-13")
        #expect(data["channelID"] == ["news", "sports", "movies", "kids"])
    }

    @Test func noMetadataIs404AndNoAuthenticationIs412() async throws {
        let harness = try await Harness.make()
        try expectEnhancedError(
            try await harness.v1("/api/v1/tokens/usermetadata"), status: 412,
            code: "authentication_session_missing", action: "authentication")
        try await harness.login(mvpd: "AutoCable")
        #expect(try await harness.v1("/api/v1/tokens/usermetadata").status == 404)
        await harness.emulator.setEnhancedErrorReporting(false)
        try expectPlainError(try await harness.v1("/api/v1/tokens/usermetadata"), status: 404)
    }
}
