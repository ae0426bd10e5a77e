import AccessEnabler

/// What a failed command prints on standard output under `--json`: `{"status": {…}}`.
struct FailureReport: Encodable, Sendable {
    /// Why the command failed.
    var status: StatusObject

    /// A report of `status`.
    init(_ status: Status) {
        self.status = StatusObject(status: status)
    }

    /// The readable message for standard error, for example
    /// `error: User not authorized (authorization_denied_by_mvpd, HTTP 403)` and the details.
    static func message(for status: Status) -> String {
        // Status 0: the SDK (or the tool) detected the failure itself, with no server answer.
        let origin = [status.code, status.status == 0 ? nil : "HTTP \(status.status)"].compactMap { $0 }
        var lines = ["error: \(status.message ?? status.code ?? "failed")"
            + (origin.isEmpty ? "" : " (\(origin.joined(separator: ", ")))")]
        if let details = status.details, !details.isEmpty { lines.append("  details: \(details)") }
        if let action = status.action { lines.append("  action: \(action.rawValue)") }
        if let trace = status.trace, !trace.isEmpty { lines.append("  trace: \(trace)") }
        if let help = status.helpUrl, !help.isEmpty { lines.append("  help: \(help)") }
        return lines.joined(separator: "\n")
    }
}
