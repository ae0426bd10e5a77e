import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// On Apple platforms a `URLProtocol` sees neither the session's `httpAdditionalHeaders` nor its
/// cookies, so the routing tag never arrives: emulators made without a base URL have hosts of
/// their own, and a session mount reaches the right one by host alone.
@Suite(.timeLimit(.minutes(5))) struct URLProtocolHostRoutingTests {
    /// A mount as Darwin delivers it: no routing header, no routing cookie.
    private func untaggedSession(_ emulator: PassEmulator) -> URLSession {
        let configuration = PassEmulator.makeURLSessionConfiguration(routing: [emulator])
        configuration.httpAdditionalHeaders = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        return URLSession(configuration: configuration)
    }

    @Test func everyEmulatorHasItsOwnHost() {
        let hosts = (0..<20).map { _ in PassEmulator(clock: TestClock()).baseURL.host }
        #expect(Set(hosts).count == 20)
    }

    @Test func untaggedRequestsReachTheirEmulatorByHost() async throws {
        let first = PassEmulator(clock: TestClock())
        let second = PassEmulator(clock: TestClock())
        for (emulator, count) in [(first, 2), (second, 1)] {
            for _ in 0..<count {
                var request = URLRequest(url: emulator.baseURL.appendingPathComponent("o/client/register"))
                request.httpMethod = "POST"
                let (_, response) = try await untaggedSession(emulator).data(for: request)
                #expect((response as? HTTPURLResponse) != nil)
            }
        }
        #expect(await first.requests.count == 2)
        #expect(await second.requests.count == 1)
    }
}
