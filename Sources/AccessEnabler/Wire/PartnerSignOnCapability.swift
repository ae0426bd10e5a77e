import Foundation

/// Partner single sign-on of a protocol that offers it: the service provider turns the partner
/// framework's sign-in (Apple's TV Provider) into a profile, with no browser step.
protocol PartnerSignOnCapability: Sendable {
    /// Asks the service provider how to sign in with `partner` for the MVPD of the partner's
    /// status (carried by `context`): a request for the partner framework, a profile it already
    /// holds, or the basic flow.
    func startPartnerAuthentication(
        partner: String, serviceProvider: ServiceProvider, domain: String?, context: RequestContext
    ) async throws -> PartnerSessionStep

    /// Exchanges the partner framework's `response` for the profiles the answer holds, bound to
    /// their MVPDs from `configuration`, in MVPD order. The caller decides which it accepts.
    func partnerProfiles(
        partner: String, response: String, serviceProvider: ServiceProvider, configuration: RequestorConfiguration,
        context: RequestContext
    ) async throws -> [AuthenticationRecord]
}

/// What follows `POST /sessions/sso/{partner}` ("Retrieve partner authentication request":
/// https://experienceleague.adobe.com/en/docs/pass/authentication/integration-guide-programmers/rest-apis/rest-api-v2/rest-api-v2-apis/rest-api-v2-partner-single-sign-on-apis/rest-api-v2-partner-single-sign-on-apis-retrieve-partner-authentication-request).
indirect enum PartnerSessionStep: Sendable {
    /// `partner_profile`: hand this request to the partner framework.
    case partnerProfile(PartnerAuthenticationRequest)
    /// `authorize`: the service provider already has a profile for `mvpdID`.
    case authorized(mvpdID: String)
    /// `authenticate` or `resume`: the basic flow, for the reason the server gave, with the MVPD
    /// the server named (the one the partner's status named).
    case fallback(reasonType: String, mvpdID: String?)
}
