import AccessEnabler
import Foundation

extension LegacySession {
    func getAuthorization(_ resource: String, data: [String: String]) {
        whenConfigured { [self] in
            authentication.cancelWaiting()
            perform { [self] in await authorize(resource, data: data, authenticateFirst: true) }
        }
    }

    /// One core call for a signed-in viewer; a sign-in first (`getAuthorization`) then the
    /// authorization otherwise. The tracking flag is the core's own `fromCache`.
    private func authorize(_ resource: String, data: [String: String], authenticateFirst: Bool) async {
        do {
            let (token, check, mvpd): (MediaToken, EntitlementEvent.AuthorizationCheck, CoreMVPD)
            switch try await core.authorizeIfAuthenticated(resource: resource, data: data) {
            case .authorized(let authorized, let record, let signedIn):
                (token, check, mvpd) = (authorized, record, signedIn)
            case .notAuthenticated(let reason):
                guard authenticateFirst else {
                    fail(resource, LegacyFailure(code: USER_NOT_AUTHENTICATED_ERROR, error: reason))
                    return
                }
                // The sign-in is the authentication flow: a newer flow supersedes it (no callback),
                // and the viewer leaving its code screen cancels it.
                guard let result = await startAuthentication(force: false, data: data).value else { return }
                switch result {
                case .success(let (authentication, _)):
                    let authorized = try await core.authorizeWithCheck(resource: resource, data: data)
                    (token, check, mvpd) = (authorized.token, authorized.check, authentication.mvpd)
                case .failure(let failure):
                    fail(resource, LegacyFailure(code: USER_NOT_AUTHENTICATED_ERROR, error: failure.error))
                    return
                }
            }
            deliver(token, check: check, mvpd: mvpd, for: resource)
        } catch let error as AccessEnablerError {
            fail(resource, LegacyFailure(code: Self.legacyAuthorizationCode(for: error), error: error))
        } catch {
            fail(resource, LegacyFailure(code: GENERIC_AUTHORIZATION_ERROR, error: .networkError))
        }
    }

    /// `setToken` (after `Z011` for a TempPass MVPD) and its `TRACKING_AUTHORIZATION`.
    func deliver(
        _ token: MediaToken, check: EntitlementEvent.AuthorizationCheck, mvpd: CoreMVPD, for resource: String
    ) {
        if mvpd.isTempPass { emit(.tempPassAuthorized(resource: resource)) }
        emit { $0.setToken(token.serializedToken, forResource: resource) }
        trackAuthorization(
            success: true, mvpdID: token.mvpdID, userID: token.userID, cached: check.fromCache, error: nil)
    }

    func fail(_ resource: String, _ failure: LegacyFailure) {
        let status = failure.error.status
        switch failure.code {
        case USER_NOT_AUTHORIZED_ERROR: emit(.authorizationDenied(resource: resource, status))
        case USER_NOT_AUTHENTICATED_ERROR: emit(.authenticationMissing(resource: resource, status))
        default: break
        }
        emit {
            $0.tokenRequestFailed(
                resource, errorCode: failure.code, errorDescription: status.details ?? status.message ?? "")
        }
        trackAuthorization(success: false, mvpdID: nil, userID: nil, cached: false, error: status)
    }

    /// A denial is `USER_NOT_AUTHORIZED_ERROR`; a lost session `USER_NOT_AUTHENTICATED_ERROR`;
    /// anything else (network, server, throttling) `GENERIC_AUTHORIZATION_ERROR`.
    static func legacyAuthorizationCode(for error: AccessEnablerError) -> String {
        if error.meaning.contains(.denied) { return USER_NOT_AUTHORIZED_ERROR }
        if error.action == .authentication { return USER_NOT_AUTHENTICATED_ERROR }
        return GENERIC_AUTHORIZATION_ERROR
    }
}
