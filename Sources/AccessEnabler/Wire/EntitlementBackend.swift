import Foundation

/// The seam between the entitlement flows and a wire protocol (REST API v2 or v1).
///
/// The actors, the token cache, the error model and the public API sit above it; a backend turns
/// each step into HTTP calls and maps every failure to an ``AccessEnablerError``. What only some
/// protocols offer is an optional capability: the flows ask whether the backend has it, never
/// which protocol it speaks.
protocol EntitlementBackend: Sendable {
    /// The second-screen sign-in (a code shown on the TV, finished on another device), when the
    /// protocol offers it.
    var secondScreen: (any SecondScreenCapability)? { get }

    /// Partner single sign-on (Apple's TV Provider), when the protocol offers it; with it the
    /// calls whose pages list it carry `AP-Partner-Framework-Status`.
    var partnerSignOn: (any PartnerSignOnCapability)? { get }

    /// Whether every authorization call issues a media token (REST API v2). When false (REST API
    /// v1) the authorization is reused until it expires and media tokens come from a separate call.
    var issuesMediaTokenWithAuthorization: Bool { get }

    /// Whether `setRequestor` may answer from the stored configuration (REST API v2, whose
    /// checklist asks for the configuration only before the MVPD picker). REST API v1 keeps the
    /// legacy SDK's fetch on every `setRequestor`.
    var cachesConfiguration: Bool { get }
    /// Whether requests carry the legacy `applicationProfile` option (REST API v1's parameter;
    /// REST API v2 has no parameter, header or field for it).
    var sendsApplicationProfile: Bool { get }

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
}

/// The configuration one service provider returned.
final class ServiceProviderConfiguration: Sendable {
    let serviceProvider: ServiceProvider
    let requestorID: String
    let name: String?
    let domains: [String]
    let mvpds: [MVPD]

    init(serviceProvider: ServiceProvider, requestorID: String, name: String?, domains: [String], mvpds: [MVPD]) {
        (self.serviceProvider, self.requestorID, self.name) = (serviceProvider, requestorID, name)
        (self.domains, self.mvpds) = (domains, mvpds)
    }
}

/// What follows the start of an authentication.
indirect enum AuthenticationStep: Sendable {
    /// Load this URL in a browser; the flow ends at the redirect URL. `codeExpires` is when the
    /// authentication session (and polling for its result) ends, when the server says.
    case interactive(URL, codeExpires: Date?)
    /// Nothing interactive (TempPass, degraded access, already authenticated): fetch the result.
    case complete
}

/// What finishes the logout of one removed profile.
indirect enum LogoutStep: Sendable {
    /// Load this URL in a browser to log out at the MVPD; it ends at the redirect URL.
    case interactive(URL)
    /// The viewer must also sign out at the partner (system) level: Apple's TV Provider
    /// settings for an `appleSSO` profile of `mvpdID`.
    case partner(mvpdID: String)
    /// The logout is complete.
    case complete
}

/// An authorization, with the media token when the protocol issues one at once.
final class AuthorizationGrant: Sendable {
    let authorization: AuthorizationRecord
    let mediaToken: MediaToken?

    init(authorization: AuthorizationRecord, mediaToken: MediaToken?) {
        (self.authorization, self.mediaToken) = (authorization, mediaToken)
    }
}

extension EntitlementBackend {
    /// The second-screen sign-in, or ``AccessEnablerError/secondScreenNotSupported`` (before
    /// anything is sent) when the protocol does not offer it.
    func requireSecondScreen() throws(AccessEnablerError) -> any SecondScreenCapability {
        guard let secondScreen else { throw .secondScreenNotSupported }
        return secondScreen
    }
}

extension AccessEnabler.Backend {
    /// The backend that speaks this protocol.
    func make(wire: WireClient, clock: any AccessEnablerClock) -> any EntitlementBackend {
        switch self {
        case .restV2: RESTv2Backend(wire: wire, clock: clock)
        case .restV1: RESTv1Backend(wire: wire, clock: clock)
        }
    }
}
