import AccessEnabler
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the login presenter loads pages: its own ephemeral `URLSession`, so that the cookies the
/// MVPD's pages set are kept for the rest of the flow (and never written to disk), and redirects
/// come back as 3xx responses for the presenter to follow or stop at.
///
/// Redirects are refused by a delegate of the session itself: a delegate passed to
/// `data(for:delegate:)` for one task is not asked about redirects on Linux, where the session
/// would then follow a redirect to the custom-scheme redirect URL and fail.
struct BrowserTransport: HTTPTransport {
    private let session: URLSession

    /// A transport with an empty cookie jar.
    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = true
        configuration.httpCookieAcceptPolicy = .always
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        session = URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = Double(request.timeout.components.seconds)
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        let (data, response) = try await session.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers.add(name: name, value: value) }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }
}

/// Refuses every redirect, so that the 3xx response reaches ``BrowserTransport``'s caller.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
