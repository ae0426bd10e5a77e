import Foundation

/// Single sign-on with a service token (`AD-Service-Token`): who the request's token names.
extension PassEmulator {
    /// The viewer the request's service token names, on the routes whose page lists
    /// `AD-Service-Token` (create session, profiles, profile, decisions, logout); nil without one.
    /// A token that fails a check (format, `RS256`, a signature by one of
    /// ``EmulatorScenario/serviceTokenKeys``, `sub`, `aud`, `exp` on the emulator's clock) is 400
    /// `invalid_header_service_token`.
    func serviceTokenSubject(_ request: IncomingRequest, route: EmulatorRoute, requestor: String, at now: Date)
        throws(Rejection) -> ServiceTokenSubject?
    {
        guard let listed = DocumentedV2Request.headers(of: route), listed.contains("ad-service-token"),
            let token = request.header("AD-Service-Token")
        else { return nil }
        do throws(ServiceTokenCheck.Refusal) {
            let subject = try ServiceTokenCheck.subject(of: token, keys: index.serviceTokenKeys, at: now)
            return ServiceTokenSubject(requestor: requestor, subject: subject)
        } catch {
            throw .v2(.invalidServiceToken(error.details))
        }
    }
}
