/// What ``PartnerFramework/status(for:)`` is asked for.
public struct PartnerStatusRequest: Sendable, Equatable {
    /// The framework's identifiers (the configuration's `platformMappingId`) of the providers
    /// the app offers, in the order to show them.
    public var supportedProviderIDs: [String]
    /// The identifiers to feature; each is also in ``supportedProviderIDs``.
    public var featuredProviderIDs: [String]
    /// Whether the framework may show its picker (an explicit sign-in) or must answer silently.
    public var allowsInterruption: Bool

    /// Creates a status request.
    public init(supportedProviderIDs: [String], featuredProviderIDs: [String] = [], allowsInterruption: Bool) {
        self.supportedProviderIDs = supportedProviderIDs
        self.featuredProviderIDs = featuredProviderIDs
        self.allowsInterruption = allowsInterruption
    }
}
