import AccessEnabler
import Foundation

extension LegacySession {
    func checkAuthentication() {
        whenConfigured { [self] in
            perform { [self] in
                let status = await core.checkAuthentication()
                if let authentication = status.authentication {
                    emit { $0.setAuthenticationStatus(ACCESS_ENABLER_STATUS_SUCCESS, errorCode: USER_AUTHENTICATED) }
                    track(authentication: authentication, cached: true)
                } else {
                    emit(.notAuthenticated)
                    emit { $0.setAuthenticationStatus(ACCESS_ENABLER_STATUS_ERROR, errorCode: USER_NOT_AUTHENTICATED_ERROR) }
                    track(authentication: nil, cached: false)
                }
            }
        }
    }

    /// `getAuthentication` and its variants. The Apple TV Provider filter only shapes the Apple
    /// picker, which this package does not present yet; the regular flow runs (the second-screen
    /// one with `usesSecondScreenAuthentication`).
    func getAuthentication(force: Bool, data: [String: String], filter: ProviderFilter) {
        whenConfigured { [self] in startAuthentication(force: force, data: data) }
    }

    func setSelectedProvider(_ mvpdID: String?) {
        if let mvpdID { trackSelection(of: mvpdID) }
        if authentication.answerProvider(mvpdID) { return }
        if mvpdID == nil, isPollingSecondScreen {
            // tvOS: the viewer left the code screen.
            authenticationFlow?.cancel()
            isPollingSecondScreen = false
            emit(.pickerCancelled)
            emit { $0.setAuthenticationStatus(ACCESS_ENABLER_STATUS_ERROR, errorCode: PROVIDER_NOT_SELECTED_ERROR) }
            return
        }
        if mvpdID == nil {
            if authentication.isWaitingForLogin {
                authentication.cancelWaiting()
            } else {
                emit(.pickerCancelled)
                emit { $0.setAuthenticationStatus(ACCESS_ENABLER_STATUS_ERROR, errorCode: PROVIDER_NOT_SELECTED_ERROR) }
            }
            return
        }
        authentication.preselectedMVPD = mvpdID
        whenConfigured { [self] in startAuthentication(force: true, data: [:]) }
    }

    func handleExternalURL(_ url: String?) {
        _ = authentication.answerLogin(url.flatMap(ExternalURL.parse))
    }

    // MARK: Flow

    /// Starts an authentication flow. One still running is superseded: it is cancelled and ends
    /// without a callback (choosing another MVPD with `setSelectedProvider` leads straight to
    /// the new flow's `navigate(toUrl:)`, as in the legacy SDK).
    func startAuthentication(force: Bool, data: [String: String]) {
        authenticationFlow?.cancel()
        authentication.cancelWaiting()
        isPollingSecondScreen = false
        let secondScreen = secondScreen.withLock { $0 }
        authenticationFlow = perform { [self] in
            let result = secondScreen
                ? await runSecondScreenAuthentication(force: force)
                : await runAuthentication(force: force, data: data)
            guard !Task.isCancelled else { return }
            reportAuthentication(result)
        }
    }

    /// The tvOS flow: the picker (unless an MVPD was preselected), then a registration code
    /// (`REGCODE`) and the polling of the core's second-screen sign-in.
    func runSecondScreenAuthentication(force: Bool) async -> Result<(Authentication, Bool), LegacyFailure> {
        authentication.beginFlow()
        if !force, let existing = await core.checkAuthentication().authentication {
            return .success((existing, true))
        }
        let mvpdID: String
        do {
            let providers = requestorConfiguration?.mvpds ?? []
            guard let chosen = try await authentication.selectProvider(from: providers) else {
                return .failure(LegacyFailure(code: PROVIDER_NOT_SELECTED_ERROR, error: .providerNotSelected))
            }
            mvpdID = chosen.id
        } catch {
            return .failure(LegacyFailure(code: PROVIDER_NOT_SELECTED_ERROR, error: .providerNotSelected))
        }
        var codeShown = false
        // A superseded (cancelled) flow leaves the state to the flow that replaced it.
        defer { if codeShown, !Task.isCancelled { isPollingSecondScreen = false } }
        do {
            for try await state in core.secondScreenSignIn(mvpdID: mvpdID, forceAuthentication: true) {
                switch state {
                case .showCode(let code):
                    codeShown = true
                    isPollingSecondScreen = true
                    emit(.registrationCode(code))
                case .authenticated(let authenticated):
                    return .success((authenticated, false))
                }
            }
            return .failure(LegacyFailure(code: GENERIC_AUTHENTICATION_ERROR, error: .authenticationCodeExpired))
        } catch is CancellationError {
            return .failure(LegacyFailure(code: PROVIDER_NOT_SELECTED_ERROR, error: .providerNotSelected))
        } catch {
            let error = error as? AccessEnablerError ?? .networkError
            if !codeShown, !Task.isCancelled { emit(.registrationCodeUnavailable(error.status)) }
            let code = error == .providerNotAvailable ? PROVIDER_NOT_AVAILABLE_ERROR : GENERIC_AUTHENTICATION_ERROR
            return .failure(LegacyFailure(code: code, error: error))
        }
    }

    /// Runs the core's authentication through the bridge; the legacy error code on failure.
    func runAuthentication(force: Bool, data: [String: String]) async -> Result<(Authentication, Bool), LegacyFailure> {
        authentication.beginFlow()
        do {
            let result = try await core.authenticate(forceAuthentication: force, data: data, presenter: authentication)
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
            if authenticated.mvpd.isTempPass { emit(.tempPassAuthenticated) }
            emit { $0.setAuthenticationStatus(ACCESS_ENABLER_STATUS_SUCCESS, errorCode: USER_AUTHENTICATED) }
            track(authentication: authenticated, cached: cached)
        case .failure(let failure):
            if failure.code == PROVIDER_NOT_SELECTED_ERROR { emit(.pickerCancelled) }
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
