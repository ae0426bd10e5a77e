import Foundation

/// Why ``HeadlessPresenter`` could not finish a login.
public enum HeadlessPresenterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The MVPD to select is not among the providers offered.
    case providerNotOffered(String)
    /// The login page needs credentials, but the presenter was given none.
    case missingCredentials
    /// The MVPD showed its login form again after the credentials were submitted.
    case loginRejected(message: String?)
    /// A login form without a username or password field, or that cannot be submitted.
    case malformedForm
    /// A page that is neither a redirect nor a login form (the status and the URL's path).
    case unexpectedPage(status: Int, path: String)
    /// A redirect without a usable `Location`.
    case invalidRedirect(status: Int)
    /// More than the allowed number of page loads without reaching the redirect URL.
    case tooManyHops(Int)

    /// A readable explanation, without query strings or credentials.
    public var description: String {
        switch self {
        case .providerNotOffered(let id): return "The MVPD \(id) is not offered."
        case .missingCredentials: return "The login page asked for credentials, but none were given."
        case .loginRejected(let message):
            return "The MVPD rejected the credentials" + (message.map { ": \($0)" } ?? ".")
        case .malformedForm: return "The login form has no username and password fields."
        case .unexpectedPage(let status, let path): return "Unexpected page (HTTP \(status)) at \(path)."
        case .invalidRedirect(let status): return "HTTP \(status) redirect without a usable Location."
        case .tooManyHops(let hops): return "The redirect URL was not reached after \(hops) page loads."
        }
    }
}
