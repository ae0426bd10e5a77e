import Foundation

/// REST API v2's partner single sign-on APIs: the retrieval of the partner authentication
/// request and the profile from the partner's response.
extension RESTv2Backend {
    /// `POST /api/v2/{serviceProvider}/sessions/sso/{partner}` with `domainName` and `redirectUrl`
    /// (used by the server only when it falls back to the basic flow) and the
    /// `AP-Partner-Framework-Status` header of `context`.
    func startPartnerAuthentication(
        partner: String, serviceProvider: ServiceProvider, domain: String?, context: RequestContext
    ) async throws -> PartnerSessionStep {
        let form = [("domainName", domain ?? ""), ("redirectUrl", context.redirectURL.absoluteString)]
        let url = serviceProvider.url(path(context, "sessions/sso/\(PercentEncoding.pathSegment(partner))"))
        let body = try await wire.fetch(
            PartnerSessionBody.self, WireEndpoint.partnerSession.request(url, context: context, body: .form(form)),
            to: serviceProvider, context: context)
        switch body.actionName {
        case "partner_profile":
            guard let request = body.authenticationRequest, !request.request.isEmpty else {
                throw AccessEnablerError.serverResponseFormatUnknown.with(underlying: "partner_profile without request")
            }
            return .partnerProfile(
                PartnerAuthenticationRequest(
                    type: request.type ?? "saml", request: request.request,
                    attributeNames: request.attributesNames ?? [],
                    mvpdID: body.mvpd))
        case "authorize":
            guard let mvpd = body.mvpd, !mvpd.isEmpty else {
                throw AccessEnablerError.serverResponseFormatUnknown.with(underlying: "authorize without mvpd")
            }
            return .authorized(mvpdID: mvpd)
        case "authenticate", "resume", "retry":
            return .fallback(reasonType: body.reasonType ?? "none", mvpdID: body.mvpd.flatMap { $0.isEmpty ? nil : $0 })
        default:
            throw AccessEnablerError.serverResponseFormatUnknown.with(underlying: "unknown partner session action")
        }
    }

    /// `POST /api/v2/{serviceProvider}/profiles/sso/{partner}` with the partner's response as
    /// `SAMLResponse` (line breaks and tabs removed, Base64-encoded, then URL-encoded once by
    /// the form) → the profiles the answer holds (the one the server created: type `appleSSO`
    /// for Apple), bound to their MVPDs from `configuration`, in MVPD order. The caller decides
    /// which it accepts.
    func partnerProfiles(
        partner: String, response: String, serviceProvider: ServiceProvider, configuration: RequestorConfiguration,
        context: RequestContext
    ) async throws -> [AuthenticationRecord] {
        let url = serviceProvider.url(path(context, "profiles/sso/\(PercentEncoding.pathSegment(partner))"))
        let form = [("SAMLResponse", Self.encodedPartnerResponse(response))]
        let profiles = try await wire.fetch(
            ProfilesBody.self, WireEndpoint.partnerProfile.request(url, context: context, body: .form(form)),
            to: serviceProvider, context: context
        ).profiles
        return records(of: profiles, configuration: configuration, at: serviceProvider)
    }

    /// The partner's response as `SAMLResponse` carries it before form encoding: without line
    /// breaks or tabs, Base64-encoded.
    static func encodedPartnerResponse(_ response: String) -> String {
        let compact = response.filter { $0 != "\n" && $0 != "\r" && $0 != "\t" }
        return Data(compact.utf8).base64EncodedString()
    }

}

/// `POST /sessions/sso/{partner}` body.
final class PartnerSessionBody: Decodable {
    let actionName: String
    let reasonType: String?
    let mvpd: String?
    let authenticationRequest: Request?

    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        actionName = try body.decode(String.self, forKey: "actionName")
        reasonType = try body.decodeIfPresent(String.self, forKey: "reasonType")
        mvpd = try body.decodeIfPresent(String.self, forKey: "mvpd")
        authenticationRequest = try body.decodeIfPresent(Request.self, forKey: "authenticationRequest")
    }

    final class Request: Decodable {
        let type: String?
        let request: String
        let attributesNames: [String]?

        init(from decoder: any Decoder) throws {
            let body = try decoder.container(keyedBy: JSONKey.self)
            type = try body.decodeIfPresent(String.self, forKey: "type")
            request = try body.decode(String.self, forKey: "request")
            attributesNames = try body.decodeIfPresent([String].self, forKey: "attributesNames")
        }
    }
}
