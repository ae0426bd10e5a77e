import Foundation

/// Whether a URL is the redirect URL where a login or logout flow ends.
enum RedirectMatching {
    /// Whether `url` is `redirectURL`: same scheme, host and port, and the same path (an empty
    /// path is `/`). Query and fragment may differ; a look-alike host or another path does not match.
    static func matches(_ url: URL, redirectURL: URL) -> Bool {
        guard let landed = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let expected = URLComponents(url: redirectURL, resolvingAgainstBaseURL: true)
        else { return false }
        func path(_ components: URLComponents) -> String {
            components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        }
        return landed.scheme?.lowercased() == expected.scheme?.lowercased()
            && landed.host?.lowercased() == expected.host?.lowercased()
            && landed.port == expected.port
            && path(landed) == path(expected)
    }

    /// `url` without its query and fragment, for messages (a query may hold identifiers).
    static func withoutQuery(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return "(invalid URL)" }
        components.query = nil
        components.fragment = nil
        return components.string ?? "(invalid URL)"
    }
}
