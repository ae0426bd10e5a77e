import Foundation
import Testing
@testable import AccessEnabler

@Suite struct AccessEnablerErrorTests {
    @Test func equalityComparesTheCodeOnly() {
        let server = AccessEnablerError(Status(status: 412, code: "authentication_session_missing", message: "gone"))
        #expect(server == .authenticationSessionMissing)
        #expect(server != .authenticationSessionExpired)
        #expect(server.isFromSDK == false)
        #expect(AccessEnablerError.authenticationSessionMissing.isFromSDK)
    }

    @Test func missingLocalAndMissingServerAuthorizationAreDistinct() {
        #expect(AccessEnablerError.authorizationNotFound != .authorizationNotFoundOnServer)
        // Both keep Adobe's public code and the same remediation.
        #expect(AccessEnablerError.authorizationNotFound.code == AccessEnablerError.authorizationNotFoundOnServer.code)
        #expect(
            AccessEnablerError.authorizationNotFound.action == AccessEnablerError.authorizationNotFoundOnServer.action)
        // A server answer passed through untouched is the server case, whatever its status.
        let passedThrough = AccessEnablerError(Status(status: 404, code: "authorization_not_found", message: "none"))
        #expect(passedThrough == .authorizationNotFoundOnServer)
        #expect(passedThrough != .authorizationNotFound)
        // Distinct errors in a set stay two; equal ones still hash alike.
        let errors: Set<AccessEnablerError> = [.authorizationNotFound, .authorizationNotFoundOnServer, passedThrough]
        #expect(errors.count == 2)
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
