import Foundation

/// What every request of one call carries: who is asking, from which device, with which options.
///
/// The header values are computed when the context is made, not per request: a
/// ``RequestContextMemo`` reuses the encoded `X-Device-Info` until the requestor, the app's
/// options or the connection type change. Which headers a request carries is its call's rule
/// (``WireEndpoint/headerRule``; each v2 page lists its own).
struct RequestContext: Sendable {
    /// The SDK version sent in `User-Agent` (and, on REST v1, `AP-SDK-Identifier`).
    static let sdkVersion = AccessEnabler.version
    /// The `User-Agent` of every request.
    static let userAgent = "AccessEnabler-Swift/\(sdkVersion) (\(DeviceInfo.osName) \(DeviceInfo.osVersion))"
    /// The `Accept` of every request: JSON, the only format the SDK parses.
    static let accept = "application/json"

    // What stays the same for every call until the requestor, the options or the connection type
    // change, behind one reference: a context is copied into every request and every async frame
    // of a call, and seven fields inline cost a retain each on every copy (and, on iOS, about
    // 5 KB of value-witness code; docs/performance.md).
    private final class Fixed: Sendable {
        let requestorID: String
        let deviceID: String
        let options: AccessEnabler.Options
        let deviceIdentifierHeader: String
        let deviceInfoHeader: String
        let registrationHeaders: HTTPTransportHeaders
        let v1Headers: HTTPTransportHeaders

        init(requestorID: String, deviceID: String, options: AccessEnabler.Options, deviceInfoHeader: String) {
            self.requestorID = requestorID
            self.deviceID = deviceID
            self.options = options
            self.deviceIdentifierHeader = "fingerprint " + Data(deviceID.utf8).base64EncodedString()
            self.deviceInfoHeader = deviceInfoHeader
            self.registrationHeaders = [
                "Accept": RequestContext.accept,
                "X-Device-Info": deviceInfoHeader,
                "User-Agent": RequestContext.userAgent,
            ]
            var v1Headers = registrationHeaders
            v1Headers.add(name: "AP-SDK-Identifier", value: "swift/\(RequestContext.sdkVersion)")
            self.v1Headers = v1Headers
        }
    }

    private let fixed: Fixed

    var requestorID: String { fixed.requestorID }
    var deviceID: String { fixed.deviceID }
    var options: AccessEnabler.Options { fixed.options }
    /// Where browser pages end; an MVPD whose pages open in Safari has the app's scheme.
    var redirectURL: URL
    /// The REST API v2 `AP-Device-Identifier` value: `fingerprint <Base64 of the device ID>`.
    var deviceIdentifierHeader: String { fixed.deviceIdentifierHeader }
    /// The `X-Device-Info` value.
    var deviceInfoHeader: String { fixed.deviceInfoHeader }
    /// `Accept`, `User-Agent` and `X-Device-Info`: what the DCR pages list besides
    /// `Content-Type`, and the base of the v1 set.
    var registrationHeaders: HTTPTransportHeaders { fixed.registrationHeaders }
    /// The REST v1 headers: the registration ones plus
    /// `AP-SDK-Identifier`, a header of the SDK era that no v2 or DCR page lists.
    var v1Headers: HTTPTransportHeaders { fixed.v1Headers }
    /// The `AP-Partner-Framework-Status` value, when the app gave a partner framework and it
    /// answered (sent on the calls whose page lists the header).
    var partnerFrameworkStatus: String?
    /// Where the service token the requests carry is recorded, when the caller needs to know.
    var serviceTokenUse: ServiceTokenUse?
    /// The storage deadline of the call the requests belong to: the DCR credentials and access
    /// token a request reads or renews are stored by it (nil until the call sets it).
    var storageDeadline: TokenStorageDeadline?

    init(
        requestorID: String, deviceID: String, options: AccessEnabler.Options, redirectURL: URL,
        deviceInfoHeader: String
    ) {
        fixed = Fixed(
            requestorID: requestorID, deviceID: deviceID, options: options, deviceInfoHeader: deviceInfoHeader)
        self.redirectURL = redirectURL
    }

    /// The `X-Device-Info` value: the app's device info when set, else the computed one with
    /// the current `connectionType`, whose `applicationId` falls back to the requestor ID (as
    /// Adobe's iOS sample does) where the process has no bundle identifier. The app's connection
    /// address goes into either, because only the app can know the address an MVPD's home check
    /// should see.
    static func deviceInfoHeader(
        requestorID: String, options: AccessEnabler.Options, defaultDeviceInfo: DeviceInfo, connectionType: String?
    ) -> String {
        var info: DeviceInfo
        if let appDeviceInfo = options.deviceInfo {
            info = appDeviceInfo
        } else {
            info = defaultDeviceInfo
            if info.applicationId == nil { info.applicationId = requestorID }
            if let connectionType { info.fields["connectionType"] = .string(connectionType) }
        }
        if let address = options.connectionIP, !address.isEmpty { info.fields["connectionIp"] = .string(address) }
        if let port = options.connectionPort { info.fields["connectionPort"] = .number(Double(port)) }
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
