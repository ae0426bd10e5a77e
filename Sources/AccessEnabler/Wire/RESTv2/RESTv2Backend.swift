import Foundation

/// REST API v2 (https://experienceleague.adobe.com/en/docs/pass/authentication/integration-guide-programmers/rest-apis/rest-api-v2/rest-api-v2-apis/): the protocol
/// Adobe keeps alive after 2026.
///
/// Where an earlier description of the API and Adobe's own pages differ, Adobe's pages win
/// because the live service follows them: a session is resumed with `POST /sessions/{code}` and logout is
/// `GET /logout/{mvpd}`. Each call sends only the headers and parameters its page lists
/// (Adobe's checklist, "Follow APIs References"); see ``WireEndpoint/headers(_:temporaryPassIdentity:)``.
/// It offers the second-screen sign-in and partner single sign-on.
final class RESTv2Backend: EntitlementBackend, SecondScreenCapability, PartnerSignOnCapability {
    let wire: WireClient
    let clock: any AccessEnablerClock

    init(wire: WireClient, clock: any AccessEnablerClock) {
        self.wire = wire
        self.clock = clock
    }

    /// How many `resume`/`retry` rounds a session may take before the SDK gives up.
    static let maximumSessionRounds = 3

    var issuesMediaTokenWithAuthorization: Bool { true }
    var cachesConfiguration: Bool { true }
    var sendsApplicationProfile: Bool { false }
    var secondScreen: (any SecondScreenCapability)? { self }
    var partnerSignOn: (any PartnerSignOnCapability)? { self }

    // MARK: Configuration

    func configuration(from serviceProvider: ServiceProvider, context: RequestContext) async throws
        -> ServiceProviderConfiguration
    {
        let request = WireEndpoint.configurationV2.request(
            serviceProvider.url(path(context, "configuration")), context: context)
        return try await wire.fetch(ConfigurationBody.self, request, to: serviceProvider, context: context)
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
            .createSession, serviceProvider.url(path(context, "sessions")), form: parameters,
            serviceProvider: serviceProvider, context: context)
        for _ in 0..<Self.maximumSessionRounds {
            if let step = try Self.step(of: session, at: serviceProvider) { return step }
            guard let code = session.code, !code.isEmpty else {
                throw AccessEnablerError.serverResponseFormatUnknown.with(underlying: "resume without code")
            }
            // The resume page marks all three parameters required, whatever
            // `missingParameters` lists.
            session = try await sessionCall(
                .resumeSession, serviceProvider.url(path(context, "sessions/\(PercentEncoding.pathSegment(code))")),
                form: parameters, serviceProvider: serviceProvider, context: context)
        }
        throw AccessEnablerError.invalidArgument.with(
            details: "The service provider kept asking for session parameters the SDK has already sent.")
    }

    /// What a session answer asks for: the browser step (`authenticate`), nothing more
    /// (`authorize`: already authenticated, TempPass, or degraded access), or nil when it asks for
    /// the parameters again (`resume`, `retry`).
    static func step(of session: SessionBody, at serviceProvider: ServiceProvider) throws -> AuthenticationStep? {
        switch session.actionName {
        case "authenticate":
            guard let location = session.url, let url = serviceProvider.resolve(location) else {
                throw AccessEnablerError.serverResponseFormatUnknown.with(underlying: "session without url")
            }
            return .interactive(url, codeExpires: session.notAfter?.date)
        case "authorize":
            return .complete
        case "resume", "retry":
            return nil
        default:
            throw AccessEnablerError.serverResponseFormatUnknown.with(underlying: "unknown session action")
        }
    }

    func sessionCall(
        _ endpoint: WireEndpoint, _ url: URL, form: [String: String], serviceProvider: ServiceProvider,
        context: RequestContext
    ) async throws -> SessionBody {
        // Sorting the keys, not the pairs: every sort of another element type is more code.
        let items = form.keys.sorted().map { ($0, form[$0] ?? "") }
        let request = endpoint.request(url, context: context, body: .form(items))
        return try await wire.fetch(SessionBody.self, request, to: serviceProvider, context: context)
    }

    // MARK: Profiles

    func completeAuthentication(
        mvpd: MVPD, configuration: RequestorConfiguration, data: [String: String], context: RequestContext
    ) async throws -> AuthenticationRecord? {
        let serviceProvider = try ServiceProvider.validated(mvpd.serviceProvider)
        // A Promotional TempPass identity goes with the profile call, whose page lists
        // AP-TempPass-Identity; the sessions pages do not.
        guard let profile = try await profile(for: mvpd.id, at: serviceProvider, data: data, context: context) else {
            return nil
        }
        return record(of: profile, mvpd: mvpd, at: serviceProvider)
    }

    func authentications(
        at serviceProvider: ServiceProvider, configuration: RequestorConfiguration,
        context: RequestContext
    ) async throws -> [AuthenticationRecord] {
        let url = serviceProvider.url(path(context, "profiles"))
        let profiles = try await wire.fetch(
            ProfilesBody.self, WireEndpoint.profiles.request(url, context: context), to: serviceProvider,
            context: context
        ).profiles
        return records(of: profiles, configuration: configuration, at: serviceProvider)
    }

    /// A profiles map's records in MVPD order, each bound to its MVPD of `configuration` (a bare
    /// MVPD at `serviceProvider` when the configuration does not list it).
    func records(
        of profiles: [String: ProfilesBody.Profile], configuration: RequestorConfiguration,
        at serviceProvider: ServiceProvider
    ) -> [AuthenticationRecord] {
        profiles.keys.sorted().compactMap { id in
            guard let profile = profiles[id] else { return nil }
            let mvpd = configuration.mvpd(withID: id) ?? MVPD(id: id, serviceProvider: serviceProvider.baseURL)
            return record(of: profile, mvpd: mvpd, at: serviceProvider)
        }
    }

    func record(of profile: ProfilesBody.Profile, mvpd: MVPD, at serviceProvider: ServiceProvider)
        -> AuthenticationRecord
    {
        let attributes = Self.attributes(of: profile)
        return AuthenticationRecord(
            mvpd: mvpd, userID: attributes["userID"]?.value.stringValue ?? "", expires: profile.notAfter.date,
            issued: clock.now, serviceProvider: serviceProvider.baseURL, attributes: attributes,
            profileType: profile.type)
    }

    private func profile(
        for mvpdID: String, at serviceProvider: ServiceProvider, data: [String: String] = [:], context: RequestContext
    ) async throws -> ProfilesBody.Profile? {
        let url = serviceProvider.url(path(context, "profiles/\(PercentEncoding.pathSegment(mvpdID))"))
        let request = WireEndpoint.profile.request(url, context: context, temporaryPassIdentity: data)
        // An empty map means "not authenticated" (or not yet); expired profiles simply disappear.
        return try await wire.fetch(ProfilesBody.self, request, to: serviceProvider, context: context).profiles[mvpdID]
    }

    static func attributes(of profile: ProfilesBody.Profile) -> [String: AuthenticationRecord.ProfileAttribute] {
        (profile.attributes ?? [:]).mapValues { .init(value: $0.value, isEncrypted: $0.state == "enc") }
    }

    // MARK: Decisions

    func preauthorize(
        _ resources: [String], session: AuthenticationRecord, bypassRemoteCache: Bool,
        context: RequestContext
    ) async throws -> [Decision] {
        if bypassRemoteCache {
            // v1's `Cache-Control: no-cache` has no v2 counterpart, and its pages list no such
            // header: sending one risks a 400.
            wire.log.debug(
                "preauthorize: REMOTE_CACHE disabled, but REST API v2 has no remote-cache switch; nothing sent")
        }
        let items = try await decisions(
            PreauthorizeDecisionsBody.self, .preauthorizeDecisions, resources: resources, session: session, data: [:],
            context: context
        ).decisions
        return items.map {
            Decision(
                id: $0.resource, isAuthorized: $0.authorized, error: $0.error,
                source: $0.source.map(Decision.Source.init))
        }
    }

    func authorize(
        _ resource: String, data: [String: String], session: AuthenticationRecord,
        context: RequestContext
    ) async throws -> AuthorizationGrant {
        let items = try await decisions(
            DecisionsBody.self, .authorizeDecisions, resources: [resource], session: session, data: data,
            context: context
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

    func mediaToken(
        for authorization: AuthorizationRecord, session: AuthenticationRecord,
        context: RequestContext
    ) async throws -> MediaToken {
        // v2 issues media tokens with each authorization decision.
        guard
            let token = try await authorize(authorization.resource, data: [:], session: session, context: context)
                .mediaToken
        else { throw AccessEnablerError.serverResponseFormatUnknown }
        return token
    }

    /// `POST decisions/preauthorize|authorize/{mvpd}`, decoded as `Body`.
    private func decisions<Body: Decodable>(
        _ body: Body.Type, _ endpoint: WireEndpoint, resources: [String], session: AuthenticationRecord,
        data: [String: String], context: RequestContext
    ) async throws -> Body {
        let serviceProvider = try ServiceProvider.validated(session.serviceProvider)
        let kind = endpoint == .authorizeDecisions ? "authorize" : "preauthorize"
        let url = serviceProvider.url(
            path(context, "decisions/\(kind)/\(PercentEncoding.pathSegment(session.mvpd.id))"))
        let json = try JSONEncoder().encode(DecisionsRequestBody(resources: resources))
        let request = endpoint.request(url, context: context, body: .json(json), temporaryPassIdentity: data)
        return try await wire.fetch(Body.self, request, to: serviceProvider, context: context)
    }

    // MARK: User metadata

    func userMetadata(session: AuthenticationRecord, context: RequestContext) async throws -> UserMetadataRecord {
        let serviceProvider = try ServiceProvider.validated(session.serviceProvider)
        guard let profile = try await profile(for: session.mvpd.id, at: serviceProvider, context: context) else {
            throw AccessEnablerError(
                Status(
                    status: 403, code: AccessEnablerError.Code.authenticatedProfileMissing.rawValue,
                    message: "No authenticated profile.",
                    action: .authentication))
        }
        let attributes = Self.attributes(of: profile)
        return UserMetadataRecord(
            values: attributes.mapValues(\.value), encryptedKeys: Set(attributes.filter(\.value.isEncrypted).keys),
            expires: min(profile.notAfter.date, session.expires))
    }

    // MARK: Logout

    /// Follows the action of each removed profile (checklist: Logout Support): `logout` opens
    /// its URL in a browser, `partner_logout` (an `appleSSO` profile) asks the viewer to sign out
    /// in the system's TV Provider settings too, `complete` and `invalid` need nothing. The
    /// profile of the session's MVPD comes first.
    func logout(session: AuthenticationRecord, context: RequestContext) async throws -> [LogoutStep] {
        let serviceProvider = try ServiceProvider.validated(session.serviceProvider)
        let url = serviceProvider.url(
            path(context, "logout/\(PercentEncoding.pathSegment(session.mvpd.id))"),
            query: [("redirectUrl", context.redirectURL.absoluteString)])
        let body = try await wire.fetch(
            LogoutBody.self, WireEndpoint.logoutV2.request(url, context: context), to: serviceProvider,
            context: context)
        // The session's MVPD first, then the others by ID.
        var ordered = body.logouts.keys.sorted()
        if let own = ordered.firstIndex(of: session.mvpd.id) { ordered.insert(ordered.remove(at: own), at: 0) }
        return ordered.compactMap { mvpdID in
            guard let action = body.logouts[mvpdID] else { return nil }
            switch action.actionName {
            case "logout":
                guard let location = action.url, let browser = serviceProvider.resolve(location) else {
                    return .complete
                }
                return .interactive(browser)
            case "partner_logout":
                return .partner(mvpdID: action.mvpd ?? mvpdID)
            default:
                return .complete
            }
        }
    }

    // MARK: Helpers

    func path(_ context: RequestContext, _ rest: String) -> String {
        "/api/v2/\(PercentEncoding.pathSegment(context.requestorID))/\(rest)"
    }
}
