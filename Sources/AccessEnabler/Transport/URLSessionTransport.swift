import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default ``HTTPTransport``: sends requests with a `URLSession` and returns redirects
/// unfollowed.
///
/// Redirects reach the SDK as 3xx responses: the browser steps of the protocol end at a
/// custom-scheme URL that `URLSession` must not try to load. Sessions this type creates refuse
/// redirects through their session delegate (Linux consults no other); for a session you create
/// yourself, its delegate decides — the SDK's own API calls never depend on redirects.
public struct URLSessionTransport: HTTPTransport {
    /// The session requests are sent with.
    public let session: URLSession

    /// Creates a transport over `session` (by default an ephemeral session that refuses
    /// redirects, so no cookies or cache entries of the SDK's calls outlive the process).
    public init(session: URLSession = URLSessionTransport.defaultSession) {
        self.session = session
    }

    /// Creates a transport over a new session with `configuration` that refuses redirects
    /// (for example a configuration with your own `protocolClasses`).
    public init(configuration: URLSessionConfiguration) {
        self.session = URLSession(configuration: configuration, delegate: NoRedirectDelegate.shared, delegateQueue: nil)
    }

    /// The ephemeral session the default transport shares; it refuses redirects.
    public static let defaultSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        return URLSession(configuration: configuration, delegate: NoRedirectDelegate.shared, delegateQueue: nil)
    }()

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = request.timeout.timeInterval
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        #if canImport(FoundationNetworking)
        // swift-corelibs-foundation never consults a task delegate about redirects.
        let (data, response) = try await session.data(for: urlRequest)
        #else
        let (data, response) = try await session.data(for: urlRequest, delegate: NoRedirectDelegate.shared)
        #endif
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers.add(name: name, value: value)
            }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }
}

/// Refuses every redirect so that the 3xx response reaches the caller. Installed both as the
/// session delegate (the only one Linux asks) and as the task delegate (for sessions created
/// elsewhere, on Apple platforms).
private final class NoRedirectDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    static let shared = NoRedirectDelegate()

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    package var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
