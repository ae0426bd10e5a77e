import Foundation
import Testing
@testable import AccessEnabler

/// What the Apple binding decides from VideoSubscriberAccount's answers, checked on every platform.
@Suite(.timeLimit(.minutes(5))) struct TVProviderMetadataTests {
    @Test func providerAnswerIsAGrantedStatus() throws {
        let expiry = Date(timeIntervalSince1970: 1_900_000_000)
        let outcome = try TVProviderMetadata(providerID: "Cablevision-Apple", expirationDate: expiry).statusOutcome()
        #expect(
            outcome
                == .completed(
                    PartnerFrameworkStatus(
                        accessStatus: .granted, providerID: "Cablevision-Apple", expirationDate: expiry)))
    }

    @Test func documentedErrorCodesAreOutcomes() throws {
        let domain = TVProviderMetadata.errorDomain
        #expect(try TVProviderMetadata(errorDomain: domain, errorCode: 2).statusOutcome() == .userCancelled)
        #expect(
            try TVProviderMetadata(errorDomain: domain, errorCode: 1, unsupportedProviderID: "X").statusOutcome()
                == .providerNotSupported(providerID: "X"))
        #expect(
            try TVProviderMetadata(errorDomain: domain, errorCode: 0).statusOutcome()
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

/// The metadata requests the Apple binding sends, built on every platform.
@Suite(.timeLimit(.minutes(5))) struct TVProviderMetadataRequestTests {
    @Test func statusRequestOffersTheAppsProviders() {
        let request = TVProviderMetadataRequest.status(
            PartnerStatusRequest(
                supportedProviderIDs: ["A", "B"], featuredProviderIDs: ["B"], allowsInterruption: true))
        #expect(request.supportedProviderIDs == ["A", "B"])
        #expect(request.featuredProviderIDs == ["B"])
        #expect(request.isInterruptionAllowed)
        #expect(request.verificationToken == nil)
        #expect(request.channelIdentifier == "https://saml.sp.auth.adobe.com")
        #expect(
            !TVProviderMetadataRequest.status(PartnerStatusRequest(supportedProviderIDs: [], allowsInterruption: false))
                .isInterruptionAllowed)
    }

    @Test func exchangeOffersOnlyTheProviderTheStatusNamed() throws {
        let request = try TVProviderMetadataRequest.exchange(
            PartnerAuthenticationRequest(
                type: "saml", request: "PHNhbWxwOkF1dGhuUmVxdWVzdC8+", attributeNames: ["uid", "NameID"],
                providerID: "Cablevision-Apple", mvpdID: "Cablevision"))
        #expect(request.supportedProviderIDs == ["Cablevision-Apple"])
        #expect(request.verificationToken == "PHNhbWxwOkF1dGhuUmVxdWVzdC8+")
        #expect(request.attributeNames == ["uid", "NameID"])
        #expect(request.isInterruptionAllowed)
        let unnamed = try TVProviderMetadataRequest.exchange(
            PartnerAuthenticationRequest(type: "saml", request: "r", attributeNames: ["uid"]))
        #expect(unnamed.supportedProviderIDs.isEmpty, "no status provider: Apple's own choice")
    }

    @Test func exchangeWithoutAttributeNamesIsNotSent() {
        #expect(throws: TVProviderError(code: "no_attribute_names")) {
            try TVProviderMetadataRequest.exchange(
                PartnerAuthenticationRequest(
                    type: "saml", request: "r", attributeNames: [], providerID: "P"))
        }
    }

    @Test func usageDescriptionIsRequired() {
        let key = "NSVideoSubscriberAccountUsageDescription"
        #expect(TVProviderPrerequisites.missing { _ in nil }?.contains(key) == true)
        #expect(TVProviderPrerequisites.missing { _ in " \n" }?.contains(key) == true)
        #expect(TVProviderPrerequisites.missing { $0 == key ? "Sign in with your TV provider." : nil } == nil)
    }
}
