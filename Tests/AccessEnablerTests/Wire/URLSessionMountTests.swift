import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The whole flow through the real `URLSession` stack, with the emulator behind a `URLProtocol`.
@Suite struct URLSessionMountTests {
    @Test(arguments: allBackends)
    func fullFlowOverURLSession(backend: AccessEnabler.Backend) async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let session = URLSession(configuration: emulator.makeURLSessionConfiguration())
        let transport = URLSessionTransport(session: session)
        let harness = Harness(backend: backend, clock: clock, emulator: emulator) { $0.transport = transport }
        try await harness.configure()
        let presenter = HeadlessPresenter(mvpdID: "Cablevision", username: "alice", password: "alice-password",
                                          transport: transport)
        let authentication = try await harness.enabler.authenticate(presenter: presenter)
        #expect(authentication.userID == "alice-user-id")
        let response = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news", "premium"]))
        #expect(response.decisions.map(\.isAuthorized) == [true, false])
        let token = try await harness.enabler.authorize(resource: "news")
        #expect(!token.serializedToken.isEmpty)
        try await harness.enabler.logout(presenter: presenter)
        #expect(await emulator.requests(to: .browserLogout).first?.responseStatus == 302, "redirects reach the caller unfollowed")
    }

    @Test func transportReturnsRedirectsAsTheyAre() async throws {
        let emulator = PassEmulator()
        let transport = URLSessionTransport(session: URLSession(configuration: emulator.makeURLSessionConfiguration()))
        let url = URL(string: "\(emulator.baseURL.absoluteString)/adobe-services/logout?noflash=true&mso_id=AutoCable&requestor_id=REF&redirect_url=adobepass%3A%2F%2Fios.app")!
        let response = try await transport.send(HTTPRequest(url: url))
        #expect(response.status == 302)
        #expect(response.headers["Location"] == "adobepass://ios.app")
    }
}
