import Foundation

/// The rule every login and logout page URL passes before a presenter sees it.
///
/// The page URLs come from the service provider (a REST API v2 session or logout answer) and go
/// to a browser: `SFSafariViewController` raises an Objective-C exception for any scheme but http
/// and https, a web view would run a `javascript:` URL in the app's context, and user info in the
/// authority (`https://sp.example@evil.example`) shows the viewer one host while loading another.
/// So a page is shown only when it is `https` (any case), or `http` on a loopback host (where a
/// service provider may be http too: a local emulator), with a host and no user info.
enum PageURLPolicy {
    /// The call that is about to show a page, named in the error.
    enum Call: String, Sendable {
        case authenticate, logout, activate

        /// What the page is, in the error's details.
        var page: String { self == .logout ? "logout page" : "login page" }
    }

    /// `url` as a presenter may show it (its scheme in lower case), or
    /// ``AccessEnablerError/invalidPageURL`` naming `call` and what was wrong (never the URL).
    static func checked(_ url: URL, for call: Call) throws(AccessEnablerError) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            throw refusal(call, "is not a URL")
        }
        guard let scheme = components.scheme?.lowercased(), !scheme.isEmpty else {
            throw refusal(call, "is relative (it has no scheme)")
        }
        guard scheme == "https" || scheme == "http" else {
            throw refusal(call, "has the scheme '\(Self.printable(scheme))'")
        }
        guard let host = components.host, !host.isEmpty else {
            throw refusal(call, "has no host")
        }
        guard scheme == "https" || ServiceProvider.isLoopback(host) else {
            throw refusal(call, "uses http on a host that is not the loopback interface")
        }
        guard components.user == nil, components.password == nil else {
            throw refusal(call, "carries user info")
        }
        components.scheme = scheme
        return components.url ?? url
    }

    private static func refusal(_ call: Call, _ reason: String) -> AccessEnablerError {
        AccessEnablerError.invalidPageURL.with(
            details:
                "\(call.rawValue): the \(call.page) URL from the service provider \(reason); only https (http for a loopback host) without user info is shown."
        )
    }

    /// A scheme as the error may show it: at most 32 characters of letters, digits, `+`, `-`, `.`.
    private static func printable(_ scheme: String) -> String {
        String(scheme.filter { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }.prefix(32))
    }
}
