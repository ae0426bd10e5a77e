/// Adobe's partner authentication request, for the framework to pass to the MVPD.
public struct PartnerAuthenticationRequest: Sendable, Equatable {
    /// The protocol of the request (`saml`, the only one Adobe uses today).
    public var type: String
    /// The request itself as Adobe sent it (on Apple platforms the metadata request's
    /// verification token).
    public var request: String
    /// The attributes to ask the MVPD for (on Apple platforms the metadata request's attribute names).
    public var attributeNames: [String]
    /// The framework's identifier of the provider the viewer is signed in with.
    public var providerID: String?
    /// The Adobe MVPD ID the server resolved it to.
    public var mvpdID: String?

    /// Creates a request.
    public init(
        type: String, request: String, attributeNames: [String], providerID: String? = nil, mvpdID: String? = nil
    ) {
        self.type = type
        self.request = request
        self.attributeNames = attributeNames
        self.providerID = providerID
        self.mvpdID = mvpdID
    }
}
