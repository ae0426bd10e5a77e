import Foundation

/// The enhanced error status's spelling the SDK's documentation uses; the same type as
/// ``AccessEnablerError/Status``, which names it unambiguously in an app that also imports a
/// module with a `Status` of its own.
public typealias Status = AccessEnablerError.Status

extension AccessEnablerError {
    /// The enhanced error shape that every failure carries, from the server or from the SDK.
    ///
    /// `status` is the HTTP-like status, or `0` when the SDK itself produced the status (no server
    /// answer, or a local precondition failed). Every field but `status` may be absent.
    public struct Status: Sendable, Hashable, Codable {
        /// The HTTP status (RFC 9110), or 0 when the status comes from the SDK.
        public var status: Int
        /// The Adobe Pass error code, for example `authorization_denied_by_mvpd`.
        public var code: String?
        /// A message that may be shown to the viewer.
        public var message: String?
        /// Free text from the MVPD or from a degradation rule.
        public var details: String?
        /// A link to more information about this error.
        public var helpUrl: String?
        /// A unique identifier of the response, for support.
        public var trace: String?
        /// The recommended remediation.
        public var action: Action?

        /// Creates a status.
        public init(
            status: Int,
            code: String? = nil,
            message: String? = nil,
            details: String? = nil,
            helpUrl: String? = nil,
            trace: String? = nil,
            action: Action? = nil
        ) {
            self.status = status
            self.code = code
            self.message = message
            self.details = details
            self.helpUrl = helpUrl
            self.trace = trace
            self.action = action
        }

        /// Whether the SDK produced this status (status 0) rather than the server.
        public var isFromSDK: Bool { status == 0 }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: JSONKey.self)
            if let number = try? container.decode(Int.self, forKey: "status") {
                status = number
            } else if let text = try? container.decode(String.self, forKey: "status"), let number = Int(text) {
                status = number
            } else {
                throw DecodingError.dataCorruptedError(
                    forKey: "status", in: container, debugDescription: "status is not an integer")
            }
            code = try container.decodeIfPresent(String.self, forKey: "code")
            message = try container.decodeIfPresent(String.self, forKey: "message")
            details = try container.decodeIfPresent(String.self, forKey: "details")
            helpUrl = try container.decodeIfPresent(String.self, forKey: "helpUrl")
            trace = try container.decodeIfPresent(String.self, forKey: "trace")
            action = try container.decodeIfPresent(String.self, forKey: "action").map(Action.init(rawValue:))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encode(status, forKey: "status")
            try container.encodeIfPresent(code, forKey: "code")
            try container.encodeIfPresent(message, forKey: "message")
            try container.encodeIfPresent(details, forKey: "details")
            try container.encodeIfPresent(helpUrl, forKey: "helpUrl")
            try container.encodeIfPresent(trace, forKey: "trace")
            try container.encodeIfPresent(action?.rawValue, forKey: "action")
        }
    }
}

extension AccessEnablerError.Status {
    /// The remediation a ``Status`` recommends.
    ///
    /// An open set: values Adobe adds later are kept as they are sent.
    public struct Action: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The value as sent, for example `application-registration`.
        public let rawValue: String
        /// Creates an action from its wire value.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// No predefined remediation; the API may have been called wrongly.
        public static let none = Action(rawValue: "none")
        /// A configuration change is needed (TVE Dashboard or support).
        public static let configuration = Action(rawValue: "configuration")
        /// The application must register itself again.
        public static let applicationRegistration = Action(rawValue: "application-registration")
        /// The viewer must authenticate again.
        public static let authentication = Action(rawValue: "authentication")
        /// The viewer must obtain authorization for the resource.
        public static let authorization = Action(rawValue: "authorization")
        /// Some form of degradation should be applied.
        public static let degradation = Action(rawValue: "degradation")
        /// Retrying the request may succeed.
        public static let retry = Action(rawValue: "retry")
        /// Retrying after the indicated time may succeed.
        public static let retryAfter = Action(rawValue: "retry-after")

        public var description: String { rawValue }
    }
}

extension AccessEnablerError.Status: CustomStringConvertible {
    /// A one-line summary: status, code and message (never a token or identifier).
    public var description: String {
        var text = "status \(status)"
        if let code, !code.isEmpty { text += " \(code)" }
        if let message, !message.isEmpty { text += ": \(message)" }
        if let details, !details.isEmpty { text += " (\(details))" }
        if let action { text += " [action: \(action)]" }
        return text
    }
}
