import Foundation
import Testing
@testable import AccessEnabler

@Suite(.timeLimit(.minutes(5))) struct AccessEnablerErrorTests {
    @Test func equalityComparesTheCodeOnly() {
        let server = AccessEnablerError(Status(status: 412, code: "authentication_session_missing", message: "gone"))
        #expect(server == .authenticationSessionMissing)
        #expect(server != .authenticationSessionExpired)
        #expect(server.isFromSDK == false)
        #expect(AccessEnablerError.authenticationSessionMissing.isFromSDK)
    }

    @Test func aMissingAuthorizationIsOneCaseToldApartByItsOrigin() {
        let server = AccessEnablerError.authorizationNotFoundOnServer
        // One Adobe code: equal, like every server answer to its static case…
        #expect(server == .authorizationNotFound)
        #expect(server.action == AccessEnablerError.authorizationNotFound.action)
        // …and the origin says which side found nothing.
        #expect(AccessEnablerError.authorizationNotFound.isFromSDK)
        #expect(!server.isFromSDK)
        #expect(server.status.status == 404)
    }

    @Test func sdkCasesMatchTheSeeds() {
        #expect(
            AccessEnablerError.requestorNotConfigured.status
                == Status(
                    status: 0, code: "requestor_not_configured",
                    message:
                        "The requestor is not yet configured which is a prerequisite for using any API apart from the setRequestor API.",
                    action: .retry))
        #expect(AccessEnablerError.accessTokenUnavailable.action == Status.Action.none)
        #expect(AccessEnablerError.authenticationSessionExpired.action == .authentication)
        #expect(AccessEnablerError.networkError.code == "network_error")
        #expect(AccessEnablerError.serverResponseFormatUnknown.code == "server_response_format_unknown")
    }

    @Test func switchMatchesStaticCases() {
        let error = AccessEnablerError(Status(status: 403, code: "authorization_denied_by_mvpd"))
        switch error {
        case .authorizationDeniedByMVPD: break
        default: Issue.record("expected authorizationDeniedByMVPD")
        }
    }

    @Test func statusCodableRoundTripUsesWireNames() throws {
        let status = Status(
            status: 403, code: "c", message: "m", details: "d", helpUrl: "h", trace: "t", action: .retryAfter)
        let data = try JSONEncoder().encode(status)
        let object = try JSONDecoder().decode([String: JSONValue].self, from: data)
        #expect(object["action"] == "retry-after")
        #expect(object["helpUrl"] == "h")
        #expect(try JSONDecoder().decode(Status.self, from: data) == status)
        let stringStatus = try JSONDecoder().decode(Status.self, from: Data(#"{"status":"412"}"#.utf8))
        #expect(stringStatus.status == 412)
    }

    @Test func descriptionsCarryNoUnderlyingURL() {
        let error = ErrorMapping.transportError(
            URLError(
                .timedOut,
                userInfo: [
                    NSURLErrorFailingURLErrorKey: URL(
                        string: "https://sp.example.com/api/v1/authorize?deviceId=SECRETDEVICE")!
                ]))
        #expect(!error.description.contains("SECRETDEVICE"))
        #expect(!String(reflecting: error).contains("SECRETDEVICE"))
        #expect(error.description.contains("network_error"))
    }

    @Test func mediaTokenDescriptionRedactsTheToken() {
        let token = MediaToken(
            resource: "r", serializedToken: "PHNpZ25hdHVyZUluZm8SECRET", expires: Date(), mvpdID: "m",
            userID: "u", requestor: "R")
        #expect(!token.description.contains("SECRET"))
        #expect(!String(reflecting: token).contains("SECRET"))
        var dumped = ""
        dump(token, to: &dumped)
        #expect(!dumped.contains("SECRET"))
    }
}
