import AccessEnabler
import Foundation
import Testing

/// `URLSessionTransport` over real sockets returns redirects unfollowed, also on Linux (where
/// only the session delegate is consulted).
@Suite(.timeLimit(.minutes(5))) struct URLSessionTransportRedirectTests {
    /// The auto-login MVPD's browser login, which redirects to `redirect` at once.
    func loginURL(_ base: URL, redirect: String) -> URL {
        let encoded = redirect.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        return URL(
            string:
                "\(base.absoluteString)/api/v1/authenticate?requestor_id=REF&mso_id=AutoCable&domain_name=adobe.com"
                + "&deviceId=device-1&noflash=true&no_iframe=true&redirect_url=\(encoded)"
        )!
    }

    @Test func theDefaultTransportReturnsRedirectsAsTheyAre() async throws {
        try await withEmulatorServer { server in
            let transport = URLSessionTransport()
            let custom = try await transport.send(
                HTTPTransportRequest(url: loginURL(server.url, redirect: "adobepass://ios.app")))
            #expect(custom.status == 302)
            #expect(custom.headers["Location"] == "adobepass://ios.app")
            // An http redirect is not followed either.
            let web = try await transport.send(
                HTTPTransportRequest(
                    url: loginURL(server.url, redirect: "\(server.url.absoluteString)/emulator/scenario")))
            #expect(web.status == 302)
        }
    }

    @Test func aTransportFromAConfigurationRefusesRedirectsToo() async throws {
        try await withEmulatorServer { server in
            let transport = URLSessionTransport(configuration: .ephemeral)
            let response = try await transport.send(
                HTTPTransportRequest(url: loginURL(server.url, redirect: "adobepass://ios.app")))
            #expect(response.status == 302)
        }
    }
}
