import Foundation

/// A platform's single sign-on framework, such as Apple's TV Provider (VideoSubscriberAccount).
///
/// Give one to ``AccessEnabler/Configuration/partnerFramework`` and
/// ``AccessEnabler/authenticate(forceAuthentication:data:providerFilter:presenter:)`` asks it
/// first, over REST API v2's partner single sign-on APIs; every documented fallback (permission
/// not granted, provider not onboarded, the server's validation) continues with the MVPD picker
/// and browser login without an error. On Apple platforms use `TVProviderPartnerFramework`;
/// tests use `FakePartnerFramework` from `AccessEnablerTesting`.
public protocol PartnerFramework: Sendable {
    /// The partner's name in the API paths (`Apple` for `/sessions/sso/Apple`).
    var partnerName: String { get }

    /// The viewer's permission and the provider they are signed in with at the system level.
    /// With ``PartnerStatusRequest/allowsInterruption`` the framework may show its provider picker.
    func status(for request: PartnerStatusRequest) async throws -> PartnerFrameworkOutcome<PartnerFrameworkStatus>

    /// Hands Adobe's partner authentication request to the framework and returns its response.
    func authenticate(_ request: PartnerAuthenticationRequest) async throws
        -> PartnerFrameworkOutcome<PartnerAuthenticationResponse>
}
