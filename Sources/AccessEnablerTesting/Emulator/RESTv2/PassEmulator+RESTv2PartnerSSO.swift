import AccessEnabler
import Foundation

/// REST API v2 partner single sign-on (Adobe's "Single sign-on using partner flows"): the
/// retrieval of a partner authentication request and the profile from the partner's response,
/// checked against the `AP-Partner-Framework-Status` header.
extension PassEmulator {
    /// How long an issued partner authentication request may be answered.
    static let partnerRequestTTL: TimeInterval = 600

    /// Enables partner single sign-on for `mvpd`: the configuration lists it with
    /// `enablePlatformServices`, `boardingStatus` (`SUPPORTED`: the partner signs in; `PICKER`:
    /// shown in the partner's picker only, so the server falls back), `platformMappingId` and
    /// `displayInPlatformPicker`.
    public func enablePartnerSingleSignOn(
        mvpd: String, platformMappingID: String, boardingStatus: String = "SUPPORTED", partner: String = "Apple"
    ) {
        partnerSSO.providers[mvpd] = .init(
            partner: partner, platformMappingID: platformMappingID, boardingStatus: boardingStatus)
    }

    /// Turns the service provider's partner single sign-on configuration on or off (off: the
    /// partner sessions call answers `configuration_fallback`).
    public func setPartnerSingleSignOnConfigurationEnabled(_ enabled: Bool) {
        partnerSSO.configurationEnabled = enabled
    }

    /// The configuration members of a partner-enabled MVPD.
    func partnerConfigurationMembers(for mvpdID: String) -> [(String, JSONText)] {
        guard let provider = partnerSSO.providers[mvpdID] else { return [] }
        return [
            ("boardingStatus", .string(provider.boardingStatus)),
            ("platformMappingId", .string(provider.platformMappingID)),
            ("enablePlatformServices", .bool(true)),
            ("displayInPlatformPicker", .bool(true)),
            ("enforcePlatformPermissions", .bool(true)),
        ]
    }

    /// `POST /api/v2/{serviceProvider}/sessions/sso/{partner}` → 200 with `partner_profile` and a
    /// SAML-shaped `authenticationRequest` when the header says granted, names an onboarded
    /// (`SUPPORTED`) MVPD of the requestor and has not expired; `authorize` when the device has
    /// a profile for that MVPD already; else the basic flow: `authenticate` with `pfs_fallback`
    /// (missing, malformed, not granted, unknown or expired provider) or `configuration_fallback`
    /// (configuration off, or a `PICKER` MVPD).
    func partnerAuthenticationRequest(_ request: IncomingRequest, _ context: V2Context) throws(Rejection)
        -> HTTPTransportResponse
    {
        let key = try context.deviceKey()
        let partner = context.parameter ?? ""
        let domainName = request.nonEmptyParameter("domainName")
        if let domainName, !context.requestor.domains.contains(domainName) { throw .v2(.invalidDomainName) }
        let status = Self.partnerStatus(request.header("AP-Partner-Framework-Status"), at: context.now)
        let mvpdID = status.providerID.flatMap { partnerSSO.mvpd(forProvider: $0, partner: partner) }
        func fallback(_ reason: String) -> HTTPTransportResponse {
            partnerSessionResponse(
                [
                    ("actionName", .string("authenticate")), ("actionType", .string("interactive")),
                    ("reasonType", .string(reason)),
                ], mvpd: mvpdID, context: context)
        }
        guard status.problem == nil, let providerID = status.providerID, let mvpdID,
            context.requestor.mvpds.contains(mvpdID)
        else { return fallback("pfs_fallback") }
        guard partnerSSO.configurationEnabled, partnerSSO.providers[mvpdID]?.boardingStatus == "SUPPORTED" else {
            return fallback("configuration_fallback")
        }
        if let existing = entitlementState.profile(for: key, mvpd: mvpdID, at: context.now) {
            return partnerSessionResponse(
                [
                    ("actionName", .string("authorize")), ("actionType", .string("direct")),
                    ("reasonType", .string(existing.profileType == "appleSSO" ? "authenticatedSSO" : "authenticated")),
                    (
                        "url",
                        .string(
                            "/api/v2/\(PercentEncoding.encode(key.requestor))/decisions/authorize/\(PercentEncoding.encode(mvpdID))"
                        )
                    ),
                ], mvpd: mvpdID, context: context)
        }
        let requestID = "_" + RandomIdentifier.uuid()
        partnerSSO.issued = partnerSSO.issued.filter { $0.value.expires > context.now }
        partnerSSO.issued[requestID] = .init(
            key: key, mvpd: mvpdID, providerID: providerID,
            expires: context.now.addingTimeInterval(Self.partnerRequestTTL))
        let saml =
            "<samlp:AuthnRequest xmlns:samlp=\"urn:oasis:names:tc:SAML:2.0:protocol\" ID=\"\(requestID)\""
            + " Version=\"2.0\" IssueInstant=\"\(Int64(context.now.timeIntervalSince1970))\">"
            + "<saml:Issuer xmlns:saml=\"urn:oasis:names:tc:SAML:2.0:assertion\">\(MarkupEscaping.escape(key.requestor))</saml:Issuer>"
            + "</samlp:AuthnRequest>"
        return partnerSessionResponse(
            [
                ("actionName", .string("partner_profile")), ("actionType", .string("direct")),
                ("reasonType", .string("none")),
                (
                    "url",
                    .string(
                        "/api/v2/\(PercentEncoding.encode(key.requestor))/profiles/sso/\(PercentEncoding.encode(partner))"
                    )
                ),
            ], mvpd: mvpdID, context: context,
            extra: [
                (
                    "authenticationRequest",
                    .object([
                        ("type", .string("saml")),
                        ("request", .string(Data(saml.utf8).base64EncodedString())),
                        ("attributesNames", .array(["uid", "NameID", "uniqueId"].map(JSONText.string))),
                    ])
                )
            ])
    }

    /// `POST /api/v2/{serviceProvider}/profiles/sso/{partner}` (form `SAMLResponse`) → 201 with
    /// the new `appleSSO` profile, which becomes the device's authentication. The header must be
    /// valid (400 `invalid_header_pfs_…`: permission not present, not determined, not granted;
    /// provider not determined, mismatched with the request's, or expired), and the response must
    /// answer a request issued to this device (400 `invalid_parameter_saml_response`).
    func partnerProfile(_ request: IncomingRequest, _ context: V2Context) throws(Rejection) -> HTTPTransportResponse {
        let key = try context.deviceKey()
        let status = Self.partnerStatus(request.header("AP-Partner-Framework-Status"), at: context.now)
        if let problem = status.problem { throw .v2(.partnerStatus(problem)) }
        guard let encoded = request.nonEmptyParameter("SAMLResponse"), let data = Base64Text.decode(encoded),
            let saml = String(data: data, encoding: .utf8),
            let requestID = Self.xmlAttribute("InResponseTo", in: saml),
            let issued = partnerSSO.issued[requestID], issued.key == key, issued.expires > context.now,
            let userID = Self.xmlElement("NameID", in: saml), !userID.isEmpty
        else { throw .v2(.partnerStatus("invalid_parameter_saml_response")) }
        guard status.providerID == issued.providerID else {
            throw .v2(.partnerStatus("invalid_header_pfs_provider_id_mismatch"))
        }
        partnerSSO.issued[requestID] = nil
        let ttl = index.mvpds[issued.mvpd]?.authnTTL ?? 3600
        let session = AuthNSession(
            mvpd: issued.mvpd, userID: userID, username: nil, created: context.now,
            expires: min(context.now.addingTimeInterval(ttl), status.expirationDate ?? .distantFuture),
            isTempPass: false, profileType: "appleSSO")
        entitlementState.startSession(session, for: key)
        return jsonResponse(201, .object([("profiles", .object([(issued.mvpd, profileJSON(session, key: key))]))]))
    }

    private func partnerSessionResponse(
        _ action: [(String, JSONText)], mvpd: String?, context: V2Context, extra: [(String, JSONText)] = []
    ) -> HTTPTransportResponse {
        var members = action
        members.append(("sessionId", .string(RandomIdentifier.uuid())))
        if let mvpd { members.append(("mvpd", .string(mvpd))) }
        members.append(("serviceProvider", .string(context.requestor.id)))
        return jsonResponse(200, .object(members + extra))
    }

    /// The header as the appendix describes it, and the first problem with it (the error code
    /// the profiles page lists), nil when it allows single sign-on.
    static func partnerStatus(_ header: String?, at now: Date)
        -> (providerID: String?, expirationDate: Date?, problem: String?)
    {
        guard let header, let object = Base64Text.decodeJSONObject(header)?.object,
            let permission = object["frameworkPermissionInfo"] as? [String: Any],
            let access = permission["accessStatus"] as? String
        else { return (nil, nil, "invalid_header_pfs_permission_access_not_present") }
        let provider = object["frameworkProviderInfo"] as? [String: Any] ?? [:]
        let id = (provider["id"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        let expiration = (provider["expirationDate"] as? String).flatMap(Int64.init)
            .map { Date(timeIntervalSince1970: TimeInterval($0) / 1000) }
        switch access {
        case "granted": break
        case "notDetermined": return (id, expiration, "invalid_header_pfs_permission_access_not_determined")
        case "denied", "restricted": return (id, expiration, "invalid_header_pfs_permission_access_not_granted")
        default: return (id, expiration, "invalid_header_pfs_permission_access_not_present")
        }
        guard let id else { return (nil, expiration, "invalid_header_pfs_provider_id_not_determined") }
        guard let expiration, expiration > now else {
            return (id, expiration, "invalid_header_pfs_provider_info_expired")
        }
        return (id, expiration, nil)
    }

    /// The value of the first `name="…"` attribute in `xml`.
    static func xmlAttribute(_ name: String, in xml: String) -> String? {
        guard let start = xml.range(of: name + "=\"") else { return nil }
        guard let end = xml[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(xml[start.upperBound..<end])
    }

    /// The text of the first element whose local name is `name` in `xml`.
    static func xmlElement(_ name: String, in xml: String) -> String? {
        guard let open = xml.range(of: ":" + name + ">") ?? xml.range(of: "<" + name + ">") else { return nil }
        guard let close = xml[open.upperBound...].range(of: "</") else { return nil }
        return String(xml[open.upperBound..<close.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension ServiceError {
    /// A partner single sign-on rejection: 400 with `code` (the profiles page's list).
    static func partnerStatus(_ code: String) -> ServiceError {
        let message =
            code == "invalid_parameter_saml_response"
            ? "The SAML response parameter value is missing or invalid."
            : "The partner framework status header value is missing or invalid."
        return ServiceError(status: 400, code: code, message: message, details: code, action: "none")
    }
}
