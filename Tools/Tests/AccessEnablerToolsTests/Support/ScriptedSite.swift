import AccessEnabler
import Foundation

/// A scripted web site: answers by URL without its query, and records every request.
final class ScriptedSite: HTTPTransport, @unchecked Sendable {
    enum Answer {
        case redirect(String)
        case page(String)
        case status(Int)
    }

    private let answers: [String: Answer]
    private let lock = NSLock()
    private var log: [HTTPTransportRequest] = []

    init(_ answers: [String: Answer]) { self.answers = answers }

    var requests: [HTTPTransportRequest] { lock.withLock { log } }
    var requested: [String] { requests.map(\.url.absoluteString) }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        lock.withLock { log.append(request) }
        var components = URLComponents(url: request.url, resolvingAgainstBaseURL: true)
        components?.query = nil
        switch components?.string.flatMap({ answers[$0] }) {
        case .redirect(let location)?: return HTTPTransportResponse(status: 302, headers: ["Location": location])
        case .page(let html)?:
            return HTTPTransportResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data(html.utf8))
        case .status(let status)?: return HTTPTransportResponse(status: status)
        case nil: return HTTPTransportResponse(status: 404)
        }
    }
}
