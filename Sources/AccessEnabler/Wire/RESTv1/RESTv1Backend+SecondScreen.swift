import Foundation

/// REST API v1 has a registration-code service (`/reggie/v1/…`), but Adobe's public pages
/// leave parts of it undocumented (the answer to an unknown or expired code, the polling rules), so
/// the SDK does not guess: every second-screen call throws
/// ``AccessEnablerError/secondScreenNotSupported`` before anything is sent.
extension RESTv1Backend {
    func startSecondScreenAuthentication(
        mvpd: MVPD?, domain: String?, at serviceProvider: ServiceProvider,
        context: RequestContext
    ) async throws -> SecondScreenStep {
        throw AccessEnablerError.secondScreenNotSupported
    }

    func authentications(
        forCode code: String, at serviceProvider: ServiceProvider,
        configuration: RequestorConfiguration, context: RequestContext
    ) async throws
        -> [AuthenticationRecord]
    {
        throw AccessEnablerError.secondScreenNotSupported
    }

    func activationSession(forCode code: String, at serviceProvider: ServiceProvider, context: RequestContext)
        async throws -> ActivationSessionInfo
    {
        throw AccessEnablerError.secondScreenNotSupported
    }

    func resumeAuthentication(code: String, mvpd: MVPD, domain: String?, context: RequestContext) async throws
        -> AuthenticationStep
    {
        throw AccessEnablerError.secondScreenNotSupported
    }
}
