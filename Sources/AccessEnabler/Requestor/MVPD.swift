import Foundation

/// A TV provider (multichannel video programming distributor) offered by the requestor.
public struct MVPD: Sendable, Hashable, Codable, Identifiable {
    // The fields live behind one immutable reference, replaced when a field is set: an MVPD is
    // part of every authentication, configuration and sign-in state, and copying its twelve
    // fields inline cost an app's code a copy, assign and destroy of all of them in each value
    // and async frame that holds one (docs/performance.md). Encoded as the fields alone.
    struct Fields: Sendable, Hashable, Codable {
        var id: String
        var displayName: String
        var logoURL: URL?
        var isTempPass: Bool
        var isProxy: Bool
        var enablePlatformServices: Bool
        var boardingStatus: String?
        var displayInPlatformPicker: Bool
        var platformMappingId: String?
        var requiredMetadataFields: [String]
        var requiresSafariViewController: Bool
        var serviceProvider: URL
    }

    private final class Storage: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = storage.fields
        change(&fields)
        storage = Storage(fields)
    }

    /// The MVPD ID, for example `Comcast_SSO`.
    public var id: String {
        get { storage.fields.id }
        set { update { $0.id = newValue } }
    }
    /// The name to show in a provider picker.
    public var displayName: String {
        get { storage.fields.displayName }
        set { update { $0.displayName = newValue } }
    }
    /// The provider's logo.
    public var logoURL: URL? {
        get { storage.fields.logoURL }
        set { update { $0.logoURL = newValue } }
    }
    /// Whether this is a TempPass pseudo-MVPD (authenticated without a login page).
    public var isTempPass: Bool {
        get { storage.fields.isTempPass }
        set { update { $0.isTempPass = newValue } }
    }
    /// Whether the MVPD is a proxy for other MVPDs.
    public var isProxy: Bool {
        get { storage.fields.isProxy }
        set { update { $0.isProxy = newValue } }
    }
    /// Whether Apple single sign-on is enabled for this MVPD.
    public var enablePlatformServices: Bool {
        get { storage.fields.enablePlatformServices }
        set { update { $0.enablePlatformServices = newValue } }
    }
    /// Apple SSO boarding status (`SUPPORTED`, `PICKER`, or nil).
    public var boardingStatus: String? {
        get { storage.fields.boardingStatus }
        set { update { $0.boardingStatus = newValue } }
    }
    /// Whether the MVPD is shown in the platform picker.
    public var displayInPlatformPicker: Bool {
        get { storage.fields.displayInPlatformPicker }
        set { update { $0.displayInPlatformPicker = newValue } }
    }
    /// The platform's identifier for this MVPD (Apple's account provider ID).
    public var platformMappingId: String? {
        get { storage.fields.platformMappingId }
        set { update { $0.platformMappingId = newValue } }
    }
    /// Metadata fields the platform SSO exchange needs.
    public var requiredMetadataFields: [String] {
        get { storage.fields.requiredMetadataFields }
        set { update { $0.requiredMetadataFields = newValue } }
    }
    /// Whether the MVPD's login and logout pages must open in Safari (`SFSafariViewController`)
    /// rather than a web view: some MVPDs block web views. Set from the configuration's `requiresSVC`.
    /// These pages end on the app's custom scheme (`adbe.<id>://adobe.com`).
    public var requiresSafariViewController: Bool {
        get { storage.fields.requiresSafariViewController }
        set { update { $0.requiresSafariViewController = newValue } }
    }
    /// The service provider this MVPD is bound to: every call for it goes there.
    public var serviceProvider: URL {
        get { storage.fields.serviceProvider }
        set { update { $0.serviceProvider = newValue } }
    }

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
        storage = Storage(
            Fields(
                id: id, displayName: displayName ?? id, logoURL: logoURL, isTempPass: isTempPass, isProxy: isProxy,
                enablePlatformServices: enablePlatformServices, boardingStatus: boardingStatus,
                displayInPlatformPicker: displayInPlatformPicker, platformMappingId: platformMappingId,
                requiredMetadataFields: requiredMetadataFields,
                requiresSafariViewController: requiresSafariViewController, serviceProvider: serviceProvider))
    }

    /// Decodes an MVPD; one stored before ``requiresSafariViewController`` existed reads as false.
    public init(from decoder: any Decoder) throws {
        storage = Storage(try Fields(from: decoder))
    }

    /// Encodes the MVPD's fields.
    public func encode(to encoder: any Encoder) throws {
        try storage.fields.encode(to: encoder)
    }

    /// Whether the two describe the same MVPD, field by field.
    public static func == (lhs: MVPD, rhs: MVPD) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// Hashes the MVPD's fields.
    public func hash(into hasher: inout Hasher) {
        storage.fields.hash(into: &hasher)
    }
}

// The fields coded with the SDK's shared key (`JSONKey`); in an extension, so that `Fields`
// keeps its memberwise initializer.
extension MVPD.Fields {
    /// One stored before `requiresSafariViewController` existed reads as false.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        id = try container.decode(String.self, forKey: "id")
        displayName = try container.decode(String.self, forKey: "displayName")
        logoURL = try container.decodeIfPresent(URL.self, forKey: "logoURL")
        isTempPass = try container.decode(Bool.self, forKey: "isTempPass")
        isProxy = try container.decode(Bool.self, forKey: "isProxy")
        enablePlatformServices = try container.decode(Bool.self, forKey: "enablePlatformServices")
        boardingStatus = try container.decodeIfPresent(String.self, forKey: "boardingStatus")
        displayInPlatformPicker = try container.decode(Bool.self, forKey: "displayInPlatformPicker")
        platformMappingId = try container.decodeIfPresent(String.self, forKey: "platformMappingId")
        requiredMetadataFields = try container.decode([String].self, forKey: "requiredMetadataFields")
        requiresSafariViewController =
            try container.decodeIfPresent(Bool.self, forKey: "requiresSafariViewController") ?? false
        serviceProvider = try container.decode(URL.self, forKey: "serviceProvider")
    }

    func encode(to encoder: any Encoder) throws {
        var body = encoder.container(keyedBy: JSONKey.self)
        try body.encode(id, forKey: "id")
        try body.encode(displayName, forKey: "displayName")
        try body.encodeIfPresent(logoURL, forKey: "logoURL")
        try body.encode(isTempPass, forKey: "isTempPass")
        try body.encode(isProxy, forKey: "isProxy")
        try body.encode(enablePlatformServices, forKey: "enablePlatformServices")
        try body.encodeIfPresent(boardingStatus, forKey: "boardingStatus")
        try body.encode(displayInPlatformPicker, forKey: "displayInPlatformPicker")
        try body.encodeIfPresent(platformMappingId, forKey: "platformMappingId")
        try body.encode(requiredMetadataFields, forKey: "requiredMetadataFields")
        try body.encode(requiresSafariViewController, forKey: "requiresSafariViewController")
        try body.encode(serviceProvider, forKey: "serviceProvider")
    }
}
