/// The framework's answer to a ``PartnerAuthenticationRequest``.
public struct PartnerAuthenticationResponse: Sendable, Equatable {
    /// The partner's response as the framework returned it (on Apple platforms the SAML of
    /// `samlAttributeQueryResponse`); the SDK removes line breaks and encodes it for Adobe.
    public var response: String
    /// The framework's status after the exchange, when it has a newer one than before.
    public var status: PartnerFrameworkStatus?

    /// Creates a response.
    public init(response: String, status: PartnerFrameworkStatus? = nil) {
        self.response = response
        self.status = status
    }
}
