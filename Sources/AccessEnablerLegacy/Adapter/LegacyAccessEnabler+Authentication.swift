import AccessEnabler
import Foundation

extension LegacyAccessEnabler {
    /// `checkAuthentication` — from the token cache only. Calls
    /// `setAuthenticationStatus(1, USER_AUTHENTICATED)` or `(0, USER_NOT_AUTHENTICATED_ERROR)`.
    public func checkAuthentication() {
        whenConfigured { [self] in
            perform { [self] in
                let status = await accessEnabler.checkAuthentication()
                if let authentication = status.authentication {
                    emit { $0.setAuthenticationStatus(ACCESS_ENABLER_STATUS_SUCCESS, errorCode: USER_AUTHENTICATED) }
                    track(authentication: authentication, cached: true)
                } else {
                    emit { $0.setAuthenticationStatus(ACCESS_ENABLER_STATUS_ERROR, errorCode: USER_NOT_AUTHENTICATED_ERROR) }
                    track(authentication: nil, cached: false)
                }
            }
        }
    }

    /// `getAuthentication` — authenticates unless already authenticated:
    /// `displayProviderDialog` → `setSelectedProvider` → `navigateToUrl` → `handleExternalURL` →
    /// `setAuthenticationStatus`.
    public func getAuthentication() {
        getAuthentication(false, withData: [:])
    }

    /// `getAuthentication:withData:` — `forceAuthn` runs the flow even when authenticated; `data`
    /// is forwarded to the server (for example a Promotional TempPass identity).
    public func getAuthentication(_ forceAuthn: Bool, withData data: [String: String]) {
        whenConfigured { [self] in startAuthentication(force: forceAuthn, data: data) }
    }

    /// `getAuthentication:` with an Apple SSO picker filter (`TV_PROVIDERS`,
    /// `FEATURED_TV_PROVIDERS`). The filter only shapes the Apple picker, which this package does
    /// not present; the regular flow runs.
    public func getAuthentication(_ filter: [String: [String]]) {
        getAuthentication(false, withData: [:], andFilter: filter)
    }

    /// `getAuthentication:withData:andFilter:` (see ``getAuthentication(_:)-(_:[String:[String]])``).
    public func getAuthentication(_ forceAuthn: Bool, withData data: [String: String], andFilter filter: [String: [String]]) {
        getAuthentication(forceAuthn, withData: data)
    }

    /// The 2.0–2.3 array filter.
    @available(*, deprecated, message: "Use getAuthentication(_:) with a dictionary filter: [TV_PROVIDERS: ids].")
    public func getAuthentication(_ filter: [String]) {
        getAuthentication(false, withData: [:])
    }

    /// The 2.0–2.3 array filter with `forceAuthn` and `data`.
    @available(*, deprecated, message: "Use getAuthentication(_:withData:andFilter:) with a dictionary filter: [TV_PROVIDERS: ids].")
    public func getAuthentication(_ forceAuthn: Bool, withData data: [String: String], andFilter filter: [String]) {
        getAuthentication(forceAuthn, withData: data)
    }

    /// `setSelectedProvider:` — the answer to `displayProviderDialog`. `nil` cancels: the flow ends
    /// with `setAuthenticationStatus(0, PROVIDER_NOT_SELECTED_ERROR)`. Outside a picker it starts
    /// authentication with that MVPD (a TempPass MVPD authenticates at once).
    public func setSelectedProvider(_ mvpdID: String?) {
        if let mvpdID { trackSelection(of: mvpdID) }
        if authentication.answerProvider(mvpdID) { return }
        if mvpdID == nil {
            if authentication.isWaitingForLogin {
                authentication.cancelWaiting()
            } else {
                emit { $0.setAuthenticationStatus(ACCESS_ENABLER_STATUS_ERROR, errorCode: PROVIDER_NOT_SELECTED_ERROR) }
            }
            return
        }
        authentication.preselectedMVPD = mvpdID
        whenConfigured { [self] in startAuthentication(force: true, data: [:]) }
    }

    /// `handleExternalURL:` — the web view or Safari reached the redirect URL: completes the login
    /// (`setAuthenticationStatus` follows). Call it once per flow.
    public func handleExternalURL(_ url: String) {
        _ = authentication.answerLogin(URL(string: url))
    }

    /// The pre-3.0 name of ``handleExternalURL(_:)``.
    @available(*, deprecated, renamed: "handleExternalURL(_:)", message: "Since 3.0 call handleExternalURL(_:) with the redirect URL the web view reached.")
    public func getAuthenticationToken() {
        handleExternalURL(ADOBEPASS_REDIRECT_URL)
    }

    // MARK: Flow

    /// Starts an authentication flow. One still running is superseded: it is cancelled and ends
    /// without a callback (choosing another MVPD with `setSelectedProvider` leads straight to
    /// the new flow's `navigateToUrl`, as in the legacy SDK).
    func startAuthentication(force: Bool, data: [String: String]) {
        authenticationFlow?.cancel()
        authentication.cancelWaiting()
        authenticationFlow = perform { [self] in
            let result = await runAuthentication(force: force, data: data)
            guard !Task.isCancelled else { return }
            reportAuthentication(result)
        }
    }

    /// Runs the core's authentication through the bridge; the legacy error code on failure.
    func runAuthentication(force: Bool, data: [String: String]) async -> Result<(Authentication, Bool), LegacyFailure> {
        authentication.beginFlow()
        do {
            let result = try await accessEnabler.authenticate(
                forceAuthentication: force, data: data, presenter: authentication)
            return .success((result, !authentication.interacted))
        } catch let error as AccessEnablerError where error == .providerNotSelected {
            return .failure(LegacyFailure(code: PROVIDER_NOT_SELECTED_ERROR, error: error))
        } catch let error as AccessEnablerError where error == .providerNotAvailable {
            return .failure(LegacyFailure(code: PROVIDER_NOT_AVAILABLE_ERROR, error: error))
        } catch is CancellationError {
            return .failure(LegacyFailure(code: PROVIDER_NOT_SELECTED_ERROR, error: .providerNotSelected))
        } catch {
            return .failure(LegacyFailure(code: GENERIC_AUTHENTICATION_ERROR, error: error as? AccessEnablerError ?? .networkError))
        }
    }

    func reportAuthentication(_ result: Result<(Authentication, Bool), LegacyFailure>) {
        switch result {
        case .success(let (authenticated, cached)):
            emit { $0.setAuthenticationStatus(ACCESS_ENABLER_STATUS_SUCCESS, errorCode: USER_AUTHENTICATED) }
            track(authentication: authenticated, cached: cached)
        case .failure(let failure):
            emit { $0.setAuthenticationStatus(ACCESS_ENABLER_STATUS_ERROR, errorCode: failure.code) }
            track(authentication: nil, cached: false)
        }
    }
}

/// A failure in legacy terms: the legacy error code and the async core's error.
struct LegacyFailure: Error {
    var code: String
    var error: AccessEnablerError
}
