/// Blanks REST v2 authentication codes in URL paths: a code lets another device finish the
/// login, so it is a secret wherever a path is logged (the SDK's log, the emulator's request log).
package enum AuthenticationCodeRedaction {
    /// What replaces a code in a path.
    package static let placeholder = "redacted"

    /// `path` (percent-encoded) with every authentication code replaced by ``placeholder``: the
    /// segment after `sessions` (except the partner form `sessions/sso/…`) and after `code`, and
    /// the code of `/api/v2/authenticate/{serviceProvider}/{code}` and of Adobe's sample form
    /// `/api/v2/sessions/{serviceProvider}/{code}`.
    package static func redactingCodes(inPath path: String) -> String {
        var segments = path.split(separator: "/", omittingEmptySubsequences: false)
        var changed = false
        for index in segments.indices {
            let codeIndex: Int
            switch segments[index] {
            case "code":
                codeIndex = index + 1
            case "sessions" where index > 0 && segments[index - 1] == "v2":
                codeIndex = index + 2
            case "sessions":
                guard index + 1 < segments.count, segments[index + 1] != "sso" else { continue }
                codeIndex = index + 1
            case "authenticate" where index > 0 && segments[index - 1] == "v2":
                codeIndex = index + 2
            default:
                continue
            }
            guard codeIndex < segments.count, !segments[codeIndex].isEmpty else { continue }
            segments[codeIndex] = Substring(placeholder)
            changed = true
        }
        return changed ? segments.joined(separator: "/") : path
    }
}
