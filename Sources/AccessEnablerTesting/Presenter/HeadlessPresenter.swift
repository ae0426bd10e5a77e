import AccessEnabler
import Foundation

/// An `AuthenticationPresenter` without a user interface: it picks a fixed MVPD and drives the
/// login pages through an `HTTPTransport` the way a browser would.
///
/// It follows redirects, fills in and submits the MVPD's HTML login form with the given
/// credentials, and returns as soon as it is sent to a URL that starts with the redirect URL.
/// Use it in tests and command-line tools with a ``PassEmulator`` (or any server with a plain
/// login form).
public struct HeadlessPresenter: AuthenticationPresenter {
    /// The most page loads one login may take.
    public static let maximumHops = 10

    /// The MVPD to pick; nil acts as a viewer who cancels the picker.
    public let mvpdID: String?
    /// The username typed into the login form.
    public let username: String?
    /// The password typed into the login form.
    public let password: String?
    /// The transport the pages are loaded with.
    public let transport: any HTTPTransport

    /// Creates a presenter that picks `mvpdID` and signs in with `username` and `password`.
    public init(mvpdID: String?, username: String? = nil, password: String? = nil, transport: any HTTPTransport) {
        self.mvpdID = mvpdID
        self.username = username
        self.password = password
        self.transport = transport
    }

    /// Returns the MVPD with ``mvpdID`` (nil when it is nil); throws when it is not offered.
    public func selectProvider(from providers: [MVPD]) async throws -> MVPD? {
        guard let mvpdID else { return nil }
        guard let mvpd = providers.first(where: { $0.id == mvpdID }) else {
            throw HeadlessPresenterError.providerNotOffered(mvpdID)
        }
        return mvpd
    }

    /// Loads `url`, follows redirects and submits the login form until a URL starts with
    /// `redirectURL`; returns that URL.
    public func presentLogin(url: URL, redirectURL: URL) async throws -> URL {
        let target = redirectURL.absoluteString
        var request = Self.page(url)
        var submitted = false
        for _ in 0..<Self.maximumHops {
            if request.method == .get, request.url.absoluteString.hasPrefix(target) { return request.url }
            try Task.checkCancellation()
            let response = try await transport.send(request)
            if (300..<400).contains(response.status) {
                guard let location = response.headers["Location"],
                    let next = ExternalURL.resolve(location, against: request.url)
                else { throw HeadlessPresenterError.invalidRedirect(status: response.status) }
                if next.absoluteString.hasPrefix(target) { return next }
                request = Self.page(next)
                continue
            }
            let html = String(decoding: response.body, as: UTF8.self)
            guard response.status == 200, let form = HTMLForm(html: html),
                form.inputs.contains(where: { $0.type == "password" })
            else {
                throw HeadlessPresenterError.unexpectedPage(status: response.status, path: request.url.path)
            }
            if submitted { throw HeadlessPresenterError.loginRejected(message: HTMLForm.errorMessage(in: html)) }
            guard let username, let password else { throw HeadlessPresenterError.missingCredentials }
            request = try Self.submission(of: form, at: request.url, username: username, password: password)
            submitted = true
        }
        throw HeadlessPresenterError.tooManyHops(Self.maximumHops)
    }

    private static func page(_ url: URL) -> HTTPTransportRequest {
        HTTPTransportRequest(method: .get, url: url, headers: ["Accept": "text/html,application/xhtml+xml"])
    }

    /// The request a browser sends when the form is submitted with the credentials filled in.
    private static func submission(
        of form: HTMLForm, at pageURL: URL, username: String,
        password: String
    ) throws -> HTTPTransportRequest {
        var fields: [(String, String)] = []
        var filledUsername = false
        var filledPassword = false
        for input in form.inputs {
            switch input.type {
            case "password":
                fields.append((input.name, password))
                filledPassword = true
            case "text", "email":
                fields.append((input.name, filledUsername ? input.value : username))
                filledUsername = true
            case "submit", "button", "reset", "image", "checkbox", "radio", "file":
                continue
            default:
                fields.append((input.name, input.value))
            }
        }
        let action: URL?
        if let target = form.action, !target.isEmpty {
            action = URL(string: target, relativeTo: pageURL)?.absoluteURL
        } else {
            action = pageURL
        }
        guard filledUsername, filledPassword, let action else { throw HeadlessPresenterError.malformedForm }
        let encoded = FormParameters.encode(fields)
        if form.method == "post" {
            return HTTPTransportRequest(
                method: .post, url: action,
                headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "text/html"],
                body: Data(encoded.utf8))
        }
        var components = URLComponents(url: action, resolvingAgainstBaseURL: false)
        components?.percentEncodedQuery = encoded
        guard let url = components?.url else { throw HeadlessPresenterError.malformedForm }
        return page(url)
    }
}
