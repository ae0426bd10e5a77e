import Foundation

/// REST API v1 (https://experienceleague.adobe.com/en/docs/pass/authentication/integration-guide-programmers/legacy/rest-api-v1/rest-api-reference):
/// the legacy "clientless" API, kept for the remaining v1
/// integrations and for parity with the legacy SDK.
///
/// Its registration-code service (`/reggie/v1/…`) is not offered: Adobe's public pages leave parts
/// of it undocumented (the answer to an unknown or expired code, the polling rules), so the SDK
/// does not guess. Nor is partner single sign-on, which REST API v1 does not have.
final class RESTv1Backend: EntitlementBackend {
    let wire: WireClient
    let clock: any AccessEnablerClock

    init(wire: WireClient, clock: any AccessEnablerClock) {
        self.wire = wire
        self.clock = clock
    }

    var issuesMediaTokenWithAuthorization: Bool { false }
    var cachesConfiguration: Bool { false }
    var sendsApplicationProfile: Bool { true }
    var secondScreen: (any SecondScreenCapability)? { nil }
    var partnerSignOn: (any PartnerSignOnCapability)? { nil }

    // MARK: C — configuration

    func configuration(from serviceProvider: ServiceProvider, context: RequestContext) async throws
        -> ServiceProviderConfiguration
    {
        let url = serviceProvider.url(
            "/api/v1/config/" + PercentEncoding.pathSegment(context.requestorID), query: context.commonQuery)
        return try await wire.fetch(
            ConfigurationBody.self, WireEndpoint.configuration.request(url, context: context), to: serviceProvider,
            context: context
        )
        .configuration(of: serviceProvider)
    }

    // MARK: A1 / A2 — start authentication

    func startAuthentication(mvpd: MVPD, domain: String?, data: [String: String], context: RequestContext)
        async throws -> AuthenticationStep
    {
        let serviceProvider = try ServiceProvider.validated(mvpd.serviceProvider)
        if mvpd.isTempPass {
            var form = [
                ("requestor_id", context.requestorID), ("deviceId", context.deviceID), ("mso_id", mvpd.id),
                ("domain_name", domain ?? ""),
            ]
            if let genericData = GenericData.json(data) { form.append(("generic_data", genericData)) }
            let url = serviceProvider.url("/api/v1/authenticate/freepreview", query: context.optionalQuery)
            let request = WireEndpoint.freePreview.request(url, context: context, body: .form(form))
            let response = try await wire.sendProtected(request, to: serviceProvider, context: context)
            try wire.requireSuccess(response, .freePreview)
            return .complete
        }
        var query = [
            ("requestor_id", context.requestorID), ("mso_id", mvpd.id), ("domain_name", domain ?? ""),
            ("deviceId", context.deviceID), ("noflash", "true"), ("no_iframe", "true"),
        ]
        if let genericData = GenericData.json(data) { query.append(("generic_data", genericData)) }
        query += context.optionalQuery
        // redirect_url must be the last parameter.
        query.append(("redirect_url", context.redirectURL.absoluteString))
        return .interactive(serviceProvider.url("/api/v1/authenticate", query: query), codeExpires: nil)
    }

    // MARK: A3 — authN token

    func completeAuthentication(
        mvpd: MVPD, configuration: RequestorConfiguration, data: [String: String], context: RequestContext
    ) async throws -> AuthenticationRecord? {
        // The v1 authN token is there once the browser step is done: a 404 is an error, not "not yet".
        let serviceProvider = try ServiceProvider.validated(mvpd.serviceProvider)
        return try await authenticationToken(
            at: serviceProvider, picked: mvpd, configuration: configuration, context: context)
    }

    func authentications(
        at serviceProvider: ServiceProvider, configuration: RequestorConfiguration,
        context: RequestContext
    ) async throws -> [AuthenticationRecord] {
        do {
            return [
                try await authenticationToken(
                    at: serviceProvider, picked: nil, configuration: configuration,
                    context: context)
            ]
        } catch let error as AccessEnablerError
            where error.code == .authenticationSessionMissing || error.code == .authenticationSessionExpired
        {
            // 404 / 410: the device has no authentication.
            return []
        }
    }

    /// `GET /api/v1/tokens/authn`: the device's authN token, bound to its MVPD as the
    /// configuration lists it, else as the viewer `picked` it, else to this service provider.
    private func authenticationToken(
        at serviceProvider: ServiceProvider, picked: MVPD?, configuration: RequestorConfiguration,
        context: RequestContext
    ) async throws -> AuthenticationRecord {
        let url = serviceProvider.url("/api/v1/tokens/authn", query: context.commonQuery)
        let body = try await wire.fetch(
            AuthenticationTokenBody.self, WireEndpoint.authenticationToken.request(url, context: context),
            to: serviceProvider, context: context)
        let authenticated =
            configuration.mvpd(withID: body.mvpd.value) ?? picked
            ?? MVPD(id: body.mvpd.value, serviceProvider: serviceProvider.baseURL)
        return AuthenticationRecord(
            mvpd: authenticated, userID: body.userId.value, expires: body.expires.date, issued: clock.now,
            serviceProvider: serviceProvider.baseURL, attributes: nil)
    }

    // MARK: P — preauthorize

    func preauthorize(
        _ resources: [String], session: AuthenticationRecord, bypassRemoteCache: Bool,
        context: RequestContext
    ) async throws -> [Decision] {
        let serviceProvider = try ServiceProvider.validated(session.serviceProvider)
        // Each ID is encoded on its own so that a comma inside an ID cannot split it.
        let list = "resource=" + resources.map(PercentEncoding.encode).joined(separator: ",")
        let url = serviceProvider.url("/api/v1/preauthorize", query: context.commonQuery, rawQuery: list)
        var request = WireEndpoint.preauthorize.request(url, context: context)
        if bypassRemoteCache { request.http.headers["Cache-Control"] = "no-cache" }
        let body = try await wire.fetch(PreauthorizeBody.self, request, to: serviceProvider, context: context)
        return body.resources.map { Decision(id: $0.id, isAuthorized: $0.authorized, error: $0.error) }
    }

    // MARK: Z1 — authorize

    func authorize(
        _ resource: String, data: [String: String], session: AuthenticationRecord,
        context: RequestContext
    ) async throws -> AuthorizationGrant {
        let serviceProvider = try ServiceProvider.validated(session.serviceProvider)
        var query = context.commonQuery + [("resource", resource)]
        if let genericData = GenericData.json(data) { query.append(("generic_data", genericData)) }
        let url = serviceProvider.url("/api/v1/authorize", query: query)
        let body = try await wire.fetch(
            AuthorizationBody.self, WireEndpoint.authorize.request(url, context: context), to: serviceProvider,
            context: context)
        let record = AuthorizationRecord(
            resource: resource, expires: min(body.expires.date, session.expires), mvpdID: body.mvpd ?? session.mvpd.id)
        return AuthorizationGrant(authorization: record, mediaToken: nil)
    }

    // MARK: Z2 — media token

    func mediaToken(
        for authorization: AuthorizationRecord, session: AuthenticationRecord,
        context: RequestContext
    ) async throws -> MediaToken {
        let serviceProvider = try ServiceProvider.validated(session.serviceProvider)
        let url = serviceProvider.url(
            "/api/v1/tokens/media", query: context.commonQuery + [("resource", authorization.resource)])
        let body = try await wire.fetch(
            MediaTokenBody.self, WireEndpoint.mediaToken.request(url, context: context), to: serviceProvider,
            context: context)
        return MediaToken(
            resource: authorization.resource, serializedToken: body.serializedToken.value, expires: body.expires.date,
            mvpdID: body.mvpdId ?? authorization.mvpdID, userID: body.userId ?? session.userID,
            requestor: context.requestorID)
    }

    // MARK: M — user metadata

    func userMetadata(session: AuthenticationRecord, context: RequestContext) async throws -> UserMetadataRecord {
        let serviceProvider = try ServiceProvider.validated(session.serviceProvider)
        let url = serviceProvider.url("/api/v1/tokens/usermetadata", query: context.commonQuery)
        let response = try await wire.sendProtected(
            WireEndpoint.userMetadata.request(url, context: context), to: serviceProvider, context: context)
        if response.status == 404 {
            // No metadata for this user: an empty set, not an error.
            return UserMetadataRecord(values: [:], encryptedKeys: [], expires: session.expires)
        }
        try wire.requireSuccess(response, .userMetadata)
        let body = try WireDecoding.decode(UserMetadataBody.self, from: response)
        return UserMetadataRecord(values: body.data, encryptedKeys: Set(body.encrypted ?? []), expires: session.expires)
    }

    // MARK: L / L2 — logout

    func logout(session: AuthenticationRecord, context: RequestContext) async throws -> [LogoutStep] {
        let serviceProvider = try ServiceProvider.validated(session.serviceProvider)
        let url = serviceProvider.url("/api/v1/logout", query: context.commonQuery)
        let response = try await wire.sendProtected(
            WireEndpoint.logout.request(url, context: context), to: serviceProvider, context: context)
        try wire.requireSuccess(response, .logout)
        let browser = serviceProvider.url(
            "/adobe-services/logout",
            query: [
                ("noflash", "true"), ("mso_id", session.mvpd.id), ("requestor_id", context.requestorID),
                ("redirect_url", context.redirectURL.absoluteString),
            ])
        return [.interactive(browser)]
    }
}
