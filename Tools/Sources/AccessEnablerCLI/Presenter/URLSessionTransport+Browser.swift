import AccessEnabler
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTransport {
    /// How the login presenter loads pages: a new ephemeral session whose cookie jar keeps what
    /// the MVPD's pages set for the rest of the flow (never on disk), and which returns redirects
    /// as 3xx responses for the presenter to follow or stop at.
    static func browser() -> URLSessionTransport {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = true
        configuration.httpCookieAcceptPolicy = .always
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        return URLSessionTransport(configuration: configuration)
    }
}
