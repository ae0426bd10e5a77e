/// A request for preauthorization decisions on one or more resources (for UI hints such as lock
/// icons; playback still needs ``AccessEnabler/authorize(resource:data:)``).
public struct PreauthorizeRequest: Sendable, Equatable {
    /// The resource IDs (or media RSS fragments agreed with the MVPD), in the order decisions are
    /// wanted. Duplicates are collapsed.
    public var resources: [String]
    /// Features to turn off for this request; every feature is on by default.
    public var disabledFeatures: Set<Feature>

    /// Creates a request.
    public init(resources: [String], disabledFeatures: Set<Feature> = []) {
        self.resources = resources
        self.disabledFeatures = disabledFeatures
    }

    /// A preauthorization feature that can be disabled per request.
    public enum Feature: String, Sendable, Hashable, CaseIterable, Codable {
        /// Answer from the SDK's decision cache when it holds a valid decision.
        case localCache = "LOCAL_CACHE"
        /// Let the Adobe Pass server answer from its own decision cache (disabled: ask the MVPD).
        ///
        /// Only REST API v1 has a switch for it: disabling it sends `Cache-Control: no-cache`.
        /// On REST API v2 (the default backend) disabling it changes nothing on the wire — v2
        /// has no remote-cache switch, and its pages list no `Cache-Control` header, which the
        /// service may reject — so the SDK only logs a debug line. Disable ``localCache`` to
        /// skip the SDK's own cache on either backend.
        case remoteCache = "REMOTE_CACHE"
    }
}
