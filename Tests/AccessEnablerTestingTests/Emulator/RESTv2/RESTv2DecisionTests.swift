import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

@Suite(.timeLimit(.minutes(5))) struct RESTv2DecisionTests {
    @Test func absurdTTLsAreSentAsInt64MaxMilliseconds() async throws {
        var scenario = EmulatorScenario.standard
        scenario.mediaTokenTTL = 1e300
        for position in scenario.mvpds.indices { scenario.mvpds[position].authzTTL = 1e300 }
        scenario.mvpds[0].authnTTL = 1e300
        let harness = try await Harness.make(scenario)
        try await harness.loginV2()
        let decision = try harness.singleDecision(try await harness.decide("authorize", resources: ["news"]))
        #expect(decision["notAfter"] == .number(Double(Int64.max)))
        #expect(decision["token"]?["notAfter"] == .number(Double(Int64.max)))
        let serialized = try #require(decision["token"]?["serializedToken"]?.stringValue)
        let xml = String(decoding: try #require(Data(base64Encoded: serialized)), as: UTF8.self)
        #expect(xml.contains("<ttl>\(Int64.max)</ttl>"))
    }

    @Test func grantedAuthorizationCarriesAMediaTokenAndTheDecisionWindow() async throws {
        let harness = try await Harness.make()
        try await harness.loginV2()
        harness.clock.advance(by: .seconds(60))
        let response = try await harness.decide("authorize", resources: ["news"])
        #expect(response.headers["Content-Type"] == "application/json;charset=UTF-8")
        let decision = try harness.singleDecision(response)
        #expect(
            Set(decision.keys) == [
                "resource", "serviceProvider", "mvpd", "source", "authorized", "token",
                "notBefore", "notAfter",
            ])
        #expect(decision["resource"] == "news")
        #expect(decision["serviceProvider"] == "REF")
        #expect(decision["mvpd"] == "Cablevision")
        #expect(decision["source"] == "mvpd")
        #expect(decision["authorized"] == true)
        #expect(decision["notBefore"] == .number(Double(ms(60))))
        #expect(decision["notAfter"] == .number(Double(ms(60 + 1800))))
        let token = try #require(decision["token"]?.objectValue)
        #expect(Set(token.keys) == ["notBefore", "notAfter", "serializedToken"])
        #expect(token["notBefore"] == .number(Double(ms(60))))
        #expect(token["notAfter"] == .number(Double(ms(60 + 420))))
        let serialized = try #require(token["serializedToken"]?.stringValue)
        let xml = String(decoding: try #require(Data(base64Encoded: serialized)), as: UTF8.self)
        #expect(xml.contains("<resourceID>news</resourceID>"))
        #expect(xml.contains("<mvpdId>Cablevision</mvpdId>"))
        // Field order of Adobe's sample.
        #expect(
            text(response).hasPrefix(
                #"{"decisions":[{"resource":"news","serviceProvider":"REF","mvpd":"Cablevision","source":"mvpd","authorized":true,"token":{"notBefore":"#
            ))

        // Every call gets a distinct token; the authorization is stored where v1 finds it.
        let again = try harness.singleDecision(try await harness.decide("authorize", resources: ["news"]))
        #expect(again["token"]?["serializedToken"] != token["serializedToken"])
        #expect(await harness.emulator.counters.mediaTokensIssued == 2)
        #expect(
            await harness.emulator.authorizationExpiry(
                requestor: "REF", deviceID: Harness.deviceID,
                resource: "news")
                == Date(timeIntervalSince1970: 1_800_001_860))
        #expect(try await harness.v1("/api/v1/tokens/media", [("resource", "news")]).status == 200)
    }

    @Test func deniedAuthorizationIsAnItemErrorInsideA200() async throws {
        let harness = try await Harness.make()
        try await harness.loginV2()
        // Enhanced errors are always on in v2.
        await harness.emulator.setEnhancedErrorReporting(false)
        let decision = try harness.singleDecision(try await harness.decide("authorize", resources: ["premium"]))
        #expect(
            Set(decision.keys) == [
                "resource", "serviceProvider", "mvpd", "source", "authorized", "error",
                "notBefore", "notAfter",
            ])
        #expect(decision["authorized"] == false)
        #expect(decision["source"] == "mvpd")
        let error = try #require(decision["error"]?.objectValue)
        expectV2Error(error, status: 403, code: "authorization_denied_by_mvpd", action: "none")
        #expect(error["details"] == #"Your subscription package does not include the "premium" channel."#)
        #expect(decision["notBefore"]?.numberValue != nil && decision["notAfter"]?.numberValue != nil)
        #expect(
            await harness.emulator.authorizationExpiry(
                requestor: "REF", deviceID: Harness.deviceID,
                resource: "premium") == nil)
    }

    @Test func preauthorizeAnswersEveryResourceWithoutTokens() async throws {
        let harness = try await Harness.make()
        try await harness.loginV2()
        let response = try await harness.decide("preauthorize", resources: ["news", "premium", "sports", "news"])
        #expect(response.status == 200)
        let decisions = try #require(try decodeObject(response)["decisions"]?.arrayValue)
        #expect(decisions.map { $0["resource"] } == ["news", "premium", "sports"])
        #expect(decisions.map { $0["authorized"] } == [true, false, true])
        #expect(
            decisions[0] == [
                "resource": "news", "serviceProvider": "REF", "mvpd": "Cablevision", "source": "mvpd",
                "authorized": true,
            ])
        let denied = try #require(decisions[1].objectValue)
        #expect(Set(denied.keys) == ["resource", "serviceProvider", "mvpd", "source", "authorized", "error"])
        let error = try #require(denied["error"]?.objectValue)
        expectV2Error(error, status: 403, code: "preauthorization_denied_by_mvpd", action: "none")
        #expect(error["details"] == #"Your subscription package does not include the "premium" channel."#)
    }

    /// v2 has no remote-cache switch: it reads the cache v1 fills, and only v1's
    /// `Cache-Control: no-cache` refreshes it (a v2 `Cache-Control` is undocumented: 400).
    @Test func preauthorizeSharesV1sRemoteCacheWithoutANoCacheSwitch() async throws {
        let harness = try await Harness.make()
        try await harness.login()  // through v1
        #expect(try await harness.v1("/api/v1/preauthorize", [("resource", "news")]).status == 200)
        await harness.emulator.setEntitlement(resource: "news", authorized: false, details: "Blacked out.")
        // The cached v1 decision answers v2.
        let cached = try harness.singleDecision(try await harness.decide("preauthorize", resources: ["news"]))
        #expect(cached["authorized"] == true)
        #expect(await harness.emulator.counters.preauthorizeCacheHits == 1)
        try expectV2Error(
            try await harness.decide(
                "preauthorize", resources: ["news"],
                headers: ["Cache-Control": "no-cache"]),
            status: 400, code: "bad_request")
        await harness.emulator.setStrictV2Requests(false)
        let ignored = try harness.singleDecision(
            try await harness.decide(
                "preauthorize", resources: ["news"], headers: ["Cache-Control": "no-cache"]))
        #expect(ignored["authorized"] == true, "not a v2 switch, even when accepted")
        // v1 refreshes the cache, and v2 then reads the refreshed decision.
        let v1 = try decodeObject(
            try await harness.v1(
                "/api/v1/preauthorize", [("resource", "news")],
                headers: ["Cache-Control": "no-cache"]))
        #expect(v1["resources"]?.arrayValue?.first?["authorized"] == false)
        let fresh = try harness.singleDecision(try await harness.decide("preauthorize", resources: ["news"]))
        #expect(fresh["authorized"] == false)
        #expect(fresh["error"]?["details"] == "Blacked out.")
    }

    @Test func tooManyResources() async throws {
        let harness = try await Harness.make()
        try await harness.loginV2()
        try expectV2Error(
            try await harness.decide("preauthorize", resources: ["a", "b", "c", "d", "e", "f"]),
            status: 403, code: "too_many_resources", action: "configuration")
        #expect(try await harness.decide("preauthorize", resources: ["a", "b", "c", "d", "e"]).status == 200)
        await harness.emulator.setMaxPreauthorizeResources(2)
        try expectV2Error(
            try await harness.decide("preauthorize", resources: ["a", "b", "c"]), status: 403,
            code: "too_many_resources", action: "configuration")
        try expectV2Error(
            try await harness.decide("authorize", resources: ["news", "sports"]), status: 403,
            code: "too_many_resources", action: "configuration")
    }

    @Test func invalidResourcesAndMVPDs() async throws {
        let harness = try await Harness.make()
        try await harness.loginV2()
        for body in [
            #"{"resources":[]}"#, #"{}"#, #"{"resources":"news"}"#, #"{"resources":[1]}"#,
            #"{"resources":[""]}"#, "not json",
        ] {
            try expectV2Error(
                try await harness.v2(
                    "/api/v2/REF/decisions/authorize/Cablevision", method: .post,
                    json: body),
                status: 400, code: "invalid_parameter_resources")
        }
        try expectV2Error(
            try await harness.v2("/api/v2/REF/decisions/preauthorize/Cablevision", method: .post),
            status: 400, code: "invalid_parameter_resources")
        try expectV2Error(
            try await harness.decide("authorize", mvpd: "Nope", resources: ["news"]), status: 400,
            code: "invalid_parameter_mvpd")
        try expectV2Error(
            try await harness.v2(
                "/api/v2/OTHER/decisions/authorize/Cablevision", method: .post,
                json: #"{"resources":["news"]}"#),
            status: 400, code: "invalid_integration")
    }

    @Test func noOrExpiredProfileIs403() async throws {
        let harness = try await Harness.make()
        for kind in ["authorize", "preauthorize"] {
            try expectV2Error(
                try await harness.decide(kind, resources: ["news"]), status: 403,
                code: "authenticated_profile_missing", action: "authentication")
        }
        try await harness.loginV2()
        // A profile for another MVPD is no profile for this one.
        try expectV2Error(
            try await harness.decide("authorize", mvpd: "AutoCable", resources: ["news"]), status: 403,
            code: "authenticated_profile_missing", action: "authentication")
        harness.clock.advance(by: .seconds(3600))
        for kind in ["authorize", "preauthorize"] {
            try expectV2Error(
                try await harness.decide(kind, resources: ["news"]), status: 403,
                code: "authenticated_profile_expired", action: "authentication")
        }
    }

    @Test func tempPassDecisionsComeFromTheTempPass() async throws {
        let harness = try await Harness.make()
        _ = try await harness.createSession(mvpd: "TempPass")
        let granted = try harness.singleDecision(
            try await harness.decide(
                "authorize", mvpd: "TempPass",
                resources: ["premium"]))
        #expect(granted["source"] == "temppass")
        #expect(granted["authorized"] == true)
        #expect(granted["token"]?["serializedToken"]?.stringValue != nil)
        #expect(granted["notAfter"] == .number(Double(ms(600))))
        let preauthorized = try harness.singleDecision(
            try await harness.decide(
                "preauthorize", mvpd: "TempPass",
                resources: ["premium"]))
        #expect(preauthorized["source"] == "temppass")
        #expect(preauthorized["authorized"] == true)

        // Once the window is over the decision is denied item by item.
        harness.clock.advance(by: .seconds(600))
        let over = try harness.singleDecision(
            try await harness.decide(
                "authorize", mvpd: "TempPass",
                resources: ["news"]))
        #expect(over["source"] == "temppass")
        #expect(over["authorized"] == false)
        expectV2Error(
            try #require(over["error"]?.objectValue), status: 403,
            code: "temporary_access_duration_limit_exceeded", action: "authentication")
    }

    @Test func aTempPassDecisionNeedsNoSessionCall() async throws {
        let harness = try await Harness.make()
        let identity = Data(#"{"email":"viewer@example.com"}"#.utf8).base64EncodedString()
        let decision = try harness.singleDecision(
            try await harness.decide(
                "authorize", mvpd: "TempPass", resources: ["news"], headers: ["AP-TempPass-Identity": identity]))
        #expect(decision["source"] == "temppass")
        #expect(decision["authorized"] == true)
        let session = try #require(await harness.emulator.session(requestor: "REF", deviceID: Harness.deviceID))
        #expect(session.isTempPass)
        #expect(session.genericData == #"{"email":"viewer@example.com"}"#)

        let invalid = try harness.singleDecision(
            try await harness.decide(
                "authorize", mvpd: "TempPass", resources: ["news"], deviceID: "device-2",
                headers: ["AP-TempPass-Identity": "%%%"]))
        #expect(invalid["authorized"] == false)
        expectV2Error(
            try #require(invalid["error"]?.objectValue), status: 400,
            code: "invalid_header_identity_for_temporary_access", action: "none")
    }

    @Test func degradationRulesDecideWithoutTheMVPD() async throws {
        let harness = try await Harness.make()
        // authorizeAll: granted without a profile, a token but no decision window (as in the sample).
        await harness.emulator.setDegradation(.authorizeAll, for: "Cablevision")
        let all = try harness.singleDecision(try await harness.decide("authorize", resources: ["premium"]))
        #expect(Set(all.keys) == ["resource", "serviceProvider", "mvpd", "source", "authorized", "token"])
        #expect(all["source"] == "degradation")
        #expect(all["authorized"] == true)
        let preauthorized = try harness.singleDecision(try await harness.decide("preauthorize", resources: ["premium"]))
        #expect(
            preauthorized == [
                "resource": "premium", "serviceProvider": "REF", "mvpd": "Cablevision",
                "source": "degradation", "authorized": true,
            ])
        #expect(await harness.emulator.counters.mvpdDecisions == 0)

        // authenticateAll: granted with the decision window too.
        await harness.emulator.setDegradation(.authenticateAll, for: "Cablevision")
        let authN = try harness.singleDecision(try await harness.decide("authorize", resources: ["news"]))
        #expect(authN["source"] == "degradation")
        #expect(authN["notBefore"] == .number(Double(ms())))
        #expect(authN["notAfter"] == .number(Double(ms(1800))))

        // authorizeNone: denied even with a profile (it does not change how sessions answer).
        await harness.emulator.setDegradation(.authorizeNone, for: "Cablevision")
        try await harness.loginV2(deviceID: "device-2")
        for kind in ["authorize", "preauthorize"] {
            let denied = try harness.singleDecision(
                try await harness.decide(
                    kind, resources: ["news"],
                    deviceID: "device-2"))
            #expect(Set(denied.keys) == ["resource", "serviceProvider", "mvpd", "source", "authorized", "error"])
            #expect(denied["source"] == "degradation")
            #expect(denied["authorized"] == false)
            let error = try #require(denied["error"]?.objectValue)
            expectV2Error(error, status: 403, code: "authorization_denied_by_degradation_rule", action: "none")
        }

        // Lifting the rule brings the MVPD back.
        await harness.emulator.setDegradation(nil, for: "Cablevision")
        let mvpd = try harness.singleDecision(
            try await harness.decide(
                "authorize", resources: ["news"],
                deviceID: "device-2"))
        #expect(mvpd["source"] == "mvpd")
        #expect(await harness.emulator.counters.mvpdDecisions == 1)
    }

    @Test func degradationInTheScenarioJSON() throws {
        let json =
            #"{"requestors":[{"id":"R","mvpds":["M"]}],"mvpds":[{"id":"M","degradation":"authorizeNone"},{"id":"N"}]}"#
        let scenario = try JSONDecoder().decode(EmulatorScenario.self, from: Data(json.utf8))
        #expect(scenario.mvpd(withID: "M")?.degradation == .authorizeNone)
        #expect(scenario.mvpd(withID: "N")?.degradation == nil)
        let encoded = try JSONEncoder().encode(scenario)
        #expect(try JSONDecoder().decode(EmulatorScenario.self, from: encoded) == scenario)
        #expect(String(decoding: encoded, as: UTF8.self).contains(#""degradation":"authorizeNone""#))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                EmulatorScenario.self,
                from: Data(#"{"mvpds":[{"id":"M","degradation":"sometimes"}]}"#.utf8))
        }
        #expect(EmulatorScenario.standard.mvpds.allSatisfy { $0.degradation == nil })
    }
}
