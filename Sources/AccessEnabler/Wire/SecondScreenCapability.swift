import Foundation

/// The second-screen sign-in of a protocol that offers it: the TV shows a code, the viewer
/// finishes on another device (the companion app), and the TV polls for the result.
protocol SecondScreenCapability: Sendable {
    /// TV side: creates an authentication session whose code the viewer types on another
    /// device; with `mvpd` (preselected) the session has every parameter, without it the
    /// companion supplies them.
    func startSecondScreenAuthentication(
        mvpd: MVPD?, domain: String?, at serviceProvider: ServiceProvider, context: RequestContext
    ) async throws -> SecondScreenStep

    /// TV side: every profile the poll answer for the code holds, in MVPD order (empty while
    /// the viewer has not finished on the other device). The caller decides which it accepts: a
    /// hostile service provider may answer with profiles for other MVPDs.
    func authentications(
        forCode code: String, at serviceProvider: ServiceProvider, configuration: RequestorConfiguration,
        context: RequestContext
    ) async throws -> [AuthenticationRecord]

    /// Companion side: validates a typed code and reads what its session already has.
    func activationSession(forCode code: String, at serviceProvider: ServiceProvider, context: RequestContext)
        async throws -> ActivationSessionInfo

    /// Companion side: completes the code's session with every required parameter; the browser
    /// step follows (or nothing, when the service provider already holds an authentication).
    func resumeAuthentication(code: String, mvpd: MVPD, domain: String?, context: RequestContext) async throws
        -> AuthenticationStep
}

/// What follows the creation of a second-screen authentication session on the TV.
indirect enum SecondScreenStep: Sendable {
    /// Show `code`; it (and its session) is valid until `expires`, when the server says.
    case code(String, expires: Date?)
    /// Nothing to show: the service provider already holds an authentication for `mvpdID`
    /// (already signed in, TempPass, degraded access).
    case complete(mvpdID: String?)
}

/// What a companion app learns about a typed code (`GET /sessions/{code}`).
struct ActivationSessionInfo: Sendable {
    /// The MVPD the TV preselected, if it did.
    var mvpdID: String?
    /// When the code expires, when the server says.
    var expires: Date?
}
