import AccessEnablerTesting
import Foundation
import Testing
@testable import AccessEnabler
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The whole flow through the real `URLSession` stack, with the emulator behind a `URLProtocol`.
@Suite(.timeLimit(.minutes(5))) struct URLSessionMountTests {
    @Test(arguments: allBackends)
    func fullFlowOverURLSession(backend: AccessEnabler.Backend) async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let session = URLSession(configuration: emulator.makeURLSessionConfiguration())
        let transport = URLSessionTransport(session: session)
        let harness = Harness(backend: backend, clock: clock, emulator: emulator) { $0.transport = transport }
        try await harness.configure()
        let presenter = HeadlessPresenter(
            mvpdID: "Cablevision", username: "alice", password: "alice-password",
            transport: transport)
        let authentication = try await harness.enabler.authenticate(presenter: presenter)
        #expect(authentication.userID == "alice-user-id")
        let response = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news", "premium"]))
        #expect(response.decisions.map(\.isAuthorized) == [true, false])
        let token = try await harness.enabler.authorize(resource: "news")
        #expect(!token.serializedToken.isEmpty)
        try await harness.enabler.logout(presenter: presenter)
        #expect(
            await emulator.requests(to: .browserLogout).first?.responseStatus == 302,
            "redirects reach the caller unfollowed")
    }

    @Test func transportReturnsRedirectsAsTheyAre() async throws {
        let emulator = PassEmulator()
        let transport = URLSessionTransport(session: URLSession(configuration: emulator.makeURLSessionConfiguration()))
        let url = URL(
            string:
                "\(emulator.baseURL.absoluteString)/api/v1/authenticate?requestor_id=REF&mso_id=AutoCable&domain_name=adobe.com&deviceId=device-1&noflash=true&no_iframe=true&redirect_url=adobepass%3A%2F%2Fios.app"
        )!
        let response = try await transport.send(HTTPTransportRequest(url: url))
        #expect(response.status == 302)
        #expect(response.headers["Location"] == "adobepass://ios.app")
    }
    /// The header fields are set at once, as `addValue(_:forHTTPHeaderField:)` would have built
    /// them: a repeated name (in any case) joined with commas, a value that could split the
    /// header left out, names kept as given.
    @Test func headerFieldsAreBuiltAsAddValueWould() {
        var headers: HTTPTransportHeaders = ["Accept": "application/json", "AP-SDK-Identifier": "swift/1.0.0"]
        headers.add(name: "accept", value: "text/plain")
        headers.add(name: "X-Injected", value: "a\r\nSet-Cookie: b")
        headers.add(name: "X-Nul", value: "a\u{0}b")
        headers.add(name: "X-Line", value: "a\nb")
        let fields = URLSessionTransport.headerFields(headers)
        #expect(fields == ["Accept": "application/json,text/plain", "AP-SDK-Identifier": "swift/1.0.0"])
    }

    /// What the emulator receives through the URLSession mount: every field, under the name given.
    @Test func headerFieldsReachTheServer() async throws {
        let emulator = PassEmulator()
        let transport = URLSessionTransport(configuration: emulator.makeURLSessionConfiguration())
        let url = URL(string: "\(emulator.baseURL.absoluteString)/api/v2/REF/configuration")!
        var headers: HTTPTransportHeaders = ["Accept": "application/json", "AP-Device-Identifier": "fingerprint abc"]
        headers.add(name: "X-Twice", value: "1")
        headers.add(name: "x-twice", value: "2")
        _ = try await transport.send(HTTPTransportRequest(url: url, headers: headers))
        let received = try #require(await emulator.requests.last).headers
        #expect(received["AP-Device-Identifier"] == "fingerprint abc")
        #expect(received["Accept"] == "application/json")
        #expect(received["X-Twice"] == "1,2")
    }
}
