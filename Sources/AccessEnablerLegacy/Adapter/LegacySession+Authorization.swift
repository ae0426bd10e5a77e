import AccessEnabler
import Foundation

extension LegacySession {
    /// A signed-in viewer's authorization leaves a flow the app shows alone; the sign-in of one
    /// who is not signed in replaces it (``startAuthentication(force:data:filter:)``, which ends
    /// what waits for the app only once the flow it replaces is cancelled, so that flow reports
    /// nothing).
    func getAuthorization(_ resource: String, data: [String: String]) {
        whenConfigured { [self] in
            perform { [self] in await authorize(resource, data: data) }
        }
    }

    /// One core call for a signed-in viewer; a sign-in first, then the authorization, otherwise.
    /// The tracking flag is the core's own `fromCache`.
    private func authorize(_ resource: String, data: [String: String]) async {
        do {
            let (token, check, mvpd): (MediaToken, EntitlementEvent.AuthorizationCheck, CoreMVPD)
            switch await core.authorizeIfAuthenticated(resource: resource, data: data) {
            case .authorized(let authorized, let record, let signedIn, _):
                (token, check, mvpd) = (authorized, record, signedIn)
            case .failed(let error, _):
                throw error
            case .notAuthenticated:
                // The sign-in is the authentication flow: the viewer leaving its code screen
                // cancels it, and a newer flow replaces it, whose outcome this resource then waits
                // for (it always gets its `setToken` or `tokenRequestFailed`).
                guard let result = await outcome(of: startAuthentication(force: false, data: data)) else {
                    fail(resource, LegacyFailure(code: USER_NOT_AUTHENTICATED_ERROR, error: .providerNotSelected))
                    return
                }
                switch result {
                case .success(let authentication, _):
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

    /// The outcome of authentication flow `flow`, or, when a newer flow replaced it, of that one
    /// (in turn); nil only if it was cancelled with nothing to replace it.
    private func outcome(of flow: Task<AuthenticationResult?, Never>) async -> AuthenticationResult? {
        var flow = flow
        while true {
            if let result = await flow.value { return result }
            guard let newer = authenticationFlow?.task, newer != flow else { return nil }
            flow = newer
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
