import Foundation

/// How a web authentication session recognises the end of a login or logout flow, decided from
/// the app's redirect URL: its custom scheme (`adbe.<id>://…`, `adobepass://ios.app`), or an
/// `https` host and path where the OS can match one (iOS 17.4, macOS 14.4, visionOS 1.1).
indirect enum WebLoginCallback: Sendable, Equatable {
    /// Any URL with this scheme ends the session; the SDK then checks host and path.
    case customScheme(String)
    /// A URL with this host and path ends the session (Associated Domains required).
    case https(host: String, path: String)

    /// The callback for `redirectURL`; `httpsAvailable` is whether the OS has the `https`
    /// callback. Throws ``AccessEnablerError/invalidRedirectURL`` for a redirect no session can
    /// catch (`http`, `https` on an older OS, no scheme).
    init(redirectURL: URL, httpsAvailable: Bool) throws(AccessEnablerError) {
        let components = URLComponents(url: redirectURL, resolvingAgainstBaseURL: true)
        guard let scheme = components?.scheme?.lowercased(), !scheme.isEmpty else {
            throw AccessEnablerError.invalidRedirectURL.with(details: "The redirect URL has no scheme.")
        }
        switch scheme {
        case "https":
            guard httpsAvailable else {
                throw AccessEnablerError.invalidRedirectURL.with(
                    details: "An https redirect URL needs iOS 17.4 or macOS 14.4; use a custom scheme (adbe.<id>://).")
            }
            guard let host = components?.host, !host.isEmpty else {
                throw AccessEnablerError.invalidRedirectURL.with(details: "The https redirect URL has no host.")
            }
            let path = components?.percentEncodedPath ?? ""
            self = .https(host: host.lowercased(), path: path.isEmpty ? "/" : path)
        case "http":
            throw AccessEnablerError.invalidRedirectURL.with(
                details: "A web authentication session cannot end at an http URL; use a custom scheme.")
        default:
            self = .customScheme(scheme)
        }
    }
}
