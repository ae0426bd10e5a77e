import Foundation
import Testing
@testable import AccessEnabler

/// What the Apple binding decides from VideoSubscriberAccount's answers, checked on every platform.
@Suite struct TVProviderMetadataTests {
    @Test func providerAnswerIsAGrantedStatus() throws {
        let expiry = Date(timeIntervalSince1970: 1_900_000_000)
        let outcome = try TVProviderMetadata(providerID: "Cablevision-Apple", expirationDate: expiry).statusOutcome()
        #expect(outcome == .completed(PartnerFrameworkStatus(
            accessStatus: .granted, providerID: "Cablevision-Apple", expirationDate: expiry)))
    }

    @Test func documentedErrorCodesAreOutcomes() throws {
        let domain = TVProviderMetadata.errorDomain
        #expect(try TVProviderMetadata(errorDomain: domain, errorCode: 2).statusOutcome() == .userCancelled)
        #expect(try TVProviderMetadata(errorDomain: domain, errorCode: 1, unsupportedProviderID: "X").statusOutcome()
            == .providerNotSupported(providerID: "X"))
        #expect(try TVProviderMetadata(errorDomain: domain, errorCode: 0).statusOutcome()
            == .completed(PartnerFrameworkStatus(accessStatus: .denied)))
        #expect(throws: TVProviderError(code: "VSErrorCode#3")) {
            try TVProviderMetadata(errorDomain: domain, errorCode: 3).statusOutcome()
        }
        #expect(throws: TVProviderError(code: "NSURLErrorDomain#2")) {
            try TVProviderMetadata(errorDomain: "NSURLErrorDomain", errorCode: 2).exchangeOutcome()
        }
    }

    @Test func exchangeNeedsTheSAMLResponse() throws {
        #expect(throws: TVProviderError(code: "no_saml_response")) {
            try TVProviderMetadata(providerID: "P").exchangeOutcome()
        }
        let outcome = try TVProviderMetadata(providerID: "P", samlResponse: "<r/>").exchangeOutcome()
        guard case .completed(let response) = outcome else { Issue.record("not completed"); return }
        #expect(response.response == "<r/>")
        #expect(response.status?.providerID == "P")
    }
}
