import AccessEnabler
import Foundation

/// The login presenter of the command line: it picks the MVPD given with `--mvpd` and walks the
/// login pages over HTTP, as a browser would, against any service provider.
///
/// It follows redirects (3xx with `Location`, and `<meta http-equiv="refresh">`), submits forms
/// that a page's script would submit by itself (hidden fields only, such as a SAML POST), and —
/// when given a username and password — fills in and submits a simple login form once. It stops
/// as soon as it is sent to the redirect URL. A page it cannot complete (a login form without
/// credentials, a consent page, anything that needs a person) is handed to a person: in a
/// browser that comes back to the tool's loopback listener (``BrowserHandoff``) when the redirect
/// URL is the listener's, else with the ``RedirectPrompt``, which shows the login URL and reads
/// the final redirect URL from standard input.
struct HTTPLoginPresenter: AuthenticationPresenter {
    /// The most page loads one flow may take.
    static let maximumHops = 20

    /// The MVPD to pick (nil for logout, which picks none).
    let mvpdID: String?
    /// The username for a login form (`--username`).
    let username: String?
    /// The password for a login form (`--password`).
    let password: String?
    /// How the pages are loaded (its own cookie jar, never following redirects by itself).
    let transport: any HTTPTransport
    /// How a person is asked; nil when nobody can be (then such a page fails the flow).
    let prompt: RedirectPrompt?
    /// How a person signs in in a browser that comes back to the tool, when the redirect URL is
    /// its listener's.
    var handoff: BrowserHandoff? = nil

    /// Returns the MVPD with ``mvpdID``.
    ///
    /// - Throws: `provider_not_available` (status 0) with the offered IDs when it is not offered.
    func selectProvider(from providers: [MVPD]) async throws -> MVPD? {
        guard let mvpdID else { return nil }
        return try Self.offered(mvpdID, in: providers)
    }

    /// The MVPD with `mvpdID` among `providers`.
    ///
    /// - Throws: `provider_not_available` (status 0) with the offered IDs when it is not offered.
    static func offered(_ mvpdID: String, in providers: [MVPD]) throws -> MVPD {
        if let mvpd = providers.first(where: { $0.id == mvpdID }) { return mvpd }
        let offered = providers.map(\.id).joined(separator: ", ")
        var status = AccessEnablerError.providerNotAvailable.status
        status.details = "MVPD \(mvpdID) is not offered; the requestor offers: \(offered.isEmpty ? "none" : offered)."
        throw AccessEnablerError(status)
    }

    /// Walks the flow from `url` until a URL matches `redirectURL`, and returns that URL.
    ///
    /// Failures are thrown as `AccessEnablerError`s with the tool's codes (status 0), which the
    /// SDK passes through to the caller unchanged.
    func presentLogin(url: URL, redirectURL: URL) async throws -> URL {
        do {
            return try await walk(from: url, to: redirectURL)
        } catch let error as LoginPresenterError {
            throw AccessEnablerError(error.status)
        }
    }

    private func walk(from url: URL, to redirectURL: URL) async throws -> URL {
        var request = Self.pageRequest(url)
        var submittedCredentials = false
        for _ in 0..<Self.maximumHops {
            if request.method == .get, RedirectMatching.matches(request.url, redirectURL: redirectURL) {
                return request.url
            }
            guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                // An address only a browser or an app can open.
                return try await askPerson(url: url, redirectURL: redirectURL)
            }
            try Task.checkCancellation()
            let response = try await transport.send(request)
            if (300..<400).contains(response.status) {
                guard let location = response.headers["Location"],
                    let next = URL(string: location, relativeTo: request.url)?.absoluteURL
                else { throw LoginPresenterError.invalidRedirect(status: response.status) }
                request = Self.pageRequest(next)
                continue
            }
            guard (200..<300).contains(response.status) else {
                throw LoginPresenterError.pageFailed(
                    status: response.status, url: RedirectMatching.withoutQuery(request.url))
            }
            let page = LoginPage(html: String(decoding: response.body, as: UTF8.self))
            if let target = page.refreshTarget, let next = URL(string: target, relativeTo: request.url)?.absoluteURL {
                request = Self.pageRequest(next)
            } else if let form = page.selfSubmittingForm,
                let submission = Self.submission(of: form, on: request.url, username: nil, password: nil)
            {
                request = submission
            } else if let form = page.loginForm, let username, let password {
                if submittedCredentials { throw LoginPresenterError.loginRejected }
                guard
                    let submission = Self.submission(of: form, on: request.url, username: username, password: password)
                else { return try await askPerson(url: url, redirectURL: redirectURL) }
                request = submission
                submittedCredentials = true
            } else {
                return try await askPerson(url: url, redirectURL: redirectURL)
            }
        }
        throw LoginPresenterError.tooManyHops(Self.maximumHops)
    }

    /// Hands the flow to a person, from its first URL (a browser builds its own cookies from there).
    private func askPerson(url: URL, redirectURL: URL) async throws -> URL {
        if let handoff, RedirectMatching.matches(handoff.listener.redirectURL, redirectURL: redirectURL) {
            return try await handoff.finish(url: url)
        }
        guard let prompt else { throw LoginPresenterError.personNeeded(url: RedirectMatching.withoutQuery(url)) }
        return try await prompt.ask(url: url, redirectURL: redirectURL)
    }

    private static func pageRequest(_ url: URL) -> HTTPTransportRequest {
        HTTPTransportRequest(
            method: .get, url: url, headers: ["Accept": "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8"])
    }

    /// The request a browser sends when `form` on `pageURL` is submitted.
    static func submission(of form: WebForm, on pageURL: URL, username: String?, password: String?)
        -> HTTPTransportRequest?
    {
        let action: URL?
        if let target = form.action, !target.isEmpty {
            action = URL(string: target, relativeTo: pageURL)?.absoluteURL
        } else {
            action = pageURL
        }
        guard let action else { return nil }
        let encoded = FormEncoding.encode(form.submittedPairs(username: username, password: password))
        if form.method == "post" {
            return HTTPTransportRequest(
                method: .post, url: action,
                headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "text/html"],
                body: Data(encoded.utf8))
        }
        guard var components = URLComponents(url: action, resolvingAgainstBaseURL: true) else { return nil }
        components.percentEncodedQuery = encoded.isEmpty ? nil : encoded
        guard let url = components.url else { return nil }
        return pageRequest(url)
    }
}
