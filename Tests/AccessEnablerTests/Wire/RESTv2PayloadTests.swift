import Foundation
import Testing
@testable import AccessEnabler

/// Decoding of Adobe's own v2 samples.
@Suite(.timeLimit(.minutes(5))) struct RESTv2PayloadTests {
    @Test func decodesTheSessionSampleWithStringTimestamps() throws {
        let sample =
            #"{"actionName":"authenticate","actionType":"interactive","reasonType":"none","url":"/api/v2/authenticate/REF30/8ER640M","code":"8ER640M","sessionId":"1b614390-6610-4d14-9421-6565f6e75958","mvpd":"Cablevision","serviceProvider":"REF30","notBefore":"1733735289035","notAfter":"1733737089035"}"#
        let session = try JSONDecoder().decode(SessionBody.self, from: Data(sample.utf8))
        #expect(session.actionName == "authenticate")
        #expect(session.url == "/api/v2/authenticate/REF30/8ER640M")
        #expect(session.code == "8ER640M")
    }

    @Test func decodesTheProfileSampleWithPlainAndEncryptedAttributes() throws {
        let sample =
            #"{"profiles":{"Spectrum":{"notBefore":1752149281000,"notAfter":1783685280000,"issuer":"Spectrum","type":"regular","attributes":{"userID":{"value":"BASE64_value_userId","state":"plain"},"zip":{"value":"BASE64_value_zip","state":"enc"}}}}}"#
        let body = try JSONDecoder().decode(ProfilesBody.self, from: Data(sample.utf8))
        let profile = try #require(body.profiles["Spectrum"])
        #expect(profile.notAfter.value == 1_783_685_280_000)
        let attributes = RESTv2Backend.attributes(of: profile)
        #expect(attributes["zip"]?.isEncrypted == true)
        #expect(attributes["userID"]?.isEncrypted == false)
        #expect(attributes["userID"]?.value == "BASE64_value_userId")
    }

    @Test func decodesTheDecisionSamples() throws {
        let granted =
            #"{"decisions":[{"resource":"REF30","serviceProvider":"REF30","mvpd":"Cablevision","source":"mvpd","authorized":true,"token":{"notBefore":1697094207324,"notAfter":1697094802367,"serializedToken":"PHNpZ25hdHVyZUluZm8..."},"notBefore":1697094207324,"notAfter":1697098802367}]}"#
        let body = try JSONDecoder().decode(DecisionsBody.self, from: Data(granted.utf8))
        #expect(body.decisions[0].token?.serializedToken.value == "PHNpZ25hdHVyZUluZm8...")
        #expect(body.decisions[0].token?.notAfter.value == 1_697_094_802_367)
        #expect(body.decisions[0].mvpd == "Cablevision")
        #expect(body.decisions[0].notAfter?.value == 1_697_098_802_367)
        let denied =
            #"{"decisions":[{"resource":"REF30","serviceProvider":"REF30","mvpd":"Cablevision","source":"mvpd","authorized":false,"error":{"action":"none","status":403,"code":"authorization_denied_by_mvpd","message":"Deny","details":"No Live","helpUrl":"https://h","trace":"t"},"notBefore":1697094207324,"notAfter":1697098802367}]}"#
        let deniedBody = try JSONDecoder().decode(DecisionsBody.self, from: Data(denied.utf8))
        #expect(deniedBody.decisions[0].error?.code == "authorization_denied_by_mvpd")
        #expect(deniedBody.decisions[0].error?.details == "No Live")

        // A preauthorization reads each decision's resource, answer, source and error only.
        let preauthorized = try JSONDecoder().decode(PreauthorizeDecisionsBody.self, from: Data(denied.utf8))
        #expect(preauthorized.decisions[0].resource == "REF30")
        #expect(preauthorized.decisions[0].authorized == false)
        #expect(preauthorized.decisions[0].source == "mvpd")
        #expect(preauthorized.decisions[0].error?.code == "authorization_denied_by_mvpd")
        let oddWindow = #"{"decisions":[{"resource":"a","authorized":true,"mvpd":7,"notAfter":"soon"}]}"#
        #expect(
            try JSONDecoder().decode(PreauthorizeDecisionsBody.self, from: Data(oddWindow.utf8)).decisions[0]
                .authorized,
            "fields a preauthorization does not use do not fail it")
    }

    @Test func decodesTheLogoutSamples() throws {
        let interactive =
            #"{"logouts":{"Cablevision":{"actionName":"logout","actionType":"interactive","mvpd":"Cablevision","url":"https://sp.auth.adobe.com/adobe-services/logout?noflash=true&mso_id=Cablevision&requestor_id=REF30&redirect_url=http%3A%2F%2Fadobe.com"}}}"#
        let body = try JSONDecoder().decode(LogoutBody.self, from: Data(interactive.utf8))
        #expect(body.logouts["Cablevision"]?.actionName == "logout")
        let complete = #"{"logouts":{"Dish":{"actionName":"complete","actionType":"none","mvpd":"Dish"}}}"#
        #expect(try JSONDecoder().decode(LogoutBody.self, from: Data(complete.utf8)).logouts["Dish"]?.url == nil)
    }
}
