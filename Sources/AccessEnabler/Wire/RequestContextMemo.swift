import Foundation

/// The last call context, with what it was made from: its header values (the encoded
/// `X-Device-Info`, the device identifier) stay the same until one of those changes, and
/// encoding them on every call would cost more than the rest of building a request.
///
/// A class the instance holds for its life: its state is the actor's, and a reference spares
/// the actor's code the copying of these fields.
final class RequestContextMemo {
    /// The device info of this device (hardware and OS keys), read once.
    let defaultDeviceInfo: DeviceInfo
    /// Where the computed device info's `connectionType` comes from.
    let connectionMonitor: any ConnectionTypeMonitor
    let redirectURL: URL
    /// The last context; its requestor, device ID and options are what it was made from.
    private var lastContext: RequestContext?
    /// The connection type the last context's computed device info carries (nil when the app
    /// gave its own device info, which replaces the computed one whole).
    private var lastConnectionType: String?

    init(defaultDeviceInfo: DeviceInfo, connectionMonitor: any ConnectionTypeMonitor, redirectURL: URL) {
        self.defaultDeviceInfo = defaultDeviceInfo
        self.connectionMonitor = connectionMonitor
        self.redirectURL = redirectURL
    }

    /// The context of a call for `requestorID` from `deviceID` with `options`: the last one when
    /// nothing it was made from changed.
    func context(requestorID: String, deviceID: String, options: AccessEnabler.Options) -> RequestContext {
        let connectionType = options.deviceInfo == nil ? connectionMonitor.connectionType : nil
        if let lastContext, lastContext.requestorID == requestorID, lastContext.deviceID == deviceID,
            lastContext.options == options, lastConnectionType == connectionType
        {
            return lastContext
        }
        let deviceInfo = RequestContext.deviceInfoHeader(
            requestorID: requestorID, options: options, defaultDeviceInfo: defaultDeviceInfo,
            connectionType: connectionType)
        let context = RequestContext(
            requestorID: requestorID, deviceID: deviceID, options: options, redirectURL: redirectURL,
            deviceInfoHeader: deviceInfo)
        lastConnectionType = connectionType
        lastContext = context
        return context
    }
}
