/// What the Apple binding asks VideoSubscriberAccount for, as values: the `VSAccountMetadataRequest`
/// of a status read or of an exchange, decided here on every platform.
struct TVProviderMetadataRequest: Sendable {
    /// The SAML issuer Adobe's integration names.
    var channelIdentifier = TVProviderMetadata.channelIdentifier
    var includesAccountProviderIdentifier = true
    var includesAuthenticationExpirationDate = true
    /// Whether Apple may show its picker or the provider's login.
    var isInterruptionAllowed: Bool
    /// The providers the viewer may choose; empty: any provider.
    var supportedProviderIDs: [String] = []
    var featuredProviderIDs: [String] = []
    /// Adobe's SAML request.
    var verificationToken: String?
    /// The attributes the provider's SAML response must carry.
    var attributeNames: [String] = []

    /// The status read: the providers the app offers, Apple's picker only when the call allows it.
    static func status(_ request: PartnerStatusRequest) -> TVProviderMetadataRequest {
        TVProviderMetadataRequest(
            isInterruptionAllowed: request.allowsInterruption, supportedProviderIDs: request.supportedProviderIDs,
            featuredProviderIDs: request.featuredProviderIDs)
    }

    /// The exchange of Adobe's request for the provider's SAML response, limited to the provider
    /// the status named: a viewer who signed out at Apple since is not offered every provider.
    ///
    /// - Throws: `no_attribute_names` when Adobe named no attributes: Apple would answer without a
    ///   SAML response, after perhaps showing the provider's login for nothing.
    static func exchange(_ request: PartnerAuthenticationRequest) throws(TVProviderError) -> TVProviderMetadataRequest {
        guard !request.attributeNames.isEmpty else { throw TVProviderError(code: "no_attribute_names") }
        let providerIDs = request.providerID.map { [$0] } ?? []
        return TVProviderMetadataRequest(
            isInterruptionAllowed: true, supportedProviderIDs: providerIDs, verificationToken: request.request,
            attributeNames: request.attributeNames)
    }
}
