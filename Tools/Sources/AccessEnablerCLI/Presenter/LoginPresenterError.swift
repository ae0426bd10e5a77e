import AccessEnabler

/// Why ``HTTPLoginPresenter`` could not finish a login or logout.
///
/// Descriptions hold no query strings, credentials or tokens.
enum LoginPresenterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sign-in form came back after the credentials were submitted.
    case loginRejected
    /// A page answered with an error status (the status and the URL without its query).
    case pageFailed(status: Int, url: String)
    /// A redirect without a usable `Location`.
    case invalidRedirect(status: Int)
    /// More page loads than ``HTTPLoginPresenter/maximumHops`` without reaching the redirect URL.
    case tooManyHops(Int)
    /// A page needs a person and nobody can be asked (standard input is not available).
    case personNeeded(url: String)
    /// Standard input ended before a redirect URL was given.
    case noRedirectURLGiven
    /// The tool cannot listen for this redirect URL: it is not plain http to a loopback address,
    /// or the address cannot be bound.
    case notLoopback(String)

    /// The status code the tool reports (status 0, action `authentication`).
    var code: String {
        switch self {
        case .loginRejected: "login_rejected"
        case .pageFailed, .invalidRedirect, .tooManyHops: "login_page_failed"
        case .personNeeded, .noRedirectURLGiven: "login_not_completed"
        case .notLoopback: "redirect_not_caught"
        }
    }

    var description: String {
        switch self {
        case .loginRejected:
            "The sign-in page came back after the credentials were submitted: the username or password is wrong."
        case .pageFailed(let status, let url):
            "The sign-in page \(url) answered HTTP \(status)."
        case .invalidRedirect(let status):
            "A sign-in page answered HTTP \(status) without a usable Location."
        case .tooManyHops(let hops):
            "The redirect URL was not reached after \(hops) page loads."
        case .personNeeded(let url):
            "The page \(url) needs a person, and there is no standard input to read the redirect URL from."
        case .noRedirectURLGiven:
            "Standard input ended before the redirect URL was given."
        case .notLoopback(let url):
            "The tool cannot listen for the redirect URL \(url) on this machine's loopback interface (is its port in use?)."
        }
    }

    /// The enhanced-error status the tool reports for it (status 0: the failure is the tool's).
    var status: Status {
        Status(status: 0, code: code, message: description, action: .authentication)
    }
}
