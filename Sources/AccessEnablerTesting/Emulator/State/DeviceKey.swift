import Foundation

/// Identifies a device's entitlement state: the requestor and the device ID.
///
/// Protocol-neutral: REST v1 reads the device ID from the `deviceId` parameter, REST v2 decodes
/// it from `AP-Device-Identifier: fingerprint <Base64 of deviceId>`; both reach the same state.
struct DeviceKey: Hashable, Sendable {
    var requestor: String
    var deviceID: String
}

/// Identifies one TempPass: per requestor, device and TempPass MVPD.
struct TempPassKey: Hashable, Sendable {
    var requestor: String
    var deviceID: String
    var mvpd: String
}
