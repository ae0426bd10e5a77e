import AccessEnabler
import Foundation

/// REST API v2 authentication sessions: create, resume, read by code, and the browser route.
extension PassEmulator {
    /// How long an authentication code is valid (Adobe's samples: 30 minutes).
    static let authenticationCodeTTL: TimeInterval = 1800
    /// Expired codes are dropped once this many are kept.
    static let codeSessionPruneThreshold = 1024
    private static let codeAlphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")

    /// `POST /api/v2/{serviceProvider}/sessions` (form `mvpd`, `domainName`, `redirectUrl`) → 200
    /// with the next action: `authenticate` (interactive, the browser URL), `resume` (direct,
    /// the missing parameters), or `authorize` (direct: already `authenticated` — on this device
    /// or, with a service token, on another — `temporary` TempPass, or `degraded`).
    func createAuthenticationSession(_ request: IncomingRequest, _ context: V2Context) throws(Rejection)
        -> HTTPTransportResponse
    {
        let key = try context.deviceKey()
        let provided = try sessionParameters(request, requestor: context.requestor)
        let now = context.now
        var session = AuthCodeSession(
            code: newAuthenticationCode(), sessionID: RandomIdentifier.uuid(), key: key,
            mvpd: provided.mvpd, domainName: provided.domainName, redirectURL: provided.redirectURL,
            genericData: try Self.tempPassIdentity(request), deviceInfo: context.deviceInfo,
            userAgent: request.header("User-Agent"), notBefore: now,
            notAfter: now.addingTimeInterval(Self.authenticationCodeTTL),
            serviceTokenSubject: context.serviceTokenSubject)
        // The login this session leads to is kept under the token's subject too (or, without a
        // token, under none).
        entitlementState.loginSubjects[key] = context.serviceTokenSubject
        if forcedSessionResumes > 0 {
            forcedSessionResumes -= 1
            session.mvpd = nil
            session.domainName = nil
            session.redirectURL = nil
        }
        storeCodeSession(session)
        if !session.missingParameters.isEmpty {
            return sessionStepResponse(
                actionName: "resume", actionType: "direct", reasonType: "none",
                url: Self.sessionPath(session), session: session, withCode: true)
        }
        return try continueSession(session)
    }

    /// `POST` or `PUT /api/v2/{serviceProvider}/sessions/{code}` with `mvpd`, `domainName` and
    /// `redirectUrl` → 200 like a creation. In strict mode all three are required, as the page
    /// marks them (400 otherwise); else the missing ones are taken from the session and, if still
    /// missing, answered with `retry` (Adobe's resume sample 2). The device is the one that
    /// created the session.
    func resumeAuthenticationSession(_ request: IncomingRequest, _ context: V2Context) throws(Rejection)
        -> HTTPTransportResponse
    {
        try checkResumeParameters(request)
        var session = try codeSession(context)
        let provided = try sessionParameters(request, requestor: context.requestor)
        if let mvpd = provided.mvpd { session.mvpd = mvpd }
        if let domainName = provided.domainName { session.domainName = domainName }
        if let redirectURL = provided.redirectURL { session.redirectURL = redirectURL }
        if let identity = try Self.tempPassIdentity(request) { session.genericData = identity }
        storeCodeSession(session)
        if !session.missingParameters.isEmpty {
            return sessionStepResponse(
                actionName: "retry", actionType: "direct", reasonType: "none",
                url: Self.sessionPath(session), session: session, withCode: true)
        }
        return try continueSession(session)
    }

    /// `GET /api/v2/{serviceProvider}/sessions/{code}` → the parameters given and missing, the
    /// device that created the session, and the code's validity.
    func authenticationSessionInfo(_ context: V2Context) throws(Rejection) -> HTTPTransportResponse {
        let session = try codeSession(context)
        var members: [(String, JSONText)] = []
        let missing = session.missingParameters
        if !missing.isEmpty { members.append(("missingParameters", .array(missing.map(JSONText.string)))) }
        var existing: [(String, JSONText)] = []
        if let mvpd = session.mvpd { existing.append(("mvpd", .string(mvpd))) }
        if let domainName = session.domainName { existing.append(("domainName", .string(domainName))) }
        if let redirectURL = session.redirectURL { existing.append(("redirectUrl", .string(redirectURL))) }
        existing.append(("serviceProvider", .string(session.key.requestor)))
        members.append(("existingParameters", .object(existing)))
        members.append(("device", DeviceDescription.json(deviceInfo: session.deviceInfo, userAgent: session.userAgent)))
        members.append(("notBefore", .string(String(session.notBefore.epochMilliseconds))))
        members.append(("notAfter", .string(String(session.notAfter.epochMilliseconds))))
        return jsonResponse(200, .object(members))
    }

    /// `GET /api/v2/authenticate/{serviceProvider}/{code}` (a browser; no bearer token) → 302 to
    /// the fake MVPD login page, whose form sends the browser on to the session's redirect URL;
    /// straight to the redirect URL for auto-login, TempPass and authenticate-all MVPDs. Errors
    /// are HTML pages, as Adobe's are.
    func authenticateInBrowser(_ request: IncomingRequest) throws(Rejection) -> HTTPTransportResponse {
        let (serviceProvider, code) = EmulatorRoute.v2PathParameters(request.segments)
        let now = clock.now
        guard let code, let session = entitlementState.codeSessions[code], session.isValid(at: now),
            session.key.requestor == serviceProvider, session.missingParameters.isEmpty,
            let mvpdID = session.mvpd, let mvpd = index.mvpd(mvpdID, offeredBy: serviceProvider),
            let redirectURL = session.redirectURL
        else {
            throw .response(htmlResponse(400, MVPDLoginPage.invalidSession()))
        }
        if !mvpd.isTempPass, mvpd.degradation == .authenticateAll {
            createDegradedSession(for: session.key, mvpd: mvpd, genericData: session.genericData)
            markSignedIn(code: code, mvpd: mvpd.id)
            return redirect(to: redirectURL)
        }
        switch beginBrowserLogin(
            for: session.key, mvpd: mvpd, redirectURL: redirectURL,
            genericData: session.genericData, code: code)
        {
        case .redirect(let location): return redirect(to: location)
        case .tempPassOver, .noAutoLoginUser: throw .response(htmlResponse(400, MVPDLoginPage.invalidSession()))
        }
    }

    // MARK: - Helpers

    /// The session parameters of a create or resume call: each one is optional (missing ones
    /// are asked for), but a given one must be valid.
    private func sessionParameters(_ request: IncomingRequest, requestor: EmulatorScenario.Requestor)
        throws(Rejection) -> (mvpd: String?, domainName: String?, redirectURL: String?)
    {
        var mvpd: String?
        if let mvpdID = request.nonEmptyParameter("mvpd") {
            mvpd = try offeredMVPD(mvpdID, by: requestor).id
        }
        let domainName = request.nonEmptyParameter("domainName")
        if let domainName, !requestor.domains.contains(domainName) { throw .v2(.invalidDomainName) }
        let redirectURL = request.nonEmptyParameter("redirectUrl")
        if let redirectURL {
            guard let url = URL(string: redirectURL), url.scheme != nil else { throw .v2(.invalidRedirectURL) }
        }
        return (mvpd, domainName, redirectURL)
    }

    /// The next step of a session with every parameter: `authorize` when no browser is needed
    /// (TempPass, a valid profile, an authenticate-all rule), else `authenticate`.
    private func continueSession(_ session: AuthCodeSession) throws(Rejection) -> HTTPTransportResponse {
        guard let mvpdID = session.mvpd, let mvpd = index.mvpds[mvpdID] else {
            throw .v2(.invalidAuthenticationSession)
        }
        let authorizeURL =
            "/api/v2/" + PercentEncoding.encode(session.key.requestor) + "/decisions/authorize/"
            + PercentEncoding.encode(mvpd.id)
        func authorize(_ reason: String) -> HTTPTransportResponse {
            sessionStepResponse(
                actionName: "authorize", actionType: "direct", reasonType: reason, url: authorizeURL,
                session: session, withCode: false)
        }
        let now = clock.now
        if mvpd.isTempPass {
            guard startTempPass(for: session.key, mvpd: mvpd, genericData: session.genericData) != nil else {
                throw .v2(.temporaryAccessDurationLimitExceeded)
            }
            return authorize("temporary")
        }
        if let current = entitlementState.authentication(for: session.key, at: now).session, current.mvpd == mvpd.id {
            return authorize(current.isDegraded ? "degraded" : "authenticated")
        }
        if entitlementState.serviceTokenProfile(of: session.serviceTokenSubject, mvpd: mvpd.id)?.isVisible(at: now)
            == true
        {
            // Signed in on another device with the same service token: no browser.
            return authorize("authenticated")
        }
        if mvpd.degradation == .authenticateAll {
            createDegradedSession(for: session.key, mvpd: mvpd, genericData: session.genericData)
            return authorize("degraded")
        }
        let browserURL =
            "/api/v2/authenticate/" + PercentEncoding.encode(session.key.requestor) + "/"
            + PercentEncoding.encode(session.code)
        return sessionStepResponse(
            actionName: "authenticate", actionType: "interactive", reasonType: "none",
            url: takeForcedPageURL() ?? browserURL, session: session, withCode: true)
    }

    /// A sessions answer, in the field order of Adobe's samples. The code and its validity
    /// (`notBefore`, `notAfter`: epoch ms as strings) come with `authenticate`, `resume` and `retry`.
    private func sessionStepResponse(
        actionName: String, actionType: String, reasonType: String, url: String,
        session: AuthCodeSession, withCode: Bool
    ) -> HTTPTransportResponse {
        var members: [(String, JSONText)] = [
            ("actionName", .string(actionName)),
            ("actionType", .string(actionType)),
            ("reasonType", .string(reasonType)),
            ("url", .string(url)),
        ]
        let missing = session.missingParameters
        if !missing.isEmpty { members.append(("missingParameters", .array(missing.map(JSONText.string)))) }
        if withCode { members.append(("code", .string(session.code))) }
        members.append(("sessionId", .string(session.sessionID)))
        if let mvpd = session.mvpd { members.append(("mvpd", .string(mvpd))) }
        members.append(("serviceProvider", .string(session.key.requestor)))
        if withCode {
            members.append(("notBefore", .string(String(session.notBefore.epochMilliseconds))))
            members.append(("notAfter", .string(String(session.notAfter.epochMilliseconds))))
        }
        return jsonResponse(200, .object(members))
    }

    /// The valid session named by the code in the path, for the service provider in the path;
    /// else 400 `invalid_parameter_code` for a code this service provider never issued (a typo),
    /// or 400 `invalid_authentication_session` for one whose session has expired.
    func codeSession(_ context: V2Context) throws(Rejection) -> AuthCodeSession {
        guard let code = context.parameter, let session = entitlementState.codeSessions[code],
            session.key.requestor == context.requestor.id
        else {
            throw .v2(.invalidCodeParameter)
        }
        guard session.isValid(at: context.now) else { throw .v2(.invalidAuthenticationSession) }
        return session
    }

    func storeCodeSession(_ session: AuthCodeSession) {
        if entitlementState.codeSessions[session.code] == nil,
            entitlementState.codeSessions.count >= Self.codeSessionPruneThreshold
        {
            let now = clock.now
            entitlementState.codeSessions = entitlementState.codeSessions.filter { $0.value.isValid(at: now) }
        }
        entitlementState.codeSessions[session.code] = session
    }

    /// A new 7-character code (digits and capital letters, as in Adobe's samples), unused.
    private func newAuthenticationCode() -> String {
        var generator = SystemRandomNumberGenerator()
        while true {
            let code = String((0..<7).map { _ in Self.codeAlphabet.randomElement(using: &generator)! })
            if entitlementState.codeSessions[code] == nil { return code }
        }
    }

    private static func sessionPath(_ session: AuthCodeSession) -> String {
        "/api/v2/" + PercentEncoding.encode(session.key.requestor) + "/sessions/" + PercentEncoding.encode(session.code)
    }
}
