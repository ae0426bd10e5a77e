import AccessEnabler
import Foundation

// `checkAuthorization:` checks the authentication first, as the legacy SDK did, and reports that
// check with `checkAuthentication`'s own report (`N000` without a session, `setAuthenticationStatus`,
// then `TRACKING_AUTHENTICATION`) before the authorization's own callbacks (`setToken` or `tokenRequestFailed`, then
// `TRACKING_AUTHORIZATION`). Adobe's reference lists both among its callbacks:
// https://experienceleague.adobe.com/docs/primetime/authentication/auth-features/sdks/ios-tvos-sdk/iostvos-sdk-api-reference.html

extension LegacySession {
    func checkAuthorization(_ resource: String, data: [String: String]) {
        whenConfigured { [self] in
            perform { [self] in await checkAuthorizationReportingAuthentication(resource, data: data) }
        }
    }

    /// One core call: the authentication check it makes is heard before the authorization, so a
    /// failed authorization still reports the authentication the check found.
    private func checkAuthorizationReportingAuthentication(_ resource: String, data: [String: String]) async {
        switch await core.authorizeIfAuthenticated(resource: resource, data: data) {
        case .notAuthenticated(let reason):
            reportAuthenticationCheck(nil)
            fail(resource, LegacyFailure(code: USER_NOT_AUTHENTICATED_ERROR, error: reason))
        case .authorized(let token, let check, let mvpd, let authentication):
            reportAuthenticationCheck(authentication)
            deliver(token, check: check, mvpd: mvpd, for: resource)
        case .failed(let error, let authentication):
            reportAuthenticationCheck(authentication)
            fail(resource, Self.authorizationFailure(error))
        }
    }
}
