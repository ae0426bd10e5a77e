import Foundation

/// A TV provider (multichannel video programming distributor) offered by the requestor.
public struct MVPD: Sendable, Hashable, Codable, Identifiable {
    /// The MVPD ID, for example `Comcast_SSO`.
    public var id: String
    /// The name to show in a provider picker.
    public var displayName: String
    /// The provider's logo.
    public var logoURL: URL?
    /// Whether this is a TempPass pseudo-MVPD (authenticated without a login page).
    public var isTempPass: Bool
    /// Whether the MVPD is a proxy for other MVPDs.
    public var isProxy: Bool
    /// Whether Apple single sign-on is enabled for this MVPD.
    public var enablePlatformServices: Bool
    /// Apple SSO boarding status (`SUPPORTED`, `PICKER`, or nil).
    public var boardingStatus: String?
    /// Whether the MVPD is shown in the platform picker.
    public var displayInPlatformPicker: Bool
    /// The platform's identifier for this MVPD (Apple's account provider ID).
    public var platformMappingId: String?
    /// Metadata fields the platform SSO exchange needs.
    public var requiredMetadataFields: [String]
    /// The service provider this MVPD is bound to: every call for it goes there.
    public var serviceProvider: URL

    /// Creates an MVPD.
    public init(
        id: String,
        displayName: String? = nil,
        logoURL: URL? = nil,
        isTempPass: Bool = false,
        isProxy: Bool = false,
        enablePlatformServices: Bool = false,
        boardingStatus: String? = nil,
        displayInPlatformPicker: Bool = false,
        platformMappingId: String? = nil,
        requiredMetadataFields: [String] = [],
        serviceProvider: URL
    ) {
        self.id = id
        self.displayName = displayName ?? id
        self.logoURL = logoURL
        self.isTempPass = isTempPass
        self.isProxy = isProxy
        self.enablePlatformServices = enablePlatformServices
        self.boardingStatus = boardingStatus
        self.displayInPlatformPicker = displayInPlatformPicker
        self.platformMappingId = platformMappingId
        self.requiredMetadataFields = requiredMetadataFields
        self.serviceProvider = serviceProvider
    }
}
