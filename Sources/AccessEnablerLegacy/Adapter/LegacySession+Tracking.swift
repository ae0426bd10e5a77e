import AccessEnabler
import Foundation

// `sendTrackingData:forEventType:` with the documented array layouts. Every array has its full
// length, also on failure (the legacy docs only describe the success positions).

extension LegacySession {
    /// Device type as the legacy SDK reported it (`computer`, `tablet`, `mobile`, `gameconsole`,
    /// `unknown`): `tablet` on an iPad, `unknown` on Apple TV.
    nonisolated static var deviceType: String { DeviceInfo.currentTrackingDeviceType }

    /// The AccessEnabler client type.
    nonisolated static let clientType = "ios"

    private var platform: [String] { [Self.deviceType, Self.clientType, DeviceInfo.current.osName ?? "unknown"] }

    /// `TRACKING_AUTHENTICATION`: [0] success, [1] MVPD, [2] MD5 of the user ID, [3] token cached,
    /// [4] device type, [5] client type, [6] OS.
    func track(authentication: Authentication?, cached: Bool) {
        let data =
            [
                authentication == nil ? "false" : "true", authentication?.mvpd.id ?? "",
                authentication.map { MD5.hexDigest($0.userID) } ?? "", cached ? "true" : "false",
            ] + platform
        emit { $0.sendTrackingData(data, forEventType: TRACKING_AUTHENTICATION) }
    }

    /// `TRACKING_AUTHORIZATION`: [0] success, [1] MVPD, [2] MD5 of the user ID, [3] token cached,
    /// [4] error, [5] details, [6] device type, [7] client type, [8] OS.
    func trackAuthorization(success: Bool, mvpdID: String?, userID: String?, cached: Bool, error: Status?) {
        let data =
            [
                success ? "true" : "false", mvpdID ?? "", userID.map(MD5.hexDigest) ?? "", cached ? "true" : "false",
                error?.code ?? "", error?.details ?? "",
            ] + platform
        emit { $0.sendTrackingData(data, forEventType: TRACKING_AUTHORIZATION) }
    }

    /// `TRACKING_GET_SELECTED_PROVIDER`: [0] MVPD, [1] device type, [2] client type, [3] OS.
    func trackSelection(of mvpdID: String) {
        let data = [mvpdID] + platform
        emit { $0.sendTrackingData(data, forEventType: TRACKING_GET_SELECTED_PROVIDER) }
    }
}
