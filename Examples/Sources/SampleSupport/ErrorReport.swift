import AccessEnabler
import Foundation

/// What the app tells the viewer about a failure: the `Status`'s message and what its `action`
/// asks of the viewer. Holds no token or identifier but the server's trace ID, which support asks
/// for.
public struct ErrorReport: Sendable, Hashable, Identifiable {
    /// Distinguishes two reports with the same text, so the second one is shown too.
    public let id = UUID()
    /// What failed, in the app's words (`Sign-in`, `Playback`, ...).
    public var operation: String
    /// The status's message, else its details, else its code.
    public var message: String
    /// What to do about it, from the status's action; nil when the action asks nothing.
    public var remedy: String?
    /// The Adobe Pass error code, for example `authorization_denied_by_mvpd`.
    public var code: String?
    /// The server's trace ID, for support.
    public var trace: String?

    /// The report for `error`; nil when there is nothing to report (the viewer cancelled).
    public init?(_ error: any Error, operation: String) {
        if error is CancellationError { return nil }
        guard let error = error as? AccessEnablerError else {
            self.init(operation: operation, message: error.localizedDescription)
            return
        }
        if error == .providerNotSelected { return nil }
        self.init(status: error.status, retryAfter: error.retryAfter, operation: operation)
    }

    /// The report for a status, with the wait `retry-after` asks for.
    public init(status: Status, retryAfter: Duration? = nil, operation: String) {
        let message = [status.message, status.details, status.code].compactMap { $0 }.first { !$0.isEmpty }
        self.init(
            operation: operation, message: message ?? "Status \(status.status)",
            remedy: Self.remedy(for: status.action, retryAfter: retryAfter), code: status.code, trace: status.trace)
    }

    init(operation: String, message: String, remedy: String? = nil, code: String? = nil, trace: String? = nil) {
        self.operation = operation
        self.message = message
        self.remedy = remedy
        self.code = code
        self.trace = trace
    }

    /// The sentence an action asks the app to show.
    static func remedy(for action: Status.Action?, retryAfter: Duration?) -> String? {
        switch action {
        case nil, Status.Action.none?: return nil
        case .authentication?: return "Sign in with your TV provider again."
        case .authorization?: return "Your TV provider has to allow this channel for your account."
        case .retry?: return "Try again."
        case .retryAfter?:
            guard let retryAfter else { return "Try again in a moment." }
            return "Try again in \(max(1, retryAfter.components.seconds)) seconds."
        case .configuration?: return "The app's setup needs a change in the TVE Dashboard: tell its developers."
        case .applicationRegistration?: return "The app has to register again: close it and open it again."
        case .degradation?: return "Your TV provider is not answering; access may be limited for a while."
        case let other?: return "Adobe suggests: \(other.rawValue)."
        }
    }
}
