import AccessEnabler
import Foundation

/// What a failed command prints on standard output under `--json`: `{"status": {…}}`.
struct FailureReport: Encodable, Sendable {
    /// Why the command failed.
    var status: StatusObject

    /// A report of `status`.
    init(_ status: Status) {
        self.status = StatusObject(status: status)
    }

    /// The error codes with which a service provider says it does not know the requestor:
    /// REST API v1's, and REST API v2's, where the requestor ID is the path's service provider.
    static let unknownRequestorCodes: Set<String> = ["invalid_requestor", "invalid_parameter_service_provider"]

    /// The readable message for standard error: a first line that says what happened and what
    /// to do, then the status's details. For example
    /// `error: User not authorized (authorization_denied_by_mvpd, HTTP 403)`, or
    /// `error: http://127.0.0.1:8080 could not be reached: connection refused (…) (network_error)`.
    /// Every value a server chose is a ``TerminalText/field(_:)``, so none can forge a line.
    static func message(for status: Status, context: FailureContext = FailureContext()) -> String {
        let field = TerminalText.field
        // Status 0: the SDK (or the tool) detected the failure itself, with no server answer.
        let origin = [status.code.map(field), status.status == 0 ? nil : "HTTP \(status.status)"].compactMap { $0 }
        let codes = origin.isEmpty ? "" : " (\(origin.joined(separator: ", ")))"
        var lines: [String]
        var details = status.details.map(field)
        if status.code == AccessEnablerError.networkError.code.rawValue {
            let host = context.lastFailure?.origin ?? context.lastOrigin ?? "the service provider"
            let cause: String
            if let details, details.contains("did not answer") {
                cause = "timed out: \(details.prefix(1).lowercased() + details.dropFirst())"
                    .trimmingCharacters(in: CharacterSet(charactersIn: "."))
            } else {
                cause = context.lastFailure?.cause ?? "no answer"
            }
            lines = ["error: \(field(host)) could not be reached: \(field(cause))\(codes)"]
            details = nil
        } else if let code = status.code, unknownRequestorCodes.contains(code) {
            let host = context.lastOrigin.map { " by \(field($0))" } ?? ""
            let requestor = context.requestorID.map { "the requestor \(field($0))" } ?? "the requestor"
            lines = [
                "error: \(requestor) was not recognised\(host)\(codes)",
                "  the server said: \(field(status.message ?? code))",
                "  check --requestor (or \(ToolEnvironment.requestor)); REST API v2 names the requestor "
                    + "\"service provider\" in its errors",
            ]
        } else {
            lines = ["error: \(field(status.message ?? status.code ?? "failed"))\(codes)"]
        }
        if let details, !details.isEmpty { lines.append("  details: \(details)") }
        if let action = status.action { lines.append("  action: \(action.rawValue)") }
        if let trace = status.trace, !trace.isEmpty { lines.append("  trace: \(field(trace))") }
        if let help = status.helpUrl, !help.isEmpty { lines.append("  help: \(field(help))") }
        return lines.joined(separator: "\n")
    }

    /// The warning for a service provider whose configuration failed while others answered: it
    /// answered with an error (with the status), or it could not be reached (with why).
    static func warning(serviceProvider: URL, status: Status, cause: String?, requestorID: String) -> String {
        let field = TerminalText.field
        let name = field(serviceProvider.absoluteString)
        guard status.status != 0 else {
            let why = cause ?? status.details ?? status.message ?? status.code ?? "no answer"
            return "warning: \(name) could not be reached (\(field(why))); its MVPDs are left out"
        }
        let code = status.code.map { " \(field($0))" } ?? ""
        var text = "warning: \(name) answered HTTP \(status.status)\(code)"
        if let code = status.code, unknownRequestorCodes.contains(code) {
            text += ": it does not know the requestor \(field(requestorID))"
        } else if let message = status.message {
            text += ": \(field(message))"
        }
        return text + "; its MVPDs are left out"
    }
}

/// What the tool knows about a failed command besides its status.
struct FailureContext: Sendable {
    /// The requestor the command asked for.
    var requestorID: String?
    /// The origin of the last request sent.
    var lastOrigin: String?
    /// The last request that got no answer, and why.
    var lastFailure: DiagnosingTransport.Failure?
}
