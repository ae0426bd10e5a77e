import Foundation

/// What every request of one call carries: who is asking, from which device, with which options.
///
/// The header values are computed when the context is made, not per request: the actor reuses
/// the encoded `X-Device-Info` until the requestor or the app's device info changes.
struct RequestContext: Sendable {
    /// The SDK version sent in `User-Agent` and `AP-SDK-Identifier`.
    static let sdkVersion = "1.0.0"
    /// The `User-Agent` of every request.
    static let userAgent = "AccessEnabler-Swift/\(sdkVersion) (\(DeviceInfo.osName) \(DeviceInfo.osVersion))"

    let requestorID: String
    let deviceID: String
    let options: AccessEnabler.Options
    let redirectURL: URL
    /// The REST API v2 `AP-Device-Identifier` value: `fingerprint <Base64 of the device ID>`.
    let deviceIdentifierHeader: String
    /// Headers on every call, protected or not.
    let commonHeaders: HTTPHeaders

    init(requestorID: String, deviceID: String, options: AccessEnabler.Options, redirectURL: URL, deviceInfoHeader: String) {
        self.requestorID = requestorID
        self.deviceID = deviceID
        self.options = options
        self.redirectURL = redirectURL
        self.deviceIdentifierHeader = "fingerprint " + Data(deviceID.utf8).base64EncodedString()
        self.commonHeaders = [
            "Accept": "application/json",
            "X-Device-Info": deviceInfoHeader,
            "User-Agent": Self.userAgent,
            "AP-SDK-Identifier": "swift/\(Self.sdkVersion)",
        ]
    }

    /// The `X-Device-Info` value: the app's device info when set, else the computed one, whose
    /// `applicationId` falls back to the requestor ID (as Adobe's iOS sample does) where the
    /// process has no bundle identifier.
    static func deviceInfoHeader(requestorID: String, appDeviceInfo: DeviceInfo?, defaultDeviceInfo: DeviceInfo) -> String {
        if let appDeviceInfo { return appDeviceInfo.base64EncodedJSON }
        var info = defaultDeviceInfo
        if info.applicationId == nil { info.applicationId = requestorID }
        return info.base64EncodedJSON
    }

    /// `requestor`, `deviceId`, then the optional `ap_vi` and `applicationProfile` (REST v1).
    var commonQuery: [(String, String)] {
        var items = [("requestor", requestorID), ("deviceId", deviceID)]
        items += optionalQuery
        return items
    }

    /// The optional parameters the app set with `setOptions`.
    var optionalQuery: [(String, String)] {
        var items: [(String, String)] = []
        if let visitor = options.visitorID, !visitor.isEmpty { items.append(("ap_vi", visitor)) }
        if let profile = options.applicationProfile, !profile.isEmpty { items.append(("applicationProfile", profile)) }
        return items
    }
}
