import AccessEnabler
import Foundation

extension LegacySession {
    func getAuthorization(_ resource: String, data: [String: String]) {
        whenConfigured { [self] in
            authentication.cancelWaiting()
            perform { [self] in await authorize(resource, data: data) }
        }
    }

    /// One core call for a signed-in viewer; a sign-in first, then the authorization, otherwise.
    /// The tracking flag is the core's own `fromCache`.
    private func authorize(_ resource: String, data: [String: String]) async {
        do {
            let (token, check, mvpd): (MediaToken, EntitlementEvent.AuthorizationCheck, CoreMVPD)
            switch try await core.authorizeIfAuthenticated(resource: resource, data: data) {
            case .authorized(let authorized, let record, let signedIn):
                (token, check, mvpd) = (authorized, record, signedIn)
            case .notAuthenticated:
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
        } catch {
            fail(resource, Self.authorizationFailure(error))
        }
    }

    /// The legacy failure of an authorization that threw.
    static func authorizationFailure(_ error: any Error) -> LegacyFailure {
        guard let error = error as? AccessEnablerError else {
            return LegacyFailure(code: GENERIC_AUTHORIZATION_ERROR, error: .networkError)
        }
        return LegacyFailure(code: legacyAuthorizationCode(for: error), error: error)
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
