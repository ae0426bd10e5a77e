import Foundation

/// REST API v2 (wire-protocol-v2.md): the protocol Adobe keeps alive after 2026.
///
/// Where the spec's table and Adobe's own pages differ, Adobe's pages win because the live
/// service follows them: a session is resumed with `POST /sessions/{code}` and logout is
/// `GET /logout/{mvpd}`.
struct RESTv2Backend: EntitlementBackend {
    let wire: WireClient
    let clock: any AccessEnablerClock

    /// How many `resume`/`retry` rounds a session may take before the SDK gives up.
    static let maximumSessionRounds = 3

    var issuesMediaTokenWithAuthorization: Bool { true }

    // MARK: Configuration

    func configuration(from serviceProvider: ServiceProvider, context: RequestContext) async throws
        -> ServiceProviderConfiguration
    {
        let request = HTTPRequest(url: serviceProvider.url(path(context, "configuration")), headers: headers(context))
        return try await wire.fetch(ConfigurationBody.self, request, .configuration, to: serviceProvider, context: context)
            .configuration(of: serviceProvider)
    }

    // MARK: Sessions

    func startAuthentication(mvpd: MVPD, domain: String?, data: [String: String], context: RequestContext)
        async throws -> AuthenticationStep
    {
        let serviceProvider = try ServiceProvider.validated(mvpd.serviceProvider)
        let parameters = [
            "mvpd": mvpd.id, "domainName": domain ?? "", "redirectUrl": context.redirectURL.absoluteString,
        ]
        var session = try await sessionCall(
            serviceProvider.url(path(context, "sessions")), form: parameters, endpoint: .sessions,
            serviceProvider: serviceProvider, data: data, context: context)
        for _ in 0..<Self.maximumSessionRounds {
            switch session.actionName {
            case "authenticate":
                guard let location = session.url, let url = serviceProvider.resolve(location) else {
                    throw AccessEnablerError.serverResponseFormatUnknown.with(underlying: "session without url")
                }
                return .interactive(url)
            case "authorize":
                // Already authenticated, TempPass, or degraded access: no browser step.
                return .complete
            case "resume", "retry":
                guard let code = session.code, !code.isEmpty else {
                    throw AccessEnablerError.serverResponseFormatUnknown.with(underlying: "resume without code")
                }
                session = try await sessionCall(
                    serviceProvider.url(path(context, "sessions/\(PercentEncoding.pathSegment(code))")),
                    form: Self.resumeParameters(session.missingParameters, from: parameters), endpoint: .sessions,
                    serviceProvider: serviceProvider, data: data, context: context)
            default:
                throw AccessEnablerError.serverResponseFormatUnknown.with(underlying: "unknown session action")
            }
        }
        throw AccessEnablerError.invalidArgument.with(
            details: "The service provider kept asking for session parameters the SDK has already sent.")
    }

    /// The parameters a `resume` asks for. Adobe names the domain `domain` in `missingParameters`
    /// and `domainName` in the form; an empty list means "send them all".
    static func resumeParameters(_ missing: [String]?, from all: [String: String]) -> [String: String] {
        guard let missing, !missing.isEmpty else { return all }
        var parameters: [String: String] = [:]
        for name in missing {
            let key = name == "domain" ? "domainName" : name
            if let value = all[key] { parameters[key] = value }
        }
        return parameters.isEmpty ? all : parameters
    }

    private func sessionCall(
        _ url: URL, form: [String: String], endpoint: WireEndpoint, serviceProvider: ServiceProvider,
        data: [String: String], context: RequestContext
    ) async throws -> SessionBody {
        let body = Data(PercentEncoding.query(form.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }).utf8)
        var headers = headers(context, temporaryPassIdentity: data)
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        let request = HTTPRequest(method: .post, url: url, headers: headers, body: body)
        return try await wire.fetch(SessionBody.self, request, endpoint, to: serviceProvider, context: context)
    }

    // MARK: Profiles

    func completeAuthentication(mvpd: MVPD, configuration: RequestorConfiguration, context: RequestContext)
        async throws -> AuthenticationRecord
    {
        let serviceProvider = try ServiceProvider.validated(mvpd.serviceProvider)
        let profile = try await profile(for: mvpd.id, at: serviceProvider, context: context)
        guard let profile else {
            throw AccessEnablerError.authenticationSessionMissing.with(
                details: "The service provider has no profile for \(mvpd.id) after authentication.")
        }
        let attributes = Self.attributes(of: profile)
        return AuthenticationRecord(
            mvpd: mvpd, userID: attributes["userID"]?.value.stringValue ?? "", expires: profile.notAfter.date,
            issued: clock.now, serviceProvider: serviceProvider.baseURL, attributes: attributes)
    }

    private func profile(for mvpdID: String, at serviceProvider: ServiceProvider, context: RequestContext) async throws
        -> ProfilesBody.Profile?
    {
        let url = serviceProvider.url(path(context, "profiles/\(PercentEncoding.pathSegment(mvpdID))"))
        // An empty map means "not authenticated"; expired profiles simply disappear.
        return try await wire.fetch(
            ProfilesBody.self, HTTPRequest(url: url, headers: headers(context)), .profiles, to: serviceProvider,
            context: context
        ).profiles[mvpdID]
    }

    static func attributes(of profile: ProfilesBody.Profile) -> [String: AuthenticationRecord.ProfileAttribute] {
        (profile.attributes ?? [:]).mapValues { .init(value: $0.value, isEncrypted: $0.state == "enc") }
    }

    // MARK: Decisions

    func preauthorize(_ resources: [String], session: AuthenticationRecord, bypassRemoteCache: Bool,
                      context: RequestContext) async throws -> [Decision]
    {
        let items = try await decisions(
            PreauthorizeDecisionsBody.self, .preauthorizeDecisions, resources: resources, session: session,
            bypassRemoteCache: bypassRemoteCache, data: [:], context: context
        ).decisions
        return items.map {
            Decision(
                id: $0.resource, isAuthorized: $0.authorized, error: $0.error,
                source: $0.source.map(Decision.Source.init))
        }
    }

    func authorize(_ resource: String, data: [String: String], session: AuthenticationRecord,
                   context: RequestContext) async throws -> AuthorizationGrant
    {
        let items = try await decisions(
            DecisionsBody.self, .authorizeDecisions, resources: [resource], session: session, bypassRemoteCache: false,
            data: data, context: context
        ).decisions
        guard let item = items.first(where: { $0.resource == resource }) else {
            throw AccessEnablerError.serverResponseFormatUnknown.with(underlying: "no decision for the resource")
        }
        guard item.authorized else {
            // A denial comes inside a 200, with the item-level error.
            throw AccessEnablerError(item.error ?? AccessEnablerError.authorizationDeniedByMVPD.status)
        }
        guard let token = item.token else {
            throw AccessEnablerError.serverResponseFormatUnknown.with(underlying: "granted decision without token")
        }
        let authorization = AuthorizationRecord(
            resource: resource, expires: min(item.notAfter?.date ?? token.notAfter.date, session.expires),
            mvpdID: item.mvpd ?? session.mvpd.id)
        let mediaToken = MediaToken(
            resource: resource, serializedToken: token.serializedToken.value, expires: token.notAfter.date,
            mvpdID: item.mvpd ?? session.mvpd.id, userID: session.userID, requestor: context.requestorID)
        return AuthorizationGrant(authorization: authorization, mediaToken: mediaToken)
    }

    func mediaToken(for authorization: AuthorizationRecord, session: AuthenticationRecord,
                    context: RequestContext) async throws -> MediaToken
    {
        // v2 issues media tokens with each authorization decision.
        guard let token = try await authorize(authorization.resource, data: [:], session: session, context: context)
            .mediaToken
        else { throw AccessEnablerError.serverResponseFormatUnknown }
        return token
    }

    /// `POST decisions/preauthorize|authorize/{mvpd}`, decoded as `Body`.
    private func decisions<Body: Decodable>(
        _ body: Body.Type, _ endpoint: WireEndpoint, resources: [String], session: AuthenticationRecord,
        bypassRemoteCache: Bool, data: [String: String], context: RequestContext
    ) async throws -> Body {
        let serviceProvider = try ServiceProvider.validated(session.serviceProvider)
        let kind = endpoint == .authorizeDecisions ? "authorize" : "preauthorize"
        let url = serviceProvider.url(path(context, "decisions/\(kind)/\(PercentEncoding.pathSegment(session.mvpd.id))"))
        let body = try JSONEncoder().encode(DecisionsRequestBody(resources: resources))
        var headers = headers(context, temporaryPassIdentity: data)
        headers["Content-Type"] = "application/json"
        if bypassRemoteCache { headers["Cache-Control"] = "no-cache" }
        let request = HTTPRequest(method: .post, url: url, headers: headers, body: body)
        return try await wire.fetch(Body.self, request, endpoint, to: serviceProvider, context: context)
    }

    // MARK: User metadata

    func userMetadata(session: AuthenticationRecord, context: RequestContext) async throws -> UserMetadataRecord {
        let serviceProvider = try ServiceProvider.validated(session.serviceProvider)
        guard let profile = try await profile(for: session.mvpd.id, at: serviceProvider, context: context) else {
            throw AccessEnablerError(Status(
                status: 403, code: "authenticated_profile_missing", message: "No authenticated profile.",
                action: .authentication))
        }
        let attributes = Self.attributes(of: profile)
        return UserMetadataRecord(
            values: attributes.mapValues(\.value), encryptedKeys: Set(attributes.filter(\.value.isEncrypted).keys),
            expires: min(profile.notAfter.date, session.expires))
    }

    // MARK: Logout

    func logout(session: AuthenticationRecord, context: RequestContext) async throws -> LogoutStep {
        let serviceProvider = try ServiceProvider.validated(session.serviceProvider)
        let url = serviceProvider.url(
            path(context, "logout/\(PercentEncoding.pathSegment(session.mvpd.id))"),
            query: [("redirectUrl", context.redirectURL.absoluteString)])
        let body = try await wire.fetch(
            LogoutBody.self, HTTPRequest(url: url, headers: headers(context)), .logout, to: serviceProvider,
            context: context)
        guard let action = body.logouts[session.mvpd.id] ?? body.logouts.values.first,
            action.actionName == "logout", let location = action.url, let browser = serviceProvider.resolve(location)
        else { return .complete }
        return .interactive(browser)
    }

    // MARK: Helpers

    private func path(_ context: RequestContext, _ rest: String) -> String {
        "/api/v2/\(PercentEncoding.pathSegment(context.requestorID))/\(rest)"
    }

    /// The v2 headers: the common ones, the device identifier, the visitor ID, and the
    /// Promotional TempPass identity when the app passed data.
    private func headers(_ context: RequestContext, temporaryPassIdentity data: [String: String] = [:]) -> HTTPHeaders {
        var headers = context.commonHeaders
        headers.add(name: "AP-Device-Identifier", value: context.deviceIdentifierHeader)
        if let visitor = context.options.visitorID, !visitor.isEmpty { headers["AP-Visitor-Identifier"] = visitor }
        if !data.isEmpty, let identity = GenericData.json(data) {
            headers["AP-TempPass-Identity"] = Data(identity.utf8).base64EncodedString()
        }
        return headers
    }
}
