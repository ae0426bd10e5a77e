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
    /// failed authorization still reports a found authentication.
    private func checkAuthorizationReportingAuthentication(_ resource: String, data: [String: String]) async {
        let found = LockedValue<Authentication?>(nil)
        do {
            let attempt = try await core.authorizeIfAuthenticated(resource: resource, data: data) { authentication in
                found.withLock { $0 = authentication }
            }
            switch attempt {
            case .notAuthenticated(let reason):
                reportAuthenticationCheck(nil)
                fail(resource, LegacyFailure(code: USER_NOT_AUTHENTICATED_ERROR, error: reason))
            case .authorized(let token, let check, let mvpd):
                reportAuthenticationCheck(found.withLock { $0 })
                deliver(token, check: check, mvpd: mvpd, for: resource)
            }
        } catch {
            reportAuthenticationCheck(found.withLock { $0 })
            fail(resource, Self.authorizationFailure(error))
        }
    }
}
