import AccessEnabler
import Foundation

/// A scriptable partner framework (a stand-in for Apple's TV Provider) for tests and demos.
///
/// Script the viewer's permission, the provider they are signed in with at the system level,
/// what they do in the picker and in the exchange; the fake records every request it gets.
/// Its responses are SAML-shaped answers to the emulator's requests, which ``PassEmulator``
/// accepts.
///
/// ```swift
/// let partner = FakePartnerFramework(clock: clock, picker: .select("Cablevision-Apple"))
/// configuration.partnerFramework = partner
/// ```
public actor FakePartnerFramework: PartnerFramework {
    /// What the viewer does in the partner's picker.
    public enum PickerAction: Sendable, Hashable {
        /// Picks the provider with this partner identifier and signs in.
        case select(String)
        /// Dismisses the picker.
        case cancel
        /// Picks a provider the partner does not sign in (a picker-only provider).
        case unsupported(String)
        /// Picks none of the listed providers ("Other TV Provider" in Apple's picker): the
        /// partner answers "unsupported provider" without naming one.
        case otherProvider
    }

    /// What happens when the SDK hands over Adobe's authentication request.
    public enum ExchangeAction: Sendable, Hashable {
        /// The partner answers with a SAML response for the scripted user.
        case respond
        /// The viewer dismisses the partner's login.
        case cancel
        /// The partner answers with a response the server cannot read.
        case invalidResponse
    }

    /// The partner's name in the API paths.
    public nonisolated let partnerName: String
    /// The viewer's permission.
    public var accessStatus: PartnerFrameworkStatus.AccessStatus
    /// The provider the viewer is signed in with at the system level (nil: not signed in).
    public var signedInProvider: String?
    /// When the system-level sign-in expires.
    public var expirationDate: Date?
    /// What the viewer does in the picker.
    public var picker: PickerAction
    /// What happens in the exchange.
    public var exchange: ExchangeAction
    /// The user ID the partner's response carries.
    public var userID: String
    /// How long a sign-in made in the picker lasts.
    public var signInLifetime: TimeInterval
    /// Called when the fake shows its picker (a real framework hands the app a view
    /// controller to present).
    public var onPickerShown: (@Sendable () async -> Void)?
    /// Called when the fake's picker goes away, whatever the viewer did.
    public var onPickerDismissed: (@Sendable () async -> Void)?
    /// Every status request, in order.
    public private(set) var statusRequests: [PartnerStatusRequest] = []
    /// Every authentication request, in order.
    public private(set) var authenticationRequests: [PartnerAuthenticationRequest] = []
    private let clock: any AccessEnablerClock

    /// Creates a fake partner.
    public init(
        partnerName: String = "Apple", clock: any AccessEnablerClock,
        accessStatus: PartnerFrameworkStatus.AccessStatus = .granted,
        signedInProvider: String? = nil, expirationDate: Date? = nil, picker: PickerAction = .cancel,
        exchange: ExchangeAction = .respond, userID: String = "partner-user", signInLifetime: TimeInterval = 86_400
    ) {
        self.partnerName = partnerName
        self.clock = clock
        self.accessStatus = accessStatus
        self.signedInProvider = signedInProvider
        self.expirationDate = expirationDate
        self.picker = picker
        self.exchange = exchange
        self.userID = userID
        self.signInLifetime = signInLifetime
    }

    /// Changes the script.
    public func update(_ change: @Sendable (isolated FakePartnerFramework) -> Void) {
        change(self)
    }

    /// The status: without permission, the permission alone; signed in, the provider; else,
    /// when the picker may be shown, the scripted picker action.
    public func status(for request: PartnerStatusRequest) async throws -> PartnerFrameworkOutcome<
        PartnerFrameworkStatus
    > {
        statusRequests.append(request)
        guard accessStatus == .granted else { return .completed(PartnerFrameworkStatus(accessStatus: accessStatus)) }
        if signedInProvider == nil, request.allowsInterruption {
            await onPickerShown?()
            let outcome = pick(from: request)
            await onPickerDismissed?()
            if let outcome { return outcome }
        }
        return .completed(currentStatus)
    }

    /// The SAML-shaped response to Adobe's request, answering its `ID`.
    public func authenticate(_ request: PartnerAuthenticationRequest) async throws
        -> PartnerFrameworkOutcome<PartnerAuthenticationResponse>
    {
        authenticationRequests.append(request)
        switch exchange {
        case .cancel:
            return .userCancelled
        case .invalidResponse:
            return .completed(PartnerAuthenticationResponse(response: "<not-saml/>", status: currentStatus))
        case .respond:
            let requestID =
                Data(base64Encoded: request.request)
                .flatMap { String(data: $0, encoding: .utf8) }
                .flatMap(Self.requestID(in:)) ?? ""
            let response = """
                <samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" InResponseTo="\(requestID)">
                  <saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">
                    <saml:Subject><saml:NameID>\(userID)</saml:NameID></saml:Subject>
                  </saml:Assertion>
                </samlp:Response>
                """
            return .completed(PartnerAuthenticationResponse(response: response, status: currentStatus))
        }
    }

    /// The scripted picker action: an outcome that ends the request, or nil once signed in.
    private func pick(from request: PartnerStatusRequest) -> PartnerFrameworkOutcome<PartnerFrameworkStatus>? {
        switch picker {
        case .cancel:
            return .userCancelled
        case .unsupported(let id):
            return .providerNotSupported(providerID: id)
        case .otherProvider:
            return .providerNotSupported(providerID: nil)
        case .select(let id):
            guard request.supportedProviderIDs.contains(id) else { return .providerNotSupported(providerID: id) }
            signedInProvider = id
            expirationDate = clock.now.addingTimeInterval(signInLifetime)
            return nil
        }
    }

    private var currentStatus: PartnerFrameworkStatus {
        PartnerFrameworkStatus(accessStatus: accessStatus, providerID: signedInProvider, expirationDate: expirationDate)
    }

    private static func requestID(in xml: String) -> String? {
        guard let start = xml.range(of: " ID=\"") else { return nil }
        guard let end = xml[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(xml[start.upperBound..<end])
    }
}
