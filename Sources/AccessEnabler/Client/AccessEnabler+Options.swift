import Foundation

extension AccessEnabler {
    /// Values attached to every later request (the legacy `setOptions:` dictionary, typed).
    public struct Options: Sendable, Equatable {
        /// A value the server may use to select configuration (`applicationProfile`). Sent on
        /// REST API v1 only: REST API v2 has no parameter for it (a debug log line says so).
        public var applicationProfile: String?
        /// The Experience Cloud visitor ID (ECID), sent as `ap_vi` (REST v1) or
        /// `AP-Visitor-Identifier` (REST v2, on every call whose page lists it: all but the
        /// configuration). ``AccessEnabler/setOptions(_:)`` does not send one that holds control
        /// characters (a line break would end the header) or is longer than
        /// ``maximumVisitorIDLength`` bytes (an ECID is 38 characters); it logs why.
        public var visitorID: String?

        /// The longest ``visitorID`` sent, in UTF-8 bytes: far above an ECID, far below what
        /// servers refuse as an oversized header.
        public static let maximumVisitorIDLength = 1024

        /// Why `visitorID` cannot be sent, as the end of a sentence; nil when it can.
        static func visitorIDProblem(_ visitorID: String) -> String? {
            if visitorID.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                return "contains control characters"
            }
            if visitorID.utf8.count > maximumVisitorIDLength {
                return "is longer than \(maximumVisitorIDLength) bytes"
            }
            return nil
        }
        /// Whether the app presents Safari view controllers itself (legacy `handleSVC`); used by
        /// the legacy adapter to choose `navigate(toUrl:useSVC:)`.
        public var handleSVC: Bool
        /// Client information that replaces the computed `X-Device-Info` entirely.
        public var deviceInfo: DeviceInfo?
        /// The device's own IP address (`connectionIp` in `X-Device-Info`), for MVPDs with
        /// home-based authentication, which check that the device is in the subscriber's home.
        ///
        /// The SDK cannot know the address the MVPD should see (a device behind NAT only knows its
        /// private one), so it sends this only when the app sets it. It overrides a
        /// `connectionIp` in ``deviceInfo``.
        public var connectionIP: String?
        /// The port the device sends requests from (`connectionPort` in `X-Device-Info`), sent only
        /// when the app sets it, for the same home-based authentication checks as
        /// ``connectionIP``. It overrides a `connectionPort` in ``deviceInfo``.
        public var connectionPort: UInt16?
        /// Where the login and logout pages of an MVPD that opens in Safari
        /// (``MVPD/requiresSafariViewController``) end: the app's custom-scheme URL
        /// (`adbe.<id>://adobe.com`), which iOS hands back to the app. When nil (the default) the
        /// SDK finds it in the registration or the app's URL types (see
        /// ``Configuration/redirectURL``).
        public var safariRedirectURL: URL?

        /// Creates options.
        public init(
            applicationProfile: String? = nil, visitorID: String? = nil, handleSVC: Bool = false,
            deviceInfo: DeviceInfo? = nil, connectionIP: String? = nil, connectionPort: UInt16? = nil,
            safariRedirectURL: URL? = nil
        ) {
            self.applicationProfile = applicationProfile
            self.visitorID = visitorID
            self.handleSVC = handleSVC
            self.deviceInfo = deviceInfo
            self.connectionIP = connectionIP
            self.connectionPort = connectionPort
            self.safariRedirectURL = safariRedirectURL
        }
    }

    /// Changes some of the options attached to every later request, keeping the others: the
    /// legacy adapter's `setOptions:` and `svcRedirectURL` each set only the keys they name.
    package func updateOptions(_ change: @Sendable (inout Options) -> Void) {
        var updated = options
        change(&updated)
        setOptions(updated)
    }
}
