import Foundation

/// What a partner framework says about the viewer: the `AP-Partner-Framework-Status` payload.
public struct PartnerFrameworkStatus: Sendable, Equatable {
    /// Whether the viewer lets the app read their TV provider subscription.
    public enum AccessStatus: String, Sendable, Hashable, CaseIterable {
        /// The viewer allowed it.
        case granted
        /// The viewer refused.
        case denied
        /// The app may not ask (for example parental restrictions).
        case restricted
        /// The viewer has not answered yet.
        case notDetermined
    }

    /// An error the framework reported, passed on to Adobe as it was.
    public struct FrameworkError: Sendable, Equatable {
        /// The framework's error code.
        public var code: String
        /// The framework's description.
        public var message: String

        /// Creates an error.
        public init(code: String, message: String) {
            self.code = code
            self.message = message
        }
    }

    /// The viewer's permission.
    public var accessStatus: AccessStatus
    /// The framework's error while reading the permission.
    public var permissionError: FrameworkError?
    /// The framework's identifier of the provider the viewer is signed in with (Adobe's
    /// `platformMappingId` of the MVPD); nil when not signed in.
    public var providerID: String?
    /// When the viewer's sign-in at the framework expires.
    public var expirationDate: Date?
    /// The framework's error while reading the provider.
    public var providerError: FrameworkError?

    /// Creates a status.
    public init(
        accessStatus: AccessStatus, permissionError: FrameworkError? = nil, providerID: String? = nil,
        expirationDate: Date? = nil, providerError: FrameworkError? = nil
    ) {
        self.accessStatus = accessStatus
        self.permissionError = permissionError
        self.providerID = providerID
        self.expirationDate = expirationDate
        self.providerError = providerError
    }

    /// Whether single sign-on can be tried at `date`: permission granted, a provider, and a
    /// sign-in that has not expired (the checks Adobe's partner flow asks the app to make).
    public func allowsSingleSignOn(at date: Date) -> Bool {
        guard accessStatus == .granted, let providerID, !providerID.isEmpty else { return false }
        if let expirationDate, expirationDate <= date { return false }
        return true
    }

    /// The `AP-Partner-Framework-Status` header value: the Base64 of the JSON object with
    /// `frameworkPermissionInfo` and `frameworkProviderInfo` (the expiration in epoch
    /// milliseconds, as a string).
    public var headerValue: String {
        let payload = Payload(
            frameworkPermissionInfo: .init(
                accessStatus: accessStatus.rawValue, error: permissionError.map(Payload.Failure.init)),
            frameworkProviderInfo: .init(
                id: providerID,
                expirationDate: expirationDate.map { String(Int64(($0.timeIntervalSince1970 * 1000).rounded())) },
                error: providerError.map(Payload.Failure.init)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings and optionals cannot fail.
        let data = (try? encoder.encode(payload)) ?? Data()
        return data.base64EncodedString()
    }

    fileprivate struct Payload: Encodable {
        var frameworkPermissionInfo: Permission
        var frameworkProviderInfo: Provider

        struct Permission: Encodable {
            var accessStatus: String
            var error: Failure?
        }

        struct Provider: Encodable {
            var id: String?
            var expirationDate: String?
            var error: Failure?
        }

        struct Failure: Encodable {
            var code: String
            var message: String

            init(_ error: FrameworkError) {
                code = error.code
                message = error.message
            }
        }
    }
}

extension PartnerFrameworkStatus.Payload {
    func encode(to encoder: any Encoder) throws {
        var body = encoder.container(keyedBy: JSONKey.self)
        try body.encode(frameworkPermissionInfo, forKey: "frameworkPermissionInfo")
        try body.encode(frameworkProviderInfo, forKey: "frameworkProviderInfo")
    }
}

extension PartnerFrameworkStatus.Payload.Permission {
    func encode(to encoder: any Encoder) throws {
        var body = encoder.container(keyedBy: JSONKey.self)
        try body.encode(accessStatus, forKey: "accessStatus")
        try body.encodeIfPresent(error, forKey: "error")
    }
}

extension PartnerFrameworkStatus.Payload.Provider {
    func encode(to encoder: any Encoder) throws {
        var body = encoder.container(keyedBy: JSONKey.self)
        try body.encodeIfPresent(id, forKey: "id")
        try body.encodeIfPresent(expirationDate, forKey: "expirationDate")
        try body.encodeIfPresent(error, forKey: "error")
    }
}

extension PartnerFrameworkStatus.Payload.Failure {
    func encode(to encoder: any Encoder) throws {
        var body = encoder.container(keyedBy: JSONKey.self)
        try body.encode(code, forKey: "code")
        try body.encode(message, forKey: "message")
    }
}
