import Foundation

/// Running totals of what the emulator did, for assertions such as "the cache answered".
public struct EmulatorCounters: Sendable, Hashable, Codable {
    /// Clients registered through DCR.
    public var clientsRegistered = 0
    /// Access tokens issued.
    public var accessTokensIssued = 0
    /// Authentications created (login form, auto-login, TempPass, v2 degraded access).
    public var sessionsCreated = 0
    /// Entitlement decisions the emulated MVPD made (authorize, and preauthorize cache misses).
    public var mvpdDecisions = 0
    /// Preauthorize decisions answered from the remote decision cache.
    public var preauthorizeCacheHits = 0
    /// Short media tokens issued.
    public var mediaTokensIssued = 0

    /// Creates zeroed counters.
    public init() {}
}
