import Foundation

/// The second-screen calls of REST API v2 (Adobe's "Basic authentication performed within secondary
/// application" flow):
/// the TV creates a session and polls the profile by code; the companion reads the session by
/// code and resumes it.
extension RESTv2Backend {
    func startSecondScreenAuthentication(
        mvpd: MVPD?, domain: String?, at serviceProvider: ServiceProvider,
        context: RequestContext
    ) async throws -> SecondScreenStep {
        // Without a preselected MVPD the TV sends nothing (Adobe's "with missing parameters"
        // sample): the companion provides all three when it resumes.
        var form: [String: String] = [:]
        if let mvpd {
            form = ["mvpd": mvpd.id, "domainName": domain ?? "", "redirectUrl": context.redirectURL.absoluteString]
        }
        let session = try await sessionCall(
            .createSession, serviceProvider.url(path(context, "sessions")), form: form,
            serviceProvider: serviceProvider, context: context)
        switch session.actionName {
        case "authenticate", "resume":
            guard let code = session.code, !code.isEmpty else {
                throw AccessEnablerError.serverResponseFormatUnknown.with(underlying: "session without code")
            }
            // The code is shown to the viewer: one that is not a plausible code (a line feed that
            // would forge a line on the screen, a page of text) is refused.
            guard ActivationCode.isPlausible(code) else {
                throw AccessEnablerError.serverResponseFormatUnknown.with(underlying: "implausible code")
            }
            return .code(code, expires: session.notAfter?.date)
        case "authorize":
            return .complete(mvpdID: session.mvpd ?? mvpd?.id)
        default:
            throw AccessEnablerError.serverResponseFormatUnknown.with(underlying: "unknown session action")
        }
    }

    func authentications(
        forCode code: String, at serviceProvider: ServiceProvider,
        configuration: RequestorConfiguration, context: RequestContext
    ) async throws
        -> [AuthenticationRecord]
    {
        let url = serviceProvider.url(path(context, "profiles/code/\(PercentEncoding.pathSegment(code))"))
        let profiles = try await wire.fetch(
            ProfilesBody.self, WireEndpoint.profileForCode.request(url, context: context), to: serviceProvider,
            context: context
        ).profiles
        // An empty map: the viewer has not finished yet. A code leads to one MVPD's profile; the
        // caller accepts only that one.
        return records(of: profiles, configuration: configuration, at: serviceProvider)
    }

    func activationSession(forCode code: String, at serviceProvider: ServiceProvider, context: RequestContext)
        async throws -> ActivationSessionInfo
    {
        let url = serviceProvider.url(path(context, "sessions/\(PercentEncoding.pathSegment(code))"))
        let body = try await wire.fetch(
            SessionInfoBody.self, WireEndpoint.sessionInfo.request(url, context: context), to: serviceProvider,
            context: context)
        let mvpdID = body.existingParameters?["mvpd"]?.stringValue
        return ActivationSessionInfo(mvpdID: mvpdID.flatMap { $0.isEmpty ? nil : $0 }, expires: body.notAfter?.date)
    }

    func resumeAuthentication(code: String, mvpd: MVPD, domain: String?, context: RequestContext) async throws
        -> AuthenticationStep
    {
        let serviceProvider = try ServiceProvider.validated(mvpd.serviceProvider)
        // The resume page marks all three parameters required; the companion's redirect URL
        // replaces the TV's, so the companion's browser ends where its presenter waits.
        let form = ["mvpd": mvpd.id, "domainName": domain ?? "", "redirectUrl": context.redirectURL.absoluteString]
        let session = try await sessionCall(
            .resumeSession, serviceProvider.url(path(context, "sessions/\(PercentEncoding.pathSegment(code))")),
            form: form, serviceProvider: serviceProvider, context: context)
        guard let step = try Self.step(of: session, at: serviceProvider) else {
            throw AccessEnablerError.invalidArgument.with(
                details: "The service provider asked again for session parameters the SDK has already sent.")
        }
        return step
    }
}
