import AccessEnabler

extension PreauthorizeRequest {
    /// Builds a ``PreauthorizeRequest`` the way the legacy SDK did:
    ///
    /// ```swift
    /// let request = PreauthorizeRequest.Builder()
    ///     .setResources(resources: ["news", "sports"])
    ///     .disableFeatures(features: [PreauthorizeRequest.Feature.LOCAL_CACHE])
    ///     .build()
    /// ```
    ///
    /// Every feature is enabled unless disabled. `build()` has no side effects, so one builder can
    /// produce several requests.
    public final class Builder: Sendable {
        // Builders are configured on one thread and then built; the lock makes concurrent use safe anyway.
        private let request = LockedValue(PreauthorizeRequest(resources: []))

        /// Creates a builder with no resources and every feature enabled.
        public init() {}

        /// Sets the resources (IDs or media RSS fragments agreed with the MVPD).
        @discardableResult
        public func setResources(resources: [String]) -> Builder {
            request.withLock { $0.resources = resources }
            return self
        }

        /// Sets the features to disable for this request.
        @discardableResult
        public func disableFeatures(features: Set<Feature>) -> Builder {
            request.withLock { $0.disabledFeatures = features }
            return self
        }

        /// A new request with the values set so far.
        public func build() -> PreauthorizeRequest {
            request.withLock { $0 }
        }
    }
}

extension PreauthorizeRequest.Feature {
    /// The legacy spelling of ``localCache``.
    public static let LOCAL_CACHE = PreauthorizeRequest.Feature.localCache
    /// The legacy spelling of ``remoteCache``.
    public static let REMOTE_CACHE = PreauthorizeRequest.Feature.remoteCache
}

/// The name the legacy sample code used for ``PreauthorizeRequest``.
@available(*, deprecated, renamed: "PreauthorizeRequest")
public typealias PreauthorizationRequest = PreauthorizeRequest
