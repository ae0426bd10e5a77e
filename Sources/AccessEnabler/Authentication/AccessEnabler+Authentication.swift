import Foundation

extension AccessEnabler {
    /// Whether the viewer is authenticated, from the token cache only (no network).
    ///
    /// Authenticated means a non-expired authentication exists for the current requestor and its
    /// MVPD is in the current configuration. Waits for a configuration load in progress. A login
    /// or logout another instance made on the same store since is taken first, when the store
    /// reports changes (``TokenStorage/changeMarker()``).
    public func checkAuthentication() async -> AuthenticationStatus {
        // Another instance or process on the same store may have signed in or out meanwhile.
        let status = await authenticationStatus(before: storageDeadline())
        emitCachedCheck(status)
        return status
    }

    /// The viewer's authentication, or why there is none, as ``checkAuthentication()`` reports it.
    /// With `takingStoreChanges`, a login or logout another instance stored is taken first.
    ///
    /// The same reading as ``currentSession(before:takingStoreChanges:)``, without building a
    /// ``CurrentSession``: the configuration and session copied into it, and its 409-byte result
    /// copied on the way out, were a quarter of a check's instructions. (One reading function
    /// for both, handing the configuration on in its result, cost 840 instructions a check.)
    func authenticationStatus(before deadline: TokenStorageDeadline, takingStoreChanges: Bool = true) async
        -> AuthenticationStatus
    {
        let loaded: RequestorConfiguration
        do {
            loaded = try await currentConfiguration()
        } catch {
            return .notAuthenticated(error as? AccessEnablerError ?? .requestorNotConfigured)
        }
        let stored = await storedSession(for: loaded, before: deadline, takingStoreChanges: takingStoreChanges)
        switch validSession(loaded, stored: stored) {
        case .success(let (session, mvpd)):
            return .authenticated(
                Authentication(record: session.authentication, requestorID: loaded.requestorID, mvpd: mvpd))
        case .failure(let reason):
            return .notAuthenticated(reason)
        }
    }

    /// The viewer's session, or why there is none (the reasons ``checkAuthentication()`` gives).
    /// With `takingStoreChanges`, a login or logout another instance stored is taken first.
    ///
    /// Every call that needs a session runs through here, so its async frame is kept small: what
    /// does not wait is in ``validSession(_:stored:)`` (a new task's allocator takes each frame
    /// that does not fit its slab from malloc).
    func currentSession(before deadline: TokenStorageDeadline, takingStoreChanges: Bool = true) async
        -> Result<CurrentSession, AccessEnablerError>
    {
        let loaded: RequestorConfiguration
        do {
            loaded = try await currentConfiguration()
        } catch {
            return .failure(error as? AccessEnablerError ?? .requestorNotConfigured)
        }
        let stored = await storedSession(for: loaded, before: deadline, takingStoreChanges: takingStoreChanges)
        return validSession(loaded, stored: stored).map { CurrentSession(configuration: loaded, session: $0, mvpd: $1) }
    }

    /// The session the token cache holds for `loaded`'s requestor, or the storage failure.
    private func storedSession(
        for loaded: RequestorConfiguration, before deadline: TokenStorageDeadline, takingStoreChanges: Bool
    ) async -> Result<CachedSession?, AccessEnablerError> {
        do {
            return .success(
                try await cache.session(
                    for: loaded.requestorID, before: deadline, takingStoreChanges: takingStoreChanges))
        } catch {
            return .failure(error)
        }
    }

    /// The session `stored` for `loaded`'s requestor with its MVPD as the configuration describes
    /// it, if it is valid now and the MVPD is in the configuration (``CachedSession/valid(_:at:)``,
    /// as for every call).
    @inline(never)
    private func validSession(_ loaded: RequestorConfiguration, stored: Result<CachedSession?, AccessEnablerError>)
        -> Result<(CachedSession, MVPD), AccessEnablerError>
    {
        let session: CachedSession
        do {
            session = try CachedSession.valid(stored.get(), at: clock.now)
        } catch {
            return .failure(error)
        }
        guard let mvpd = loaded.mvpd(withID: session.authentication.mvpd.id) else {
            return .failure(.providerNotAvailable)
        }
        return .success((session, mvpd))
    }

    /// Reports a check the token cache answered.
    func emitCachedCheck(_ status: AuthenticationStatus) {
        hub.emit(
            .authenticationChecked(
                .init(
                    isAuthenticated: status.isAuthenticated, mvpdID: status.authentication?.mvpd.id,
                    userID: status.authentication?.userID, fromCache: true)))
    }

    /// Signs the viewer in with a TV provider, unless already signed in, trying the partner
    /// framework of ``Configuration/partnerFramework`` (Apple's TV Provider) first.
    ///
    /// With a partner framework on REST API v2, an unauthenticated viewer is first offered the
    /// partner's picker with the MVPDs enabled for it (narrowed and ordered by `providerFilter`);
    /// when the partner signs them in, the SDK exchanges its response for an `appleSSO` profile
    /// with no browser step. Every documented fallback — permission not granted, a provider the
    /// partner does not sign in, no partner sign-in, the server's `pfs_fallback` or
    /// `configuration_fallback`, a status or response the server rejects — continues with
    /// `presenter` without an error; ``EntitlementEvent/partnerSingleSignOn(_:)`` says what
    /// happened.
    ///
    /// Otherwise (and without a partner framework) asks `presenter` to pick an MVPD, then either
    /// authenticates at once (TempPass) or has the presenter load the MVPD login page until it
    /// reaches ``Configuration/redirectURL``; then fetches and stores the authentication.
    /// Cancelling (a nil MVPD, a `CancellationError` from the presenter, or cancelling the task)
    /// abandons only this attempt.
    ///
    /// - Parameters:
    ///   - forceAuthentication: Run the flow even when already authenticated.
    ///   - data: Key/value pairs forwarded to the server (for example a Promotional TempPass
    ///     identity).
    ///   - providerFilter: The MVPDs the partner's picker offers, in order; nil offers every MVPD
    ///     enabled for the partner.
    ///   - presenter: The picker and browser.
    /// - Throws: ``AccessEnablerError/providerNotSelected`` when the viewer cancels the picker
    ///   (or dismisses the partner's picker or login),
    ///   ``AccessEnablerError/invalidRedirectURL`` when the login ends elsewhere,
    ///   ``AccessEnablerError/storageFailure`` when the authentication could not be stored (it is
    ///   kept in memory, so this instance is signed in, but the next launch would not be),
    ///   ``AccessEnablerError/authenticationSessionExpired`` when the server issued an
    ///   authentication that had already expired by this device's clock (nothing is stored: every
    ///   later check compares with the same clock, so the viewer is not signed in, and signing in
    ///   again is the recovery if the server's clock was wrong; a device clock far ahead shows up
    ///   here), or the server's error.
    @discardableResult
    public func authenticate(
        forceAuthentication: Bool = false, data: [String: String] = [:], providerFilter: PartnerProviderFilter? = nil,
        presenter: any AuthenticationPresenter
    ) async throws -> Authentication {
        try await signInFlow(
            forceAuthentication: forceAuthentication, data: data, providerFilter: providerFilter, presenter: presenter
        ).authentication()
    }

    /// The sign-in of ``authenticate(forceAuthentication:data:providerFilter:presenter:)`` as a
    /// ``SignInFlow``: the states it goes through, from the provider choice (the viewer's
    /// session, the partner framework, `presenter`'s picker) through the login page and the poll
    /// to the authentication it keeps, or how it failed.
    ///
    /// Nothing happens until the flow is iterated. Its states and events are those of
    /// `authenticate`, and a failure ends it with the error `authenticate` throws
    /// (``SignInFlow/State/failed(_:)``) or, when cancelled, ``SignInFlow/State/cancelled``.
    ///
    /// - Parameters:
    ///   - forceAuthentication: Run the flow even when already authenticated.
    ///   - data: Key/value pairs forwarded to the server (for example a Promotional TempPass
    ///     identity).
    ///   - providerFilter: The MVPDs the partner's picker offers, in order; nil offers every MVPD
    ///     enabled for the partner.
    ///   - presenter: The picker and browser.
    public nonisolated func signInFlow(
        forceAuthentication: Bool = false, data: [String: String] = [:], providerFilter: PartnerProviderFilter? = nil,
        presenter: any AuthenticationPresenter
    ) -> SignInFlow {
        SignInFlow(
            enabler: self,
            plan: SignInFlow.Plan(
                kind: .browser(presenter: presenter),
                choice: ProviderChoice(
                    answersSignedIn: !forceAuthentication, triesPartner: true, partnerFilter: providerFilter,
                    picker: presenter),
                data: data))
    }

    /// Whether `url` is where a flow that was told to end at `redirectURL` ended: the same scheme,
    /// host, port and path. Query and fragment may differ; a look-alike such as
    /// `adobepass://ios.app.evil.com` or another path does not match. Presenters use it to know
    /// when to stop.
    public static func isRedirect(_ url: URL, to redirectURL: URL) -> Bool {
        matches(url, redirectURL: redirectURL)
    }

    static func matches(_ url: URL, redirectURL: URL) -> Bool {
        guard let landed = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let expected = URLComponents(url: redirectURL, resolvingAgainstBaseURL: true)
        else { return false }
        func normalizedPath(_ path: String) -> String { path.isEmpty ? "/" : path }
        return landed.scheme?.lowercased() == expected.scheme?.lowercased()
            && landed.host?.lowercased() == expected.host?.lowercased()
            && landed.port == expected.port
            && normalizedPath(landed.percentEncodedPath) == normalizedPath(expected.percentEncodedPath)
    }

    /// The MVPD the viewer last picked for the current requestor (kept until logout).
    public func selectedProvider() async -> MVPD? {
        guard let requestorID = requestor.requestorID else { return nil }
        guard let stored = try? await cache.selectedMVPD(for: requestorID, before: storageDeadline()) else {
            return nil
        }
        return requestor.configuration?.mvpd(withID: stored.id) ?? stored
    }
}
