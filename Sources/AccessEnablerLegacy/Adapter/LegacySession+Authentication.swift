import AccessEnabler
import Foundation

extension LegacySession {
    func checkAuthentication() {
        whenConfigured { [self] in
            perform { [self] in reportAuthenticationCheck(await core.checkAuthentication().authentication) }
        }
    }

    /// The report of an authentication check (`checkAuthentication`'s, and the one
    /// `checkAuthorization` makes first) for the authentication found in storage (nil: none):
    /// `N000` when there is none, `setAuthenticationStatus`, then `TRACKING_AUTHENTICATION`.
    func reportAuthenticationCheck(_ authentication: Authentication?) {
        if let authentication {
            emit { $0.setAuthenticationStatus(ACCESS_ENABLER_STATUS_SUCCESS, errorCode: USER_AUTHENTICATED) }
            track(authentication: authentication, cached: true)
        } else {
            emit(.notAuthenticated)
            emit { $0.setAuthenticationStatus(ACCESS_ENABLER_STATUS_ERROR, errorCode: USER_NOT_AUTHENTICATED_ERROR) }
            track(authentication: nil, cached: false)
        }
    }

    /// `getAuthentication` and its variants. With a partner framework in the core's
    /// configuration, the Apple TV Provider is tried first, its picker shaped by the filter
    /// (`TV_PROVIDERS`, `FEATURED_TV_PROVIDERS`); its fallbacks are reported with the legacy
    /// status codes before the regular flow runs (the login page, or the registration code with
    /// `usesSecondScreenAuthentication`).
    func getAuthentication(force: Bool, data: [String: String], filter: ProviderFilter) {
        whenConfigured { [self] in startAuthentication(force: force, data: data, filter: filter) }
    }

    /// `setSelectedProvider`: answers the picker on screen, else leaves the code screen, cancels
    /// the login page, fails as a cancelled picker, or signs in with the MVPD named
    /// (``LegacyBridgeStateMachine/providerSelected(_:)``).
    func setSelectedProvider(_ mvpdID: String?) {
        execute(state.machine.providerSelected(mvpdID))
    }

    func handleExternalURL(_ url: String?) {
        authentication.answerLogin(url.flatMap(ExternalURL.parse))
    }

    // MARK: Flow

    /// Starts an authentication flow (`getAuthentication`'s, or `getAuthorization`'s sign-in, which
    /// awaits the returned task) and reports its result. One still running is superseded: it is
    /// cancelled and ends without a callback, its task's value nil (choosing another MVPD with
    /// `setSelectedProvider` leads straight to the new flow's `navigate(toUrl:)`, as in the
    /// legacy SDK).
    ///
    /// `setSelectedProvider(id)` outside a picker forces a new sign-in with that MVPD
    /// (`unlessSignedInWith`) unless the viewer is signed in with it already: then the session
    /// answers, as a `getAuthentication` would.
    @discardableResult
    func startAuthentication(
        force: Bool, data: [String: String], filter: ProviderFilter? = nil, unlessSignedInWith mvpdID: String? = nil
    ) -> Task<AuthenticationResult?, Never> {
        let (flow, actions) = state.machine.authenticationRequested()
        execute(actions)
        let usesSecondScreen = secondScreen.withLock { $0 }
        let task = perform { [self] () -> AuthenticationResult? in
            let result = await runFlow(
                flow, force: force, data: data, filter: filter, unlessSignedInWith: mvpdID,
                secondScreen: usesSecondScreen)
            let (reported, actions) = state.machine.authenticationEnded(flow, result: result)
            execute(actions)
            return reported
        }
        authenticationFlow = (flow, task)
        return task
    }

    /// One flow's sign-in; nil when it was superseded before it began.
    private func runFlow(
        _ flow: LegacyBridgeStateMachine.FlowID, force: Bool, data: [String: String], filter: ProviderFilter?,
        unlessSignedInWith mvpdID: String?,
        secondScreen: Bool
    ) async -> AuthenticationResult? {
        var force = force
        if let mvpdID, await core.checkAuthentication().authentication?.mvpd.id == mvpdID {
            force = false
            // No picker will take the preselection: it must not reach a later flow's.
            if authentication.preselectedMVPD == mvpdID { authentication.preselectedMVPD = nil }
        }
        guard !Task.isCancelled else { return nil }
        return await signIn(flow, force: force, data: data, filter: filter, secondScreen: secondScreen)
    }

    /// The sign-in of `getAuthentication` and of `getAuthorization` for a viewer who is not
    /// signed in: a registration code with `usesSecondScreenAuthentication` (tvOS has no web
    /// view), else the login page. The tests drive both sides of this seam on Linux.
    func signIn(
        _ flow: LegacyBridgeStateMachine.FlowID, force: Bool, data: [String: String], filter: ProviderFilter? = nil,
        secondScreen: Bool
    ) async -> AuthenticationResult {
        secondScreen
            ? await runSecondScreenAuthentication(flow, force: force, data: data, filter: filter)
            : await runAuthentication(force: force, data: data, filter: filter)
    }

    /// The tvOS flow: the core's second-screen sign-in after its provider choice (so the TV
    /// Provider is tried first, and a viewer already signed in is answered at once): the picker,
    /// then a registration code (`REGCODE`) for the MVPD picked, and the polling, which the
    /// viewer leaving the code screen stops (the flow then fails as a cancelled picker does).
    func runSecondScreenAuthentication(
        _ flow: LegacyBridgeStateMachine.FlowID, force: Bool, data: [String: String], filter: ProviderFilter?
    ) async -> AuthenticationResult {
        authentication.beginFlow()
        state.machine.codeScreenOpened(flow)
        // A superseded flow leaves the screen to the flow that replaced it.
        defer {
            state.machine.codeScreenClosed(flow)
            if codePolling?.flow == flow { codePolling = nil }
        }
        let polling = Task { @MainActor [self] in
            await pollSecondScreen(flow, force: force, data: data, filter: filter)
        }
        codePolling = (flow, polling)
        return await withTaskCancellationHandler {
            await polling.value
        } onCancel: {
            polling.cancel()
        }
    }

    private func pollSecondScreen(
        _ flow: LegacyBridgeStateMachine.FlowID, force: Bool, data: [String: String], filter: ProviderFilter?
    ) async -> AuthenticationResult {
        let partnerReports = PartnerAttemptReport()
        let signIn = core.secondScreenSignInFlow(
            forceAuthentication: force, data: data, providerFilter: filter?.partnerFilter,
            picker: PartnerReportingPresenter(base: authentication, reports: partnerReports, session: self))
        var codeShown = false
        for await state in signIn {
            switch state {
            case .partnerFellBack(let reason):
                partnerReports.record(reason)
            case .providerChosen:
                partnerReports.recordChoice()
            case .codeShown(let code):
                codeShown = true
                self.state.machine.codeShown(flow)
                emit(.registrationCode(code))
            case .signedIn(let authenticated):
                return .success(authenticated, cached: !codeShown && !authentication.interacted)
            case .cancelled:
                return .failure(Self.legacyFailure(CancellationError()))
            case .failed(let error):
                // Before an MVPD was chosen, the choice failed: reported as a browser login's would be.
                guard partnerReports.choiceMade else { return .failure(Self.legacyFailure(error)) }
                if !codeShown, !Task.isCancelled { emit(.registrationCodeUnavailable(error.status)) }
                let code = error == .providerNotAvailable ? PROVIDER_NOT_AVAILABLE_ERROR : GENERIC_AUTHENTICATION_ERROR
                return .failure(LegacyFailure(code: code, error: error))
            case .choosingProvider, .partnerAttempt, .pageShown, .polling, .activated:
                continue
            }
        }
        return .failure(LegacyFailure(code: GENERIC_AUTHENTICATION_ERROR, error: .authenticationCodeExpired))
    }

    /// Runs the core's authentication through the bridge; the legacy error code on failure.
    func runAuthentication(force: Bool, data: [String: String], filter: ProviderFilter? = nil) async
        -> AuthenticationResult
    {
        authentication.beginFlow()
        let partnerReports = PartnerAttemptReport()
        let signIn = core.signInFlow(
            forceAuthentication: force, data: data, providerFilter: filter?.partnerFilter,
            presenter: PartnerReportingPresenter(base: authentication, reports: partnerReports, session: self))
        for await state in signIn {
            switch state {
            case .partnerFellBack(let reason): partnerReports.record(reason)
            case .signedIn(let result): return .success(result, cached: !authentication.interacted)
            case .failed(let error): return .failure(Self.legacyFailure(error))
            case .cancelled: return .failure(Self.legacyFailure(CancellationError()))
            default: continue
            }
        }
        return .failure(Self.legacyFailure(CancellationError()))
    }

    /// An authentication error in legacy terms.
    nonisolated static func legacyFailure(_ error: any Error) -> LegacyFailure {
        switch error {
        case let error as AccessEnablerError where error == .providerNotSelected:
            LegacyFailure(code: PROVIDER_NOT_SELECTED_ERROR, error: error)
        case let error as AccessEnablerError where error == .providerNotAvailable:
            LegacyFailure(code: PROVIDER_NOT_AVAILABLE_ERROR, error: error)
        case is CancellationError:
            LegacyFailure(code: PROVIDER_NOT_SELECTED_ERROR, error: .providerNotSelected)
        default:
            LegacyFailure(code: GENERIC_AUTHENTICATION_ERROR, error: error as? AccessEnablerError ?? .networkError)
        }
    }

    func reportAuthentication(_ result: AuthenticationResult) {
        switch result {
        case .success(let authenticated, let cached):
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
struct LegacyFailure: Error, Hashable {
    var code: String
    var error: AccessEnablerError
}

/// A sign-in's outcome: the authentication and whether it came from the cache, or the failure.
enum AuthenticationResult: Sendable, Hashable {
    case success(Authentication, cached: Bool)
    case failure(LegacyFailure)
}
