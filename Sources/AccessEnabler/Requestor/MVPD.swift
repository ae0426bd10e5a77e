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
    /// Whether the MVPD's login and logout pages must open in Safari (`SFSafariViewController`)
    /// rather than a web view: some MVPDs block web views. Set from the configuration's `requiresSVC`.
    /// These pages end on the app's custom scheme (`adbe.<id>://adobe.com`).
    public var requiresSafariViewController: Bool
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
        requiresSafariViewController: Bool = false,
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
        self.requiresSafariViewController = requiresSafariViewController
        self.serviceProvider = serviceProvider
    }

    /// Decodes an MVPD; one stored before ``requiresSafariViewController`` existed reads as false.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        displayName = try container.decode(String.self, forKey: .displayName)
        logoURL = try container.decodeIfPresent(URL.self, forKey: .logoURL)
        isTempPass = try container.decode(Bool.self, forKey: .isTempPass)
        isProxy = try container.decode(Bool.self, forKey: .isProxy)
        enablePlatformServices = try container.decode(Bool.self, forKey: .enablePlatformServices)
        boardingStatus = try container.decodeIfPresent(String.self, forKey: .boardingStatus)
        displayInPlatformPicker = try container.decode(Bool.self, forKey: .displayInPlatformPicker)
        platformMappingId = try container.decodeIfPresent(String.self, forKey: .platformMappingId)
        requiredMetadataFields = try container.decode([String].self, forKey: .requiredMetadataFields)
        requiresSafariViewController =
            try container.decodeIfPresent(Bool.self, forKey: .requiresSafariViewController) ?? false
        serviceProvider = try container.decode(URL.self, forKey: .serviceProvider)
    }
}
