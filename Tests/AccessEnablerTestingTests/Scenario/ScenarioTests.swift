import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

@Suite(.timeLimit(.minutes(5))) struct ScenarioTests {
    @Test func standardScenarioHasTheReferenceSetup() throws {
        let scenario = EmulatorScenario.standard
        let ref = try #require(scenario.requestor(withID: "REF"))
        #expect(ref.name == "Reference Requestor")
        #expect(ref.domains == ["adobe.com"])
        #expect(ref.mvpds == ["Cablevision", "AutoCable", "TempPass"])
        #expect(scenario.requestor(withID: "OTHER")?.mvpds == ["AutoCable"])

        let cablevision = try #require(scenario.mvpd(withID: "Cablevision"))
        #expect(!cablevision.autoLogin)
        let alice = try #require(cablevision.user(named: "alice"))
        #expect(alice.password == "alice-password")
        #expect(alice.userID == "alice-user-id")
        #expect(alice.metadata["userID"] == "alice-user-id")
        #expect(alice.metadata["householdID"]?.stringValue != nil)
        #expect(alice.metadata["maxRating"]?.objectValue != nil)
        #expect(alice.metadata["channelID"]?.arrayValue != nil)
        #expect(alice.encryptedMetadata == ["zip"])
        #expect(cablevision.authnTTL == 3600)
        #expect(cablevision.authzTTL == 1800)

        let auto = try #require(scenario.mvpd(withID: "AutoCable"))
        #expect(auto.autoLogin)
        #expect(auto.users.first?.username == "bob")
        #expect(scenario.mvpd(withID: "TempPass")?.isTempPass == true)
        #expect(scenario.tempPassTTL == 600)
        #expect(scenario.mediaTokenTTL == 420)
        #expect(scenario.accessTokenTTL == 21_600)
        #expect(scenario.maxPreauthorizeResources == 5)
        #expect(scenario.enhancedErrorReporting)
    }

    @Test func standardEntitlements() {
        let entitlements = EmulatorScenario.standard.entitlements
        for resource in ["news", "sports", "movies", "kids"] {
            #expect(entitlements.decision(resource: resource, mvpd: "Cablevision", userID: "alice-user-id").authorized)
            #expect(entitlements.decision(resource: resource, mvpd: "AutoCable", userID: "bob-user-id").authorized)
        }
        let premium = entitlements.decision(resource: "premium", mvpd: "Cablevision", userID: "alice-user-id")
        #expect(!premium.authorized)
        #expect(premium.details == #"Your subscription package does not include the "premium" channel."#)
        let unlisted = entitlements.decision(resource: "opera", mvpd: "AutoCable", userID: "bob-user-id")
        #expect(!unlisted.authorized)
        #expect(unlisted.details?.contains("\"opera\"") == true)
    }

    @Test func rulesMatchInOrderByMVPDAndUser() {
        let entitlements = EmulatorScenario.Entitlements(rules: [
            .init(resources: ["sports"], mvpd: "A", userID: "u1", authorized: false, details: "no sports for u1"),
            .init(resources: ["*"], mvpd: "A", authorized: true),
        ])
        #expect(!entitlements.decision(resource: "sports", mvpd: "A", userID: "u1").authorized)
        #expect(entitlements.decision(resource: "sports", mvpd: "A", userID: "u1").details == "no sports for u1")
        #expect(entitlements.decision(resource: "sports", mvpd: "A", userID: "u2").authorized)
        #expect(!entitlements.decision(resource: "sports", mvpd: "B", userID: "u1").authorized)
    }

    @Test func roundTripsThroughJSON() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(EmulatorScenario.standard)
        let decoded = try JSONDecoder().decode(EmulatorScenario.self, from: data)
        #expect(decoded == EmulatorScenario.standard)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""logoUrl""#))
        #expect(text.contains(#""authnTTL":3600"#))
    }

    @Test func aMinimalFileGetsTheDefaults() throws {
        let json = #"""
            {"requestors": [{"id": "R"}],
             "mvpds": [{"id": "M", "users": [{"username": "u", "password": "p"}]}],
             "entitlements": {"rules": [{"resources": ["a"]}]}}
            """#
        let scenario = try JSONDecoder().decode(EmulatorScenario.self, from: Data(json.utf8))
        let requestor = try #require(scenario.requestors.first)
        #expect(requestor.name == "R")
        #expect(requestor.domains == ["adobe.com"])
        #expect(requestor.mvpds.isEmpty)
        let mvpd = try #require(scenario.mvpds.first)
        #expect(mvpd.displayName == "M")
        #expect(mvpd.logoURL == nil)
        #expect(!mvpd.isTempPass && !mvpd.isProxy && !mvpd.autoLogin)
        #expect(mvpd.authnTTL == 3600 && mvpd.authzTTL == 1800)
        #expect(mvpd.users.first?.userID == "u")
        #expect(mvpd.users.first?.metadata.isEmpty == true)
        #expect(scenario.tempPassTTL == 600)
        #expect(scenario.mediaTokenTTL == 420)
        #expect(scenario.accessTokenTTL == 21_600)
        #expect(scenario.softwareStatements.accepted == nil)
        #expect(scenario.softwareStatements.revoked.isEmpty)
        #expect(scenario.maxPreauthorizeResources == 5)
        #expect(scenario.enhancedErrorReporting)
        #expect(scenario.entitlements.rules.first?.authorized == true)
        #expect(!scenario.entitlements.authorizeUnlisted)

        let empty = try JSONDecoder().decode(EmulatorScenario.self, from: Data("{}".utf8))
        #expect(empty == EmulatorScenario())
    }

    @Test func faultsRoundTripThroughJSON() throws {
        let faults: [EmulatorFault] = [
            .status(503, body: "down", contentType: "text/plain"), .malformedJSON, .html(status: 502),
            .delay(.milliseconds(250)), .dropConnection, .timeout, .tooManyRequests(retryAfter: "2"),
            .tooManyRequests(retryAfter: nil), .wrongTypes, .emptyBody, .largeBody(bytes: 4096),
        ]
        for fault in faults {
            let data = try JSONEncoder().encode(fault)
            #expect(try JSONDecoder().decode(EmulatorFault.self, from: data) == fault)
        }
        #expect(try JSONDecoder().decode(EmulatorFault.self, from: Data(#""timeout""#.utf8)) == .timeout)
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(EmulatorFault.hold(EmulatorGate())) }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(EmulatorFault.self, from: Data(#""largeBody""#.utf8))
        }
    }
}
