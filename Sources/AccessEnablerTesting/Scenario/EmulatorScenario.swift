import AccessEnabler
import Foundation

/// Everything the emulated Adobe Pass service provider knows: requestors, MVPDs and their users,
/// TTLs, the software statements it accepts, and which resources each viewer may watch.
///
/// It is plain `Codable` data so that a command-line tool can load it from a JSON file; every
/// field has a default, so a minimal file works. Durations are in seconds. See ``standard`` for a
/// ready-made scenario.
public struct EmulatorScenario: Codable, Sendable, Hashable {
    /// The requestors (programmers / channels) the service provider serves.
    public var requestors: [Requestor]
    /// The MVPDs (TV providers), with their users.
    public var mvpds: [MVPD]
    /// How long a TempPass lasts, from its first start on a device, in seconds (default 10 min).
    public var tempPassTTL: TimeInterval
    /// How long a short media token is valid, in seconds (default 7 min).
    public var mediaTokenTTL: TimeInterval
    /// The DCR access-token lifetime sent as `expires_in`, in seconds (default 21600).
    public var accessTokenTTL: TimeInterval
    /// Which software statements `/o/client/register` accepts.
    public var softwareStatements: SoftwareStatementPolicy
    /// The most resource IDs one preauthorize call may carry (default 5).
    public var maxPreauthorizeResources: Int
    /// Whether error bodies carry the enhanced fields (`code`, `action`, …) (default true).
    public var enhancedErrorReporting: Bool
    /// Whether REST v2 calls are held to Adobe's API pages (default true): a header the call's
    /// page does not list, a query or form parameter it does not list, a resume without one of
    /// the parameters its page marks required, or an `X-Device-Info` value outside the header's
    /// restricted lists is answered 400. Adobe's checklist warns that undocumented input risks
    /// 400s; holding clients to the pages here is what lets tests catch it before the live
    /// service does. Off: the emulator accepts the extras and answers an incomplete resume with
    /// `retry`, as Adobe's resume sample 2 shows.
    public var strictV2Requests: Bool
    /// Which resources each MVPD and user may watch.
    public var entitlements: Entitlements
    /// The public keys of the identity services whose service tokens (`AD-Service-Token`) the
    /// service provider accepts (default: none, so every service token is refused). A profile
    /// created with a valid token is found by every device that sends one for the same `sub`.
    public var serviceTokenKeys: [ServiceTokenKey]

    /// Creates a scenario.
    public init(
        requestors: [Requestor] = [],
        mvpds: [MVPD] = [],
        tempPassTTL: TimeInterval = 600,
        mediaTokenTTL: TimeInterval = 420,
        accessTokenTTL: TimeInterval = 21_600,
        softwareStatements: SoftwareStatementPolicy = .init(),
        maxPreauthorizeResources: Int = 5,
        enhancedErrorReporting: Bool = true,
        strictV2Requests: Bool = true,
        entitlements: Entitlements = .init(),
        serviceTokenKeys: [ServiceTokenKey] = []
    ) {
        self.requestors = requestors
        self.mvpds = mvpds
        self.tempPassTTL = tempPassTTL
        self.mediaTokenTTL = mediaTokenTTL
        self.accessTokenTTL = accessTokenTTL
        self.softwareStatements = softwareStatements
        self.maxPreauthorizeResources = maxPreauthorizeResources
        self.enhancedErrorReporting = enhancedErrorReporting
        self.strictV2Requests = strictV2Requests
        self.entitlements = entitlements
        self.serviceTokenKeys = serviceTokenKeys
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case requestors, mvpds, tempPassTTL, mediaTokenTTL, accessTokenTTL, softwareStatements
        case maxPreauthorizeResources, enhancedErrorReporting, strictV2Requests, entitlements, serviceTokenKeys
    }

    /// Decodes a scenario; every missing field takes its default.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = EmulatorScenario()
        requestors = try container.decodeIfPresent([Requestor].self, forKey: .requestors) ?? []
        mvpds = try container.decodeIfPresent([MVPD].self, forKey: .mvpds) ?? []
        tempPassTTL = try container.decodeIfPresent(TimeInterval.self, forKey: .tempPassTTL) ?? defaults.tempPassTTL
        mediaTokenTTL =
            try container.decodeIfPresent(TimeInterval.self, forKey: .mediaTokenTTL)
            ?? defaults.mediaTokenTTL
        accessTokenTTL =
            try container.decodeIfPresent(TimeInterval.self, forKey: .accessTokenTTL)
            ?? defaults.accessTokenTTL
        softwareStatements =
            try container.decodeIfPresent(SoftwareStatementPolicy.self, forKey: .softwareStatements)
            ?? defaults.softwareStatements
        maxPreauthorizeResources =
            try container.decodeIfPresent(Int.self, forKey: .maxPreauthorizeResources)
            ?? defaults.maxPreauthorizeResources
        enhancedErrorReporting =
            try container.decodeIfPresent(Bool.self, forKey: .enhancedErrorReporting)
            ?? defaults.enhancedErrorReporting
        strictV2Requests =
            try container.decodeIfPresent(Bool.self, forKey: .strictV2Requests)
            ?? defaults.strictV2Requests
        entitlements =
            try container.decodeIfPresent(Entitlements.self, forKey: .entitlements)
            ?? defaults.entitlements
        serviceTokenKeys = try container.decodeIfPresent([ServiceTokenKey].self, forKey: .serviceTokenKeys) ?? []
    }

    /// The requestor with `id`, if configured.
    public func requestor(withID id: String) -> Requestor? { requestors.first { $0.id == id } }

    /// The MVPD with `id`, if configured.
    public func mvpd(withID id: String) -> MVPD? { mvpds.first { $0.id == id } }
}
