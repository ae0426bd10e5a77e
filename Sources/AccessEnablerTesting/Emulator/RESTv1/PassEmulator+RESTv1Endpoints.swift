import AccessEnabler
import Foundation

/// The protected REST API v1 endpoints (Adobe's REST API reference:
/// https://experienceleague.adobe.com/en/docs/pass/authentication/integration-guide-programmers/legacy/rest-api-v1/rest-api-reference).
extension PassEmulator {
    /// `GET /api/v1/config/{requestor}` (the requestor's MVPD list; always JSON).
    func configuration(_ context: V1Context) -> HTTPTransportResponse {
        let requestor = context.requestor
        let mvpds: [JSONText] = requestor.mvpds.compactMap { index.mvpds[$0] }.map { mvpd in
            var members: [(String, JSONText)] = [
                ("id", .string(mvpd.id)),
                ("displayName", .string(mvpd.displayName)),
                ("logoUrl", .optional(mvpd.logoURL?.absoluteString)),
                ("isTempPass", .bool(mvpd.isTempPass)),
                ("isProxy", .bool(mvpd.isProxy)),
                ("enablePlatformServices", .bool(false)),
                ("boardingStatus", .null),
                ("displayInPlatformPicker", .bool(false)),
                ("platformMappingId", .null),
                ("requiredMetadataFields", .array([])),
            ]
            if mvpd.requiresSafariViewController { members.append(("requiresSVC", .bool(true))) }
            return .object(members)
        }
        return jsonResponse(
            200,
            .object([
                (
                    "requestor",
                    requestor.configurationJSON(mvpds: mvpds)
                )
            ]))
    }

    /// `POST /api/v1/authenticate/freepreview`: starts a TempPass → 204.
    func freePreview(_ request: IncomingRequest, _ context: V1Context) throws(Rejection) -> HTTPTransportResponse {
        guard let mvpdID = request.nonEmptyParameter("mso_id"),
            let mvpd = index.mvpd(mvpdID, offeredBy: context.requestor.id)
        else {
            throw .service(.unknownIntegration("mso_id is missing or not offered by the requestor."))
        }
        guard mvpd.isTempPass else { throw .service(.badRequest("mso_id is not a TempPass MVPD.")) }
        guard let domain = request.nonEmptyParameter("domain_name"), context.requestor.domains.contains(domain) else {
            throw .service(.badRequest("domain_name is missing or not a domain of the requestor."))
        }
        guard startTempPass(for: context.key, mvpd: mvpd, genericData: request.parameter("generic_data")) != nil else {
            throw .service(.temporaryAccessExpired)
        }
        return noContent()
    }

    /// `GET /api/v1/tokens/authn` → 200 the authN token, 404 none, 410 expired.
    func authnToken(_ request: IncomingRequest, _ context: V1Context) -> HTTPTransportResponse {
        let lookup = entitlementState.authentication(for: context.key, at: context.now)
        switch lookup {
        case .missing: return errorResponse(.authentication(lookup, status: 404), format: request.format)
        case .expired: return errorResponse(.authentication(lookup, status: 410), format: request.format)
        case .valid(let session):
            let expires = String(session.expires.epochMilliseconds)
            switch request.format {
            case .json:
                return jsonResponse(
                    200,
                    .object([
                        ("requestor", .string(context.key.requestor)),
                        ("mvpd", .string(session.mvpd)),
                        ("userId", .string(session.userID)),
                        ("expires", .string(expires)),
                    ]))
            case .xml:
                return xmlResponse(
                    200,
                    "<authentication>" + MarkupEscaping.element("expires", expires)
                        + MarkupEscaping.element("userId", session.userID)
                        + MarkupEscaping.element("mvpd", session.mvpd)
                        + MarkupEscaping.element("requestor", context.key.requestor) + "</authentication>")
            }
        }
    }

    /// `GET /api/v1/authorize?resource=…` → 200 and a stored authorization, 403 denied, 412 no authN.
    func authorize(_ request: IncomingRequest, _ context: V1Context) throws(Rejection) -> HTTPTransportResponse {
        guard let resource = request.nonEmptyParameter("resource") else { throw .service(.missingResource) }
        let session = try validSession(context)
        let (decision, grant) = authorize(resource: resource, session: session, key: context.key, at: context.now)
        guard let grant else { throw .service(.authorizationDenied(decision.details)) }
        let expires = String(grant.expires.epochMilliseconds)
        switch request.format {
        case .json:
            return jsonResponse(
                200,
                .object([
                    ("mvpd", .string(grant.mvpd)),
                    ("resource", .string(resource)),
                    ("requestor", .string(context.key.requestor)),
                    ("expires", .string(expires)),
                ]))
        case .xml:
            return xmlResponse(
                200,
                "<authorization>" + MarkupEscaping.element("expires", expires)
                    + MarkupEscaping.element("mvpd", grant.mvpd)
                    + MarkupEscaping.element("requestor", context.key.requestor)
                    + MarkupEscaping.element("resource", resource) + "</authorization>")
        }
    }

    /// `GET /api/v1/tokens/media?resource=…` → 200 a fresh short media token; 412 no authN,
    /// 404 no authorization, 410 authorization expired.
    func mediaToken(_ request: IncomingRequest, _ context: V1Context) throws(Rejection) -> HTTPTransportResponse {
        guard let resource = request.nonEmptyParameter("resource") else { throw .service(.missingResource) }
        let session = try validSession(context)
        guard let grant = entitlementState.authorization(for: context.key, resource: resource) else {
            throw .service(.authorizationNotFound)
        }
        guard context.now < grant.expires else { throw .service(.authorizationExpired) }
        let token = MediaTokenFactory.make(
            requestor: context.key.requestor, resource: resource, mvpd: session.mvpd, issued: context.now,
            ttl: scenario.mediaTokenTTL)
        counters.mediaTokensIssued += 1
        let expires = String(token.expires.epochMilliseconds)
        switch request.format {
        case .json:
            return jsonResponse(
                200,
                .object([
                    ("resource", .string(resource)),
                    ("requestor", .string(context.key.requestor)),
                    ("expires", .string(expires)),
                    ("serializedToken", .string(token.serialized)),
                    ("userId", .string(session.userID)),
                    ("mvpdId", .string(session.mvpd)),
                ]))
        case .xml:
            return xmlResponse(
                200,
                "<play>" + MarkupEscaping.element("expires", expires)
                    + MarkupEscaping.element("mvpdId", session.mvpd)
                    + MarkupEscaping.element("requestor", context.key.requestor)
                    + MarkupEscaping.element("resource", resource)
                    + MarkupEscaping.element("serializedToken", token.serialized)
                    + MarkupEscaping.element("userId", session.userID) + "</play>")
        }
    }

    /// `GET /api/v1/tokens/usermetadata` → 200 metadata, 404 none, 412 no authN (always JSON).
    func userMetadata(_ context: V1Context) throws(Rejection) -> HTTPTransportResponse {
        let session = try validSession(context)
        guard let metadata = userMetadata(for: session) else { throw .service(.userMetadataNotFound) }
        let encrypted = Set(metadata.encrypted)
        let data: [(String, JSONText)] = metadata.data.sorted { $0.key < $1.key }.map { key, value in
            guard encrypted.contains(key) else { return (key, JSONText(value)) }
            return (key, .string(Self.encryptedStandIn(for: value)))
        }
        return jsonResponse(
            200,
            .object([
                ("updated", .integer(metadata.updated.epochSeconds)),
                ("encrypted", .array(metadata.encrypted.map(JSONText.string))),
                ("data", .object(data)),
            ]))
    }

    /// `DELETE /api/v1/logout` → 204; the device's authentication and authorizations are gone.
    func logout(_ context: V1Context) -> HTTPTransportResponse {
        entitlementState.logout(context.key)
        return noContent()
    }

    /// The device's valid authentication, or a 412 rejection.
    func validSession(_ context: V1Context, preauthorization: Bool = false) throws(Rejection) -> AuthNSession {
        let lookup = entitlementState.authentication(for: context.key, at: context.now)
        guard let session = lookup.session else {
            throw .service(.authentication(lookup, status: 412, preauthorization: preauthorization))
        }
        return session
    }

    /// The emulator's stand-in for RSA encryption of a metadata value: Base64 of the plain value
    /// (a string as is, anything else as its JSON text).
    static func encryptedStandIn(for value: JSONValue) -> String {
        let plain: String
        if case .string(let text) = value {
            plain = text
        } else {
            var json = ""
            JSONText(value).write(to: &json)
            plain = json
        }
        return Data(plain.utf8).base64EncodedString()
    }
}
