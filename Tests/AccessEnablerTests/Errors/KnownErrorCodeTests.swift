import Foundation
import Testing

@testable import AccessEnabler

/// The one table of known server codes: what each means to the flows and its default action.
@Suite(.timeLimit(.minutes(5))) struct KnownErrorCodeTests {
    static let sessionGone = [
        "authentication_session_missing", "authentication_session_expired", "authentication_session_invalidated",
        "preauthorization_authentication_session_missing", "preauthorization_authentication_session_expired",
        "authenticated_profile_missing", "authenticated_profile_expired", "authenticated_profile_invalidated",
    ]

    static func server(_ code: String, status: Int = 403) -> AccessEnablerError {
        AccessEnablerError(Status(status: status, code: code))
    }

    @Test(arguments: sessionGone)
    func sessionGoneCodesDropTheSession(code: String) {
        #expect(AccessEnabler.meansSessionGone(Self.server(code)))
        #expect(KnownErrorCode.defaultAction(of: .init(rawValue: code)) == .authentication)
        // The SDK's own "no session" is about the local cache, not the server's answer.
        #expect(!AccessEnabler.meansSessionGone(AccessEnablerError(Status(status: 0, code: code))))
    }

    @Test func otherCodesDoNotDropTheSession() {
        for code in ["authorization_denied_by_mvpd", "identity_not_recognized_by_mvpd", "internal_error", ""] {
            #expect(!AccessEnabler.meansSessionGone(Self.server(code)), "\(code)")
        }
    }

    @Test func authorizationGoneOnlyFromTheServer() {
        #expect(AccessEnabler.meansAuthorizationGone(.authorizationNotFoundOnServer))
        #expect(AccessEnabler.meansAuthorizationGone(.authorizationExpired))
        #expect(!AccessEnabler.meansAuthorizationGone(.authorizationNotFound))
        #expect(!AccessEnabler.meansAuthorizationGone(Self.server("authorization_denied_by_mvpd")))
    }

    @Test func partnerRejectionsAreTheStatusAndResponseCodes() {
        for code in [
            "invalid_parameter_saml_response", "invalid_header_pfs_provider_info_expired",
            "invalid_header_pfs_permission_access_not_granted",
        ] {
            #expect(KnownErrorCode.meaning(of: .init(rawValue: code)) == .partnerRejected, "\(code)")
        }
        #expect(KnownErrorCode.meaning(of: "invalid_header_device_info").isEmpty)
    }

    @Test func denialsAreAdobesDenialCodesOnly() {
        for code in [
            "authorization_denied_by_mvpd", "preauthorization_denied_by_mvpd", "authorization_denied_by_hba_policies",
            "authorization_denied_by_some_later_rule",
        ] {
            #expect(Self.server(code).meaning.contains(.denied), "\(code)")
        }
        #expect(Self.server("access_denied").meaning.isEmpty)
        // A denial that asks the viewer to sign in again keeps that action.
        #expect(KnownErrorCode.defaultAction(of: "authorization_denied_by_hba_policies") == .authentication)
    }

    @Test func defaultActions() {
        #expect(KnownErrorCode.defaultAction(of: "too_many_resources") == .configuration)
        #expect(KnownErrorCode.defaultAction(of: "network_connection_timeout") == .retry)
        #expect(KnownErrorCode.defaultAction(of: "invalid_access_token_client_application") == .applicationRegistration)
        #expect(KnownErrorCode.defaultAction(of: "authorization_expired") == .authorization)
        #expect(KnownErrorCode.defaultAction(of: "authorization_denied_by_mvpd") == nil)
        #expect(KnownErrorCode.defaultAction(of: "unknown_code") == nil)
    }
}
