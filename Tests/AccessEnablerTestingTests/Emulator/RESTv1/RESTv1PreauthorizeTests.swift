import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

@Suite(.timeLimit(.minutes(5))) struct RESTv1PreauthorizeTests {
    /// A preauthorize request whose `resource` value is the given IDs, each percent-encoded on its
    /// own, joined by literal commas.
    private func preauthorize(
        _ harness: Harness, _ ids: [String], headers: HTTPTransportHeaders = [:],
        accept: String = "application/json", deviceID: String = Harness.deviceID
    )
        async throws -> HTTPTransportResponse
    {
        var request = harness.v1Request("/api/v1/preauthorize", accept: accept, headers: headers)
        let list = ids.map(PercentEncoding.encode).joined(separator: ",")
        request.url = URL(
            string: harness.url("/api/v1/preauthorize", [("requestor", "REF"), ("deviceId", deviceID)])
                .absoluteString + "&resource=" + list)!
        return try await harness.emulator.handle(request)
    }

    private func decisions(_ response: HTTPTransportResponse) throws -> [JSONValue] {
        try #require(try decodeObject(response)["resources"]?.arrayValue)
    }

    @Test func decisionsInRequestOrderWithItemErrors() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        let response = try await preauthorize(harness, ["news", "premium", "sports", "news"])
        #expect(response.status == 200)
        #expect(response.headers["Adobe-Response-Confidence"] == "full")
        let items = try decisions(response)
        #expect(items.map { $0["id"] } == ["news", "premium", "sports"])
        #expect(items.map { $0["authorized"] } == [true, false, true])
        #expect(items[0]["error"] == nil)
        let error = try #require(items[1]["error"])
        #expect(error["status"] == 403)
        #expect(error["code"] == "authorization_denied_by_mvpd")
        #expect(error["action"] == "none")
        #expect(error["details"] == #"Your subscription package does not include the "premium" channel."#)
        #expect(error["helpUrl"]?.stringValue != nil)
        #expect(error["trace"]?.stringValue != nil)
    }

    @Test func noItemErrorsWhenEnhancedReportingIsOff() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        await harness.emulator.setEnhancedErrorReporting(false)
        let items = try decisions(try await preauthorize(harness, ["premium"]))
        #expect(items == [["id": "premium", "authorized": false]])
    }

    @Test func idsMayContainEncodedCommas() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        await harness.emulator.setEntitlement(resource: "news, late edition", authorized: true)
        let response = try await preauthorize(harness, ["news, late edition", "a+b & c", "kids"])
        let items = try decisions(response)
        #expect(items.map { $0["id"] } == ["news, late edition", "a+b & c", "kids"])
        #expect(items.map { $0["authorized"] } == [true, false, true])
        let record = try #require(await harness.emulator.requests(to: .preauthorize).last)
        #expect(record.query("resource") == "news, late edition,a+b & c,kids")
    }

    @Test func tooManyResources() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        let six = ["a", "b", "c", "d", "e", "f"]
        try expectEnhancedError(
            try await preauthorize(harness, six), status: 403, code: "too_many_resources",
            action: "configuration")
        #expect(try await preauthorize(harness, Array(six.prefix(5))).status == 200)
        await harness.emulator.setMaxPreauthorizeResources(6)
        #expect(try await preauthorize(harness, six).status == 200)
        await harness.emulator.setMaxPreauthorizeResources(2)
        #expect(try await preauthorize(harness, ["a", "b", "c"]).status == 403)
        await harness.emulator.setEnhancedErrorReporting(false)
        try expectPlainError(try await preauthorize(harness, ["a", "b", "c"]), status: 403)
    }

    @Test func withoutAuthenticationIs412() async throws {
        let harness = try await Harness.make()
        try expectEnhancedError(
            try await preauthorize(harness, ["news"]), status: 412,
            code: "preauthorization_authentication_session_missing", action: "authentication")
        try await harness.login()
        harness.clock.advance(by: .seconds(3600))
        try expectEnhancedError(
            try await preauthorize(harness, ["news"]), status: 412,
            code: "preauthorization_authentication_session_expired", action: "authentication")
        try expectEnhancedError(
            try await harness.v1("/api/v1/preauthorize"), status: 400, code: "missing_resource",
            action: "none")
    }

    @Test func remoteCacheAndNoCacheBypass() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        let first = try decisions(try await preauthorize(harness, ["news", "sports"]))
        #expect(first.map { $0["authorized"] } == [true, true])
        #expect(await harness.emulator.counters.mvpdDecisions == 2)

        // The MVPD changes its mind; the cached decisions still answer.
        await harness.emulator.setEntitlement(resource: "news", authorized: false)
        let cached = try decisions(try await preauthorize(harness, ["news", "sports"]))
        #expect(cached.map { $0["authorized"] } == [true, true])
        #expect(await harness.emulator.counters.preauthorizeCacheHits == 2)
        #expect(await harness.emulator.counters.mvpdDecisions == 2)

        // no-cache asks the MVPD again and refreshes the cache.
        let fresh = try decisions(try await preauthorize(harness, ["news"], headers: ["Cache-Control": "no-cache"]))
        #expect(fresh.map { $0["authorized"] } == [false])
        #expect(await harness.emulator.counters.mvpdDecisions == 3)
        let afterRefresh = try decisions(try await preauthorize(harness, ["news"]))
        #expect(afterRefresh.map { $0["authorized"] } == [false])
        #expect(await harness.emulator.counters.preauthorizeCacheHits == 3)

        // Cached decisions expire with the authZ TTL.
        await harness.emulator.setEntitlement(resource: "sports", authorized: false)
        harness.clock.advance(by: .seconds(1800))
        let expired = try decisions(try await preauthorize(harness, ["sports"]))
        #expect(expired.map { $0["authorized"] } == [false])
    }

    @Test func theCacheIsPerDeviceAndDroppedOnNewLogin() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        _ = try await preauthorize(harness, ["news"])
        try await harness.login(mvpd: "AutoCable", deviceID: "device-2")
        _ = try await preauthorize(harness, ["news"], deviceID: "device-2")
        #expect(await harness.emulator.counters.preauthorizeCacheHits == 0)
        try await harness.login()
        _ = try await preauthorize(harness, ["news"])
        #expect(await harness.emulator.counters.preauthorizeCacheHits == 0)
        await harness.emulator.clearPreauthorizationCache()
        _ = try await preauthorize(harness, ["news"])
        #expect(await harness.emulator.counters.preauthorizeCacheHits == 0)
        _ = try await preauthorize(harness, ["news"])
        #expect(await harness.emulator.counters.preauthorizeCacheHits == 1)
    }

    @Test func tempPassPreauthorizesEverything() async throws {
        let harness = try await Harness.make()
        #expect(try await harness.startTempPass().status == 204)
        let items = try decisions(try await preauthorize(harness, ["premium", "anything"]))
        #expect(items.map { $0["authorized"] } == [true, true])
    }

    @Test func preauthorizeAsXML() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        let response = try await preauthorize(harness, ["news", "premium"], accept: "application/xml")
        let body = text(response)
        #expect(body.contains("<resources><resource><id>news</id><authorized>true</authorized></resource>"))
        #expect(
            body.contains(
                "<resource><id>premium</id><authorized>false</authorized><error><status>403</status>"
                    + "<code>authorization_denied_by_mvpd</code>"))
        #expect(body.contains("&quot;premium&quot;"))
    }
}
