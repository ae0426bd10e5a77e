import Foundation

/// The seam between the entitlement flows and a wire protocol (REST API v2 or v1).
///
/// The actors, the token cache, the error model and the public API sit above it; a backend turns
/// each step into HTTP calls and maps every failure to an ``AccessEnablerError``.
protocol EntitlementBackend: Sendable {
    /// Whether every authorization call issues a media token (REST API v2). When false (REST API
    /// v1) the authorization is reused until it expires and media tokens come from a separate call.
    var issuesMediaTokenWithAuthorization: Bool { get }

    /// Whether `setRequestor` may answer from the stored configuration (REST API v2, whose
    /// checklist asks for the configuration only before the MVPD picker). REST API v1 keeps the
    /// legacy SDK's fetch on every `setRequestor`.
    var cachesConfiguration: Bool { get }

    /// The requestor configuration of one service provider, MVPDs bound to it.
    func configuration(from serviceProvider: ServiceProvider, context: RequestContext) async throws
        -> ServiceProviderConfiguration

    /// Starts authentication with `mvpd`: either a URL the browser must load, or nothing more to do.
    func startAuthentication(mvpd: MVPD, domain: String?, data: [String: String], context: RequestContext)
        async throws -> AuthenticationStep

    /// Fetches the authentication (authN token / profile) once the browser step is done; nil
    /// while the service provider does not have it yet (REST API v2: the MVPD may confirm the
    /// login a few seconds after the redirect, and the SDK polls). `data` is what the app passed
    /// to `authenticate` (REST v2 sends it as the Promotional TempPass identity of the profile
    /// call).
    func completeAuthentication(
        mvpd: MVPD, configuration: RequestorConfiguration, data: [String: String], context: RequestContext
    ) async throws -> AuthenticationRecord?

    /// Every authentication the service provider holds for this device (REST API v2: every
    /// profile — other MVPDs, single sign-on, TempPass; REST API v1: the one authN token), each
    /// bound to its MVPD from `configuration` where it lists it.
    func authentications(
        at serviceProvider: ServiceProvider, configuration: RequestorConfiguration,
        context: RequestContext
    ) async throws -> [AuthenticationRecord]

    /// Preauthorization decisions for at most one chunk of resources, in any order.
    func preauthorize(
        _ resources: [String], session: AuthenticationRecord, bypassRemoteCache: Bool,
        context: RequestContext
    ) async throws -> [Decision]

    /// Obtains the authorization for `resource` (and, when the protocol issues it at once, a
    /// media token).
    func authorize(
        _ resource: String, data: [String: String], session: AuthenticationRecord,
        context: RequestContext
    ) async throws -> AuthorizationGrant

    /// A fresh media token for an existing authorization.
    func mediaToken(
        for authorization: AuthorizationRecord, session: AuthenticationRecord,
        context: RequestContext
    ) async throws -> MediaToken

    /// The user metadata of the session.
    func userMetadata(session: AuthenticationRecord, context: RequestContext) async throws -> UserMetadataRecord

    /// Logs out on the server; returns what finishes the logout of each profile it removed.
    func logout(session: AuthenticationRecord, context: RequestContext) async throws -> [LogoutStep]

    // Second screen (REST API v2; REST API v1 throws `second_screen_not_supported`).

    /// TV side: creates an authentication session whose code the viewer types on another
    /// device; with `mvpd` (preselected) the session has every parameter, without it the
    /// companion supplies them.
    func startSecondScreenAuthentication(
        mvpd: MVPD?, domain: String?, at serviceProvider: ServiceProvider,
        context: RequestContext
    ) async throws -> SecondScreenStep

    /// TV side: every profile the poll answer for the code holds, in MVPD order (empty while
    /// the viewer has not finished on the other device). The caller decides which it accepts: a
    /// hostile service provider may answer with profiles for other MVPDs.
    func authentications(
        forCode code: String, at serviceProvider: ServiceProvider,
        configuration: RequestorConfiguration, context: RequestContext
    ) async throws
        -> [AuthenticationRecord]

    /// Companion side: validates a typed code and reads what its session already has.
    func activationSession(forCode code: String, at serviceProvider: ServiceProvider, context: RequestContext)
        async throws -> ActivationSessionInfo

    /// Companion side: completes the code's session with every required parameter; the browser
    /// step follows (or nothing, when the service provider already holds an authentication).
    func resumeAuthentication(code: String, mvpd: MVPD, domain: String?, context: RequestContext) async throws
        -> AuthenticationStep
}

/// The configuration one service provider returned.
struct ServiceProviderConfiguration: Sendable, Hashable {
    var serviceProvider: ServiceProvider
    var requestorID: String
    var name: String?
    var domains: [String]
    var mvpds: [MVPD]
}

/// What follows the start of an authentication.
enum AuthenticationStep: Sendable, Hashable {
    /// Load this URL in a browser; the flow ends at the redirect URL. `codeExpires` is when the
    /// authentication session (and polling for its result) ends, when the server says.
    case interactive(URL, codeExpires: Date?)
    /// Nothing interactive (TempPass, degraded access, already authenticated): fetch the result.
    case complete
}

/// What finishes the logout of one removed profile.
enum LogoutStep: Sendable, Hashable {
    /// Load this URL in a browser to log out at the MVPD; it ends at the redirect URL.
    case interactive(URL)
    /// The viewer must also sign out at the partner (system) level: Apple's TV Provider
    /// settings for an `appleSSO` profile of `mvpdID`.
    case partner(mvpdID: String)
    /// The logout is complete.
    case complete
}

/// An authorization, with the media token when the protocol issues one at once.
struct AuthorizationGrant: Sendable {
    var authorization: AuthorizationRecord
    var mediaToken: MediaToken?
}

/// What follows the creation of a second-screen authentication session on the TV.
enum SecondScreenStep: Sendable, Hashable {
    /// Show `code`; it (and its session) is valid until `expires`, when the server says.
    case code(String, expires: Date?)
    /// Nothing to show: the service provider already holds an authentication for `mvpdID`
    /// (already signed in, TempPass, degraded access).
    case complete(mvpdID: String?)
}

/// What a companion app learns about a typed code (`GET /sessions/{code}`).
struct ActivationSessionInfo: Sendable, Hashable {
    /// The MVPD the TV preselected, if it did.
    var mvpdID: String?
    /// When the code expires, when the server says.
    var expires: Date?
}
