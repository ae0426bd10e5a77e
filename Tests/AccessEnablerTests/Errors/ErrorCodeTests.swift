import Foundation
import Testing

@testable import AccessEnabler

/// ``AccessEnablerError/Code``: an open set of wire strings, compared by value.
@Suite(.timeLimit(.minutes(5))) struct ErrorCodeTests {
    /// A code the server adds later is kept as it was sent, and survives a round trip through the
    /// status it came in.
    @Test func anUnknownServerCodeRoundTrips() throws {
        let body = Data(#"{"status":403,"code":"a_code_added_later","message":"New"}"#.utf8)
        let error = AccessEnablerError(try JSONDecoder().decode(Status.self, from: body))
        #expect(error.code == AccessEnablerError.Code(rawValue: "a_code_added_later"))
        #expect(error.code == "a_code_added_later")
        #expect(error.code.rawValue == "a_code_added_later")
        #expect("\(error.code)" == "a_code_added_later")
        let again = try JSONDecoder().decode(Status.self, from: try JSONEncoder().encode(error.status))
        #expect(AccessEnablerError(again) == error)
    }

    /// Each case's code is its static member, a literal matches it in a `switch`, and `==` on
    /// errors still compares only the code.
    @Test func casesCarryTheirCodes() {
        #expect(AccessEnablerError.authorizationDeniedByMVPD.code == .authorizationDeniedByMVPD)
        #expect(AccessEnablerError.invalidAuthenticationCode.code == .invalidCodeParameter)
        #expect(AccessEnablerError.authorizationNotFound == AccessEnablerError.authorizationNotFoundOnServer)
        let denied = AccessEnablerError(Status(status: 403, code: "authorization_denied_by_mvpd", details: "No"))
        #expect(denied == .authorizationDeniedByMVPD)
        let matched: Bool
        switch denied.code {
        case "authorization_denied_by_mvpd": matched = true
        default: matched = false
        }
        #expect(matched)
        #expect(AccessEnablerError(Status(status: 500)).code == "", "no code is the empty code")
    }

    /// The table that gives codes their meaning reads the same members.
    @Test func theTableReadsTheMembers() {
        #expect(KnownErrorCode.meaning(of: .invalidHeaderServiceToken) == .serviceTokenRefused)
        #expect(KnownErrorCode.meaning(of: .authenticatedProfileMissing) == .sessionGone)
        #expect(KnownErrorCode.meaning(of: "authorization_denied_by_a_rule_added_later") == .denied)
    }
}
