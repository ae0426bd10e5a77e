import Foundation

/// What every request of one call carries: who is asking, from which device, with which options.
struct RequestContext: Sendable {
    /// The SDK version sent in `User-Agent` and `AP-SDK-Identifier`.
    static let sdkVersion = "1.0.0"

    var requestorID: String
    var deviceID: String
    var options: AccessEnabler.Options
    var redirectURL: URL
    var defaultDeviceInfo: DeviceInfo

    /// The `X-Device-Info` value: the app's device info when set, else the computed one, whose
    /// `applicationId` falls back to the requestor ID (as Adobe's iOS sample does) where the
    /// process has no bundle identifier.
    var deviceInfoHeader: String {
        if let deviceInfo = options.deviceInfo { return deviceInfo.base64EncodedJSON }
        var info = defaultDeviceInfo
        if info.applicationId == nil { info.applicationId = requestorID }
        return info.base64EncodedJSON
    }

    /// Headers on every call, protected or not.
    var commonHeaders: HTTPHeaders {
        [
            "Accept": "application/json",
            "X-Device-Info": deviceInfoHeader,
            "User-Agent": "AccessEnabler-Swift/\(Self.sdkVersion) (\(DeviceInfo.osName) \(DeviceInfo.osVersion))",
            "AP-SDK-Identifier": "swift/\(Self.sdkVersion)",
        ]
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
