import AccessEnabler
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `URLSessionTransport` never follows a redirect, whichever way it was made, over a real socket:
/// a server that answers every request with a 302 to itself sees exactly one request, and the
/// caller gets the 302 with its `Location`.
@Suite(.timeLimit(.minutes(5))) struct RedirectRefusalTests {
    enum Construction: String, CaseIterable, Sendable {
        case `default`, configuration, ownSession
    }

    @Test(arguments: Construction.allCases)
    func redirectsAreReturnedNotFollowed(construction: Construction) async throws {
        let server = try LoopbackHTTPServer(
            .init(
                head:
                    "HTTP/1.1 302 Found\r\nLocation: /elsewhere?step=2\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                body: Data(), repeats: 0))
        defer { server.stop() }
        let transport: URLSessionTransport
        switch construction {
        case .default: transport = URLSessionTransport()
        case .configuration: transport = URLSessionTransport(configuration: .ephemeral)
        case .ownSession: transport = URLSessionTransport(session: URLSession(configuration: .ephemeral))
        }
        let response = try await transport.send(
            HTTPTransportRequest(url: server.baseURL.appendingPathComponent("start")))
        #expect(response.status == 302)
        #expect(response.headers["Location"] == "/elsewhere?step=2")
        #expect(server.stats.connections == 1, "the redirect was followed")
    }
}
