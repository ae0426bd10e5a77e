import AccessEnabler
import Foundation

extension LegacyAccessEnabler {
    /// `checkAuthorization:` — a media token for `resource` without any login UI:
    /// `setToken(_:forResource:)` or `tokenRequestFailed(_:errorCode:errorDescription:)`.
    public func checkAuthorization(_ resource: String) {
        checkAuthorization(resource, withData: [:])
    }

    /// `checkAuthorization:withData:` — with key/value pairs forwarded to the server.
    public func checkAuthorization(_ resource: String, withData data: [String: String]) {
        whenConfigured { [self] in perform { [self] in await authorize(resource, data: data, authenticateFirst: false) } }
    }

    /// `getAuthorization:` — like ``checkAuthorization(_:)``, but runs the authentication flow
    /// first when the viewer is not authenticated.
    public func getAuthorization(_ resource: String) {
        getAuthorization(resource, withData: [:])
    }

    /// `getAuthorization:withData:`.
    public func getAuthorization(_ resource: String, withData data: [String: String]) {
        whenConfigured { [self] in
            authentication.cancelWaiting()
            perform { [self] in await authorize(resource, data: data, authenticateFirst: true) }
        }
    }

    private func authorize(_ resource: String, data: [String: String], authenticateFirst: Bool) async {
        if case .notAuthenticated(let reason) = await accessEnabler.checkAuthentication() {
            guard authenticateFirst else {
                fail(resource, LegacyFailure(code: USER_NOT_AUTHENTICATED_ERROR, error: reason))
                return
            }
            let result = await runAuthentication(force: false, data: data)
            reportAuthentication(result)
            if case .failure(let failure) = result {
                fail(resource, LegacyFailure(code: USER_NOT_AUTHENTICATED_ERROR, error: failure.error))
                return
            }
        }
        let cached = (try? await accessEnabler.getMetadata(.authorizationExpiry(resource: resource))) != nil
        do {
            let token = try await accessEnabler.authorize(resource: resource, data: data)
            emit { $0.setToken(token.serializedToken, forResource: resource) }
            trackAuthorization(success: true, mvpdID: token.mvpdID, userID: token.userID, cached: cached, error: nil)
        } catch let error as AccessEnablerError {
            fail(resource, LegacyFailure(code: Self.legacyAuthorizationCode(for: error), error: error))
        } catch {
            fail(resource, LegacyFailure(code: GENERIC_AUTHORIZATION_ERROR, error: .networkError))
        }
    }

    private func fail(_ resource: String, _ failure: LegacyFailure) {
        let status = failure.error.status
        emit { $0.tokenRequestFailed(resource, errorCode: failure.code, errorDescription: status.details ?? status.message ?? "") }
        trackAuthorization(success: false, mvpdID: nil, userID: nil, cached: false, error: status)
    }

    /// A denial is `USER_NOT_AUTHORIZED_ERROR`; a lost session `USER_NOT_AUTHENTICATED_ERROR`;
    /// anything else (network, server, throttling) `GENERIC_AUTHORIZATION_ERROR`.
    static func legacyAuthorizationCode(for error: AccessEnablerError) -> String {
        if error.code.contains("denied") { return USER_NOT_AUTHORIZED_ERROR }
        if error.action == .authentication { return USER_NOT_AUTHENTICATED_ERROR }
        return GENERIC_AUTHORIZATION_ERROR
    }
}
