import AccessEnabler
import Foundation

/// REST API v2 decisions: preauthorize and authorize over the same decisions, authorizations and
/// remote cache as REST v1.
extension PassEmulator {
    /// Where a decision came from (`source`).
    private enum DecisionSource: String {
        case mvpd, temppass, degradation
    }

    /// One decision before rendering.
    private struct V2Decision {
        var resource: String
        var source: DecisionSource
        var authorized: Bool
        var error: ServiceError?
        /// The decision's validity window (authorize only).
        var window: (notBefore: Date, notAfter: Date)?
        /// The media token (authorize, granted only).
        var token: MediaTokenFactory.Token?
        var tokenIssued: Date?
    }

    /// `POST /api/v2/{serviceProvider}/decisions/preauthorize/{mvpd}` and
    /// `…/decisions/authorize/{mvpd}` with `{"resources": [...]}` → 200 `{"decisions": [...]}`.
    ///
    /// A denial is an item inside the 200 with its `error`. Top-level errors: 400
    /// `invalid_parameter_mvpd` / `invalid_integration` / `invalid_parameter_resources`, 403
    /// `too_many_resources` (more than the scenario's preauthorize limit, or more than one
    /// resource to authorize), 403 `authenticated_profile_missing` / `_expired`.
    func decisions(_ request: IncomingRequest, _ context: V2Context, authorizing: Bool) throws(Rejection)
        -> HTTPTransportResponse
    {
        let key = try context.deviceKey()
        let mvpd = try offeredMVPD(context.parameter, by: context.requestor)
        let resources = try Self.decisionResources(request)
        let limit = authorizing ? 1 : scenario.maxPreauthorizeResources
        guard resources.count <= limit else { throw .v2(.tooManyResourcesV2(limit: limit)) }
        let now = context.now

        let decisions: [V2Decision]
        if !mvpd.isTempPass, let rule = mvpd.degradation {
            decisions = resources.map {
                degradedDecision(
                    $0, rule: rule, mvpd: mvpd, key: key, at: now,
                    authorizing: authorizing)
            }
        } else {
            let session: AuthNSession
            switch try sessionForDecisions(
                request, key: key, mvpd: mvpd, subject: context.serviceTokenSubject, at: now)
            {
            case .session(let found):
                session = found
            case .tempPassDenied(let error):
                if authorizing {
                    for resource in resources { entitlementState.removeAuthorization(for: key, resource: resource) }
                }
                let items = resources.map {
                    V2Decision(resource: $0, source: .temppass, authorized: false, error: error)
                }
                return decisionsResponse(items, serviceProvider: context.requestor.id, mvpd: mvpd.id)
            }
            if authorizing {
                decisions = resources.map { authorizeDecision($0, session: session, key: key, at: now) }
            } else {
                // v2 has no remote-cache switch (no page lists `Cache-Control`): the shared cache
                // answers when it can, as it does v1 without `no-cache`.
                decisions = resources.map { resource in
                    let decision = preauthorize(
                        resource: resource, session: session, key: key, at: now,
                        bypassCache: false)
                    return V2Decision(
                        resource: resource, source: session.isTempPass ? .temppass : .mvpd,
                        authorized: decision.authorized,
                        error: decision.authorized ? nil : .preauthorizationDeniedByMVPD(decision.details))
                }
            }
        }
        return decisionsResponse(decisions, serviceProvider: context.requestor.id, mvpd: mvpd.id)
    }

    private enum DecisionSession {
        case session(AuthNSession)
        /// A TempPass that cannot start: used up, or a malformed `AP-TempPass-Identity` (denied
        /// item by item, as Adobe's samples show).
        case tempPassDenied(ServiceError)
    }

    /// The profile decisions for `mvpd` rest on. A TempPass MVPD needs no earlier session call:
    /// the decision starts (or continues) the TempPass, as Adobe's temporary access flows do.
    private func sessionForDecisions(
        _ request: IncomingRequest, key: DeviceKey, mvpd: EmulatorScenario.MVPD, subject: ServiceTokenSubject?,
        at now: Date
    ) throws(Rejection) -> DecisionSession {
        let lookup = entitlementState.authentication(for: key, at: now)
        if let session = lookup.session, session.mvpd == mvpd.id { return .session(session) }
        if let other = entitlementState.profile(for: key, mvpd: mvpd.id, subject: subject, at: now) {
            return .session(other)
        }
        if mvpd.isTempPass {
            let identity: String?
            do throws(Rejection) {
                identity = try Self.tempPassIdentity(request)
            } catch {
                return .tempPassDenied(.invalidTempPassIdentity)
            }
            guard let session = startTempPass(for: key, mvpd: mvpd, genericData: identity) else {
                return .tempPassDenied(.temporaryAccessDurationLimitExceeded)
            }
            return .session(session)
        }
        if case .expired(let session) = lookup, session.mvpd == mvpd.id { throw .v2(.authenticatedProfileExpired) }
        if let shared = entitlementState.serviceTokenProfile(of: subject, mvpd: mvpd.id), !shared.isValid(at: now) {
            throw .v2(.authenticatedProfileExpired)
        }
        throw .v2(.authenticatedProfileMissing)
    }

    /// An authorize decision from the MVPD (or TempPass): a granted one is stored as the device's
    /// authorization (REST v1 `/tokens/media` finds it) and carries a fresh media token.
    private func authorizeDecision(
        _ resource: String, session: AuthNSession, key: DeviceKey,
        at now: Date
    ) -> V2Decision {
        let (decision, grant) = authorize(resource: resource, session: session, key: key, at: now)
        let source: DecisionSource = session.isTempPass ? .temppass : .mvpd
        guard let grant else {
            return V2Decision(
                resource: resource, source: source, authorized: false,
                error: .authorizationDeniedByMVPD(decision.details),
                window: (now, authorizationExpiry(for: session, at: now)))
        }
        if index.mvpds[session.mvpd]?.updatesAttributesOnAuthorization == true {
            entitlementState.updateAttribute("lastAuthorizedResource", to: .string(resource), for: key)
        }
        return V2Decision(
            resource: resource, source: source, authorized: true, window: (grant.issued, grant.expires),
            token: mediaToken(for: resource, mvpd: session.mvpd, key: key, at: now), tokenIssued: now)
    }

    /// A decision made by a degradation rule, without the MVPD. Granted authorize decisions are
    /// stored and carry a media token; the decision window comes only with authenticate-all, as
    /// in Adobe's samples.
    private func degradedDecision(
        _ resource: String, rule: EmulatorScenario.Degradation, mvpd: EmulatorScenario.MVPD,
        key: DeviceKey, at now: Date, authorizing: Bool
    ) -> V2Decision {
        guard rule != .authorizeNone else {
            if authorizing { entitlementState.removeAuthorization(for: key, resource: resource) }
            return V2Decision(
                resource: resource, source: .degradation, authorized: false,
                error: .authorizationDeniedByDegradationRule)
        }
        guard authorizing else { return V2Decision(resource: resource, source: .degradation, authorized: true) }
        var expires = now.addingTimeInterval(mvpd.authzTTL)
        if let session = entitlementState.authentication(for: key, at: now).session, session.mvpd == mvpd.id {
            expires = min(expires, session.expires)
        }
        entitlementState.storeAuthorization(
            AuthZGrant(resource: resource, mvpd: mvpd.id, issued: now, expires: expires), for: key)
        return V2Decision(
            resource: resource, source: .degradation, authorized: true,
            window: rule == .authenticateAll ? (now, expires) : nil,
            token: mediaToken(for: resource, mvpd: mvpd.id, key: key, at: now), tokenIssued: now)
    }

    private func mediaToken(for resource: String, mvpd: String, key: DeviceKey, at now: Date)
        -> MediaTokenFactory.Token
    {
        counters.mediaTokensIssued += 1
        return MediaTokenFactory.make(
            requestor: key.requestor, resource: resource, mvpd: mvpd, issued: now,
            ttl: scenario.mediaTokenTTL)
    }

    /// The decisions body, each item in the field order of Adobe's samples (timestamps are
    /// epoch ms as numbers).
    private func decisionsResponse(_ decisions: [V2Decision], serviceProvider: String, mvpd: String)
        -> HTTPTransportResponse
    {
        let items: [JSONText] = decisions.map { decision in
            var members: [(String, JSONText)] = [
                ("resource", .string(decision.resource)),
                ("serviceProvider", .string(serviceProvider)),
                ("mvpd", .string(mvpd)),
                ("source", .string(decision.source.rawValue)),
                ("authorized", .bool(decision.authorized)),
            ]
            if let token = decision.token, let issued = decision.tokenIssued {
                members.append(
                    (
                        "token",
                        .object([
                            ("notBefore", .integer(issued.epochMilliseconds)),
                            ("notAfter", .integer(token.expires.epochMilliseconds)),
                            ("serializedToken", .string(token.serialized)),
                        ])
                    ))
            }
            if let error = decision.error { members.append(("error", v2ErrorJSON(error))) }
            if let window = decision.window {
                members.append(("notBefore", .integer(window.notBefore.epochMilliseconds)))
                members.append(("notAfter", .integer(window.notAfter.epochMilliseconds)))
            }
            return .object(members)
        }
        return jsonResponse(200, .object([("decisions", .array(items))]))
    }

    /// The `resources` of a decisions body: a JSON array of non-empty strings, duplicates
    /// collapsed (first occurrence kept); else 400 `invalid_parameter_resources`.
    private static func decisionResources(_ request: IncomingRequest) throws(Rejection) -> [String] {
        guard let body = request.http.body, !body.isEmpty,
            let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        else { throw .v2(.invalidResources("The body must be a JSON object with a resources array.")) }
        guard let list = object["resources"] as? [Any], !list.isEmpty else {
            throw .v2(.invalidResources("resources must be a non-empty array."))
        }
        var resources: [String] = []
        var seen: Set<String> = []
        for item in list {
            guard let resource = item as? String, !resource.isEmpty else {
                throw .v2(.invalidResources("Every resource must be a non-empty string."))
            }
            if seen.insert(resource).inserted { resources.append(resource) }
        }
        return resources
    }
}
