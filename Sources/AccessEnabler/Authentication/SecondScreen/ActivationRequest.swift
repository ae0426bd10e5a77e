import Foundation

/// What a companion (activation) app learns from a typed code, before the viewer signs in:
/// ``AccessEnabler/activationRequest(forCode:)``.
public struct ActivationRequest: Sendable, Hashable {
    /// The code, as the service provider knows it (trimmed, upper-cased).
    public var code: String
    /// The MVPD the TV preselected; nil when the companion must let the viewer pick one.
    public var mvpd: MVPD?
    /// When the code expires, when the service provider says.
    public var expires: Date?

    /// Creates a request.
    public init(code: String, mvpd: MVPD?, expires: Date?) {
        self.code = code
        self.mvpd = mvpd
        self.expires = expires
    }
}

extension ActivationRequest {
    /// `code` trimmed and upper-cased (Adobe's codes are capital letters and digits); empty →
    /// ``AccessEnablerError/invalidArgument``.
    static func normalizedCode(_ code: String) throws -> String {
        let trimmed = code.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        guard !trimmed.isEmpty else {
            throw AccessEnablerError.invalidArgument.with(details: "The authentication code is empty.")
        }
        return trimmed
    }
}
