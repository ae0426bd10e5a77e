import Foundation

extension AccessEnabler {
    /// Values attached to every later request (the legacy `setOptions:` dictionary, typed).
    public struct Options: Sendable, Hashable {
        /// A value the server may use to select configuration (`applicationProfile`).
        public var applicationProfile: String?
        /// The Experience Cloud visitor ID (ECID), sent as `ap_vi` / `AP-Visitor-Identifier`.
        public var visitorID: String?
        /// Whether the app presents Safari view controllers itself (legacy `handleSVC`); used by
        /// the legacy adapter to choose `navigateToUrl(_:useSVC:)`.
        public var handleSVC: Bool
        /// Client information that replaces the computed `X-Device-Info` entirely.
        public var deviceInfo: DeviceInfo?

        /// Creates options.
        public init(applicationProfile: String? = nil, visitorID: String? = nil, handleSVC: Bool = false,
                    deviceInfo: DeviceInfo? = nil) {
            self.applicationProfile = applicationProfile
            self.visitorID = visitorID
            self.handleSVC = handleSVC
            self.deviceInfo = deviceInfo
        }
    }
}
