import AccessEnabler
import Foundation

/// The browser side: `/api/v1/authenticate`, the fake MVPD login page, and the MVPD logout
/// (`/api/v2/authenticate/…` is in the REST v2 sessions file and shares the login page).
extension PassEmulator {
    /// How long a login page stays usable after `/api/v1/authenticate` sent the browser to it.
    static let pendingLoginTTL: TimeInterval = 1800
    /// The most logins pending at once: expired ones go first, then the oldest, so that requests
    /// nobody finishes (anyone can start a v1 login without credentials) cannot grow the memory.
    static let maximumPendingLogins = 1024

    /// `GET /api/v1/authenticate?requestor_id&mso_id&domain_name&deviceId&noflash=true&no_iframe=true
    /// [&generic_data]&redirect_url=…` → 302 to the MVPD login page, or (auto-login, TempPass)
    /// straight to `redirect_url`.
    func startLogin(_ request: IncomingRequest) throws(Rejection) -> HTTPTransportResponse {
        guard let requestorID = request.nonEmptyParameter("requestor_id") ?? request.nonEmptyParameter("requestor"),
            let requestor = index.requestors[requestorID]
        else { throw .service(.invalidRequestor()) }
        guard let mvpdID = request.nonEmptyParameter("mso_id"), let mvpd = index.mvpd(mvpdID, offeredBy: requestor.id)
        else { throw .service(.unknownIntegration("mso_id is missing or not offered by the requestor.")) }
        guard let domain = request.nonEmptyParameter("domain_name"), requestor.domains.contains(domain) else {
            throw .service(.badRequest("domain_name is missing or not a domain of the requestor."))
        }
        guard let deviceID = request.nonEmptyParameter("deviceId") else { throw .service(.invalidDeviceID) }
        guard request.query["noflash"] == "true", request.query["no_iframe"] == "true" else {
            throw .service(.badRequest("noflash=true and no_iframe=true are required."))
        }
        let redirectURL = try lastRedirectURL(request)
        let key = DeviceKey(requestor: requestor.id, deviceID: deviceID)
        switch beginBrowserLogin(
            for: key, mvpd: mvpd, redirectURL: redirectURL,
            genericData: request.query["generic_data"])
        {
        case .redirect(let location): return redirect(to: location)
        case .tempPassOver: throw .service(.temporaryAccessExpired)
        case .noAutoLoginUser: throw .service(.badRequest("The auto-login MVPD has no user configured."))
        }
    }

    /// How a browser login started.
    enum BrowserLoginStart {
        /// Send the browser here: the MVPD login page, or the redirect URL when already signed in.
        case redirect(String)
        /// The TempPass window of the device is over.
        case tempPassOver
        /// An auto-login MVPD without users.
        case noAutoLoginUser
    }

    /// Starts a browser login of `key` at `mvpd` (shared by v1 `/api/v1/authenticate` and v2
    /// `/api/v2/authenticate/…`): a TempPass or auto-login MVPD signs in at once, any other MVPD
    /// gets a login link to its form, which sends the browser to `redirectURL` once signed in.
    /// A login that finishes the REST v2 authentication `code` marks that code signed in.
    func beginBrowserLogin(
        for key: DeviceKey, mvpd: EmulatorScenario.MVPD, redirectURL: String,
        genericData: String?, code: String? = nil
    ) -> BrowserLoginStart {
        if mvpd.isTempPass {
            guard startTempPass(for: key, mvpd: mvpd, genericData: genericData) != nil else { return .tempPassOver }
            markSignedIn(code: code, mvpd: mvpd.id)
            return .redirect(redirectURL)
        }
        if mvpd.autoLogin {
            guard let user = mvpd.users.first else { return .noAutoLoginUser }
            createSession(for: key, mvpd: mvpd, user: user, genericData: genericData)
            markSignedIn(code: code, mvpd: mvpd.id)
            return .redirect(redirectURL)
        }
        let loginID = RandomIdentifier.hex32()
        makeRoomForPendingLogin()
        entitlementState.nextPendingLoginSerial += 1
        entitlementState.pendingLogins[loginID] = PendingLogin(
            key: key, mvpd: mvpd.id, redirectURL: redirectURL, genericData: genericData,
            expires: clock.now.addingTimeInterval(Self.pendingLoginTTL), code: code,
            serial: entitlementState.nextPendingLoginSerial)
        return .redirect(Self.loginPagePath(mvpd: mvpd.id) + "?login=" + loginID)
    }

    /// Keeps fewer than ``maximumPendingLogins`` pending: drops the expired ones, then the oldest.
    private func makeRoomForPendingLogin() {
        guard entitlementState.pendingLogins.count >= Self.maximumPendingLogins else { return }
        let now = clock.now
        entitlementState.pendingLogins = entitlementState.pendingLogins.filter { now < $0.value.expires }
        while entitlementState.pendingLogins.count >= Self.maximumPendingLogins,
            let oldest = entitlementState.pendingLogins.min(by: { $0.value.serial < $1.value.serial })?.key
        {
            entitlementState.pendingLogins[oldest] = nil
        }
    }

    /// Marks the REST v2 authentication `code` signed in at `mvpd` (nothing without a code).
    func markSignedIn(code: String?, mvpd: String) {
        guard let code, var session = entitlementState.codeSessions[code] else { return }
        session.mvpd = mvpd
        session.signedIn = true
        entitlementState.codeSessions[code] = session
    }

    /// `GET /emulator/mvpd/{mvpd}/login?login=…` shows the form; `POST` (form-urlencoded `login`,
    /// `username`, `password`) signs in → 302 to the redirect URL, or shows the form again.
    func mvpdLogin(_ request: IncomingRequest) throws(Rejection) -> HTTPTransportResponse {
        let mvpdID = request.segments[2]
        let loginID = request.method == .post ? request.form["login"] : request.query["login"]
        let now = clock.now
        guard let mvpd = index.mvpds[mvpdID], let loginID, let pending = entitlementState.pendingLogins[loginID],
            pending.mvpd == mvpdID, now < pending.expires
        else {
            throw .response(htmlResponse(400, MVPDLoginPage.invalidLink()))
        }
        guard request.method == .post else {
            return htmlResponse(200, MVPDLoginPage.form(mvpd: mvpd, loginID: loginID, error: nil))
        }
        guard let username = request.form["username"], let user = mvpd.user(named: username),
            request.form["password"] == user.password
        else {
            let typed = request.form["username"] ?? ""
            let error =
                typed.isEmpty || (request.form["password"] ?? "").isEmpty
                ? "Enter your username and password." : "The username or password is incorrect."
            return htmlResponse(200, MVPDLoginPage.form(mvpd: mvpd, loginID: loginID, username: typed, error: error))
        }
        entitlementState.pendingLogins[loginID] = nil
        createSession(for: pending.key, mvpd: mvpd, user: user, genericData: pending.genericData)
        markSignedIn(code: pending.code, mvpd: mvpd.id)
        return redirect(to: pending.redirectURL)
    }

    /// `GET /adobe-services/logout?noflash=true&mso_id&requestor_id[&deviceId]&redirect_url=…` → 302
    /// to `redirect_url`. With a `deviceId`, the device's server-side session is cleared too.
    ///
    /// `redirect_url` must be one of the requestor's registered redirect URLs
    /// (``registeredRedirectURLs(of:)``; without a known `requestor_id`, any client's): any other
    /// is refused with a page that says why, and nothing is logged out, so the page cannot send a
    /// browser anywhere a link asks.
    func browserLogout(_ request: IncomingRequest) throws(Rejection) -> HTTPTransportResponse {
        let redirectURL = try lastRedirectURL(request)
        let requestorID = (request.nonEmptyParameter("requestor_id") ?? request.nonEmptyParameter("requestor"))
            .flatMap { index.requestors[$0]?.id }
        guard let target = URL(string: redirectURL),
            registeredRedirectURLs(of: requestorID).contains(where: { RedirectURLRule.matches(target, registered: $0) })
        else {
            throw .response(htmlResponse(400, Self.unregisteredRedirectPage(redirectURL, requestor: requestorID)))
        }
        if let requestorID, let deviceID = request.nonEmptyParameter("deviceId") {
            entitlementState.logout(DeviceKey(requestor: requestorID, deviceID: deviceID))
        }
        return redirect(to: redirectURL)
    }

    /// The redirect URLs registered for `requestorID` (any requestor when nil): those its clients
    /// registered with Dynamic Client Registration (the `redirect_uri` each sent and the ones
    /// issued with the software statement, ``EmulatorScenario/SoftwareStatementPolicy/redirectURIs``),
    /// and the statements' in any case. A client counts for the requestors it has called.
    func registeredRedirectURLs(of requestorID: String?) -> [String] {
        scenario.softwareStatements.redirectURIs + clientRegistry.redirectURIs(ofClientsOf: requestorID)
    }

    private static func unregisteredRedirectPage(_ redirectURL: String, requestor: String?) -> String {
        HTMLPage.notice(
            title: "Sign-out address not registered", heading: "This sign-out cannot return you there.",
            text: "The address it would send you to (\(redirectURL.prefix(200))) is not a redirect URL registered for "
                + "\(requestor ?? "this service provider"), so nothing was signed out. Sign out again from the app.")
    }

    /// The decoded `redirect_url`, which must be present and the last query parameter.
    private func lastRedirectURL(_ request: IncomingRequest) throws(Rejection) -> String {
        guard let redirectURL = request.query["redirect_url"], !redirectURL.isEmpty else {
            throw .service(.badRequest("redirect_url is missing."))
        }
        guard URL(string: redirectURL)?.scheme != nil else {
            throw .service(.badRequest("redirect_url is not an absolute URL."))
        }
        guard request.query.lastName == "redirect_url" else {
            throw .service(.badRequest("redirect_url must be the last parameter."))
        }
        return redirectURL
    }

    /// The path of an MVPD's login page.
    static func loginPagePath(mvpd: String) -> String {
        "/emulator/mvpd/" + PercentEncoding.encode(mvpd) + "/login"
    }
}
