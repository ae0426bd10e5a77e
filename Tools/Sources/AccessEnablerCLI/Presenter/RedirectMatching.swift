import AccessEnabler
import Foundation

/// Whether a URL is the redirect URL where a login or logout flow ends.
enum RedirectMatching {
    /// Whether `url` is `redirectURL`: the SDK's own rule (scheme, host, port and path; query and
    /// fragment may differ), so the tool stops exactly where the SDK expects the flow to end.
    static func matches(_ url: URL, redirectURL: URL) -> Bool {
        AccessEnabler.isRedirect(url, to: redirectURL)
    }

    /// `url` without its query and fragment, for messages (a query may hold identifiers).
    static func withoutQuery(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return "(invalid URL)" }
        components.query = nil
        components.fragment = nil
        return components.string ?? "(invalid URL)"
    }
}
