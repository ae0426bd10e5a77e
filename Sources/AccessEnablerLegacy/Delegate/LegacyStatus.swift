import AccessEnabler
import Foundation

/// One advanced status report of `EntitlementStatus.status(_:)` (the legacy SDK's error-reporting
/// codes, such as `N005` or `VSA403`), before it becomes the legacy dictionary.
struct LegacyStatus: Sendable, Hashable {
    enum Level: String, Sendable {
        case info, warning, error
        /// `REGCODE`'s level, capitalized as the legacy SDK wrote it.
        case success = "Success"
    }

    var errorId: String
    var level: Level
    var message: String
    var details: String?
    var resource: String?
    /// Further keys of the dictionary (`REGCODE`'s code).
    var values: [String: String] = [:]

    /// The legacy dictionary: `errorId`, `level`, `message`, `details`/`resource` when set, and
    /// ``values``.
    var dictionary: [AnyHashable: Any] {
        var dictionary: [AnyHashable: Any] = ["errorId": errorId, "level": level.rawValue, "message": message]
        if let details, !details.isEmpty { dictionary["details"] = details }
        if let resource { dictionary["resource"] = resource }
        for (key, value) in values { dictionary[key] = value }
        return dictionary
    }

    // MARK: The reports the adapter can make today

    /// `N000`: `checkAuthentication` found no authentication.
    static let notAuthenticated = LegacyStatus(errorId: "N000", level: .info, message: "The user is not authenticated.")
    /// `N005`: the viewer backed out of the MVPD picker or the login page.
    static let pickerCancelled = LegacyStatus(errorId: "N005", level: .info, message: "The MVPD picker was cancelled.")
    /// `N011`: authenticated with a TempPass MVPD.
    static let tempPassAuthenticated = LegacyStatus(
        errorId: "N011", level: .info, message: "The user is authenticated with TempPass.")
    /// `REGCODE`: a registration code to show; the viewer finishes on another device. The public
    /// docs do not name the key of the code: it is `code`.
    static func registrationCode(_ code: ActivationCode) -> LegacyStatus {
        var values = ["code": code.code, "expires": String(Int64(code.expires.timeIntervalSince1970 * 1000))]
        if let url = code.activationURL { values["activationURL"] = url.absoluteString }
        if let url = code.qrCodeURL { values["qrCodeURL"] = url.absoluteString }
        return LegacyStatus(
            errorId: "REGCODE", level: .success,
            message: "Enter the code on another device to sign in.", values: values)
    }
    /// `REG500`: the registration code could not be created.
    static func registrationCodeUnavailable(_ status: Status) -> LegacyStatus {
        LegacyStatus(
            errorId: "REG500", level: .error, message: status.message ?? "The registration code could not be created.",
            details: status.details)
    }
    /// `N130`: an authorization without an authentication session.
    static func authenticationMissing(resource: String, _ status: Status) -> LegacyStatus {
        LegacyStatus(
            errorId: "N130", level: .error, message: status.message ?? "", details: status.details, resource: resource)
    }
    /// `Z011`: authorized with a TempPass MVPD.
    static func tempPassAuthorized(resource: String) -> LegacyStatus {
        LegacyStatus(
            errorId: "Z011", level: .info, message: "The user is authorized with TempPass.", resource: resource)
    }
    /// `Z100`: the MVPD denied the authorization; `message` is the MVPD's text when it sent one.
    static func authorizationDenied(resource: String, _ status: Status) -> LegacyStatus {
        LegacyStatus(
            errorId: "Z100", level: .error, message: status.details ?? status.message ?? "", details: status.details,
            resource: resource)
    }
    /// `P100`: preauthorization failed (too many resources, the network, a server error), with
    /// the failure's enhanced error: `code`, `status` and, when set, `action`, `helpUrl`, `trace`.
    static func preauthorizationFailed(_ status: Status) -> LegacyStatus {
        var values = ["status": String(status.status)]
        values["code"] = status.code
        values["action"] = status.action?.rawValue
        values["helpUrl"] = status.helpUrl
        values["trace"] = status.trace
        return LegacyStatus(
            errorId: "P100", level: .error, message: status.message ?? "", details: status.details, values: values)
    }
    /// `VSA203`: the logout ended a profile from Apple's TV Provider; the viewer must also sign
    /// out in the system settings.
    static func partnerLogoutRequired(mvpdID: String) -> LegacyStatus {
        LegacyStatus(
            errorId: "VSA203", level: .info,
            message: "The user signed in through the TV Provider in Settings and must also sign out there.",
            details: mvpdID)
    }

    /// The configuration-phase report for a failed `setRequestor`: `CFG400` (invalid requestor; in
    /// REST v2 an unknown service provider),
    /// `R401` (no access token: software statement), `CFG404` (the service provider could not be
    /// reached), `CFG5xx` (a server error); nil for other failures.
    static func configurationFailed(_ error: AccessEnablerError) -> LegacyStatus? {
        let status = error.status
        let message = status.message ?? ""
        // REST v2 names the requestor the service provider: an unknown one is
        // `invalid_parameter_service_provider` there, `invalid_requestor` in REST v1.
        if error.code == .invalidParameterServiceProvider {
            return LegacyStatus(errorId: "CFG400", level: .error, message: message, details: status.details)
        }
        switch error {
        case .invalidRequestor:
            return LegacyStatus(errorId: "CFG400", level: .error, message: message, details: status.details)
        case .accessTokenUnavailable:
            return LegacyStatus(errorId: "R401", level: .error, message: message, details: status.details)
        case .networkError:
            return LegacyStatus(errorId: "CFG404", level: .error, message: message, details: status.details)
        default:
            guard (500...599).contains(status.status) else { return nil }
            return LegacyStatus(
                errorId: "CFG\(status.status)", level: .error, message: message, details: status.details)
        }
    }
}
