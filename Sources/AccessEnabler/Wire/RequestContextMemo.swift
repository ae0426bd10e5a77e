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
    private var last: (key: Key, context: RequestContext)?

    /// Everything a context is made from besides the fixed hardware and OS keys.
    private struct Key: Equatable {
        var requestorID: String
        var deviceID: String
        var options: AccessEnabler.Options
        /// Only for the computed device info: an app's own replaces it whole.
        var connectionType: String?
    }

    init(defaultDeviceInfo: DeviceInfo, connectionMonitor: any ConnectionTypeMonitor, redirectURL: URL) {
        self.defaultDeviceInfo = defaultDeviceInfo
        self.connectionMonitor = connectionMonitor
        self.redirectURL = redirectURL
    }

    /// The context of a call for `requestorID` from `deviceID` with `options`: the last one when
    /// nothing it was made from changed.
    func context(requestorID: String, deviceID: String, options: AccessEnabler.Options) -> RequestContext {
        let key = Key(
            requestorID: requestorID, deviceID: deviceID, options: options,
            connectionType: options.deviceInfo == nil ? connectionMonitor.connectionType : nil)
        if let last, last.key == key { return last.context }
        let deviceInfo = RequestContext.deviceInfoHeader(
            requestorID: requestorID, options: options, defaultDeviceInfo: defaultDeviceInfo,
            connectionType: key.connectionType)
        let context = RequestContext(
            requestorID: requestorID, deviceID: deviceID, options: options, redirectURL: redirectURL,
            deviceInfoHeader: deviceInfo)
        last = (key, context)
        return context
    }
}
