import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// `/adobe-services/logout` sends the browser only to a redirect URL registered for the
/// requestor: any other is refused with a page that says why, and nothing is logged out.
@Suite(.timeLimit(.minutes(3)))
struct BrowserLogoutTests {
    private func logout(_ harness: Harness, redirect: String, requestor: String = "REF") async throws -> BrowserVisit {
        try await harness.browse(
            "/adobe-services/logout",
            [
                ("noflash", "true"), ("mso_id", "Cablevision"), ("requestor_id", requestor),
                ("deviceId", Harness.deviceID), ("redirect_url", redirect),
            ])
    }

    /// A harness whose client registered `redirect`, signed in and known to REF.
    private func signedIn(registering redirect: String = Harness.redirectURL, _ scenario: EmulatorScenario = .standard)
        async throws -> Harness
    {
        let harness = try await Harness.make(scenario)
        if redirect != Harness.redirectURL {
            // A second client, registered with `redirect`, calls REF: its redirect URL is REF's.
            let other = try await harness.emulator.handle(Harness.registerRequest(harness.baseURL, redirect: redirect))
            let credentials = try decodeObject(other)
            let token = try decodeObject(
                try await harness.emulator.handle(
                    Harness.tokenRequest(
                        harness.baseURL, clientID: try #require(credentials["client_id"]?.stringValue),
                        secret: try #require(credentials["client_secret"]?.stringValue))))["access_token"]?.stringValue
            #expect(try await harness.v1("/api/v1/config/REF", bearer: token).status == 200)
        }
        try await harness.login()
        #expect(try await harness.v1("/api/v1/tokens/authn").status == 200)
        return harness
    }

    @Test("a redirect URL nobody registered is refused with a page that says why, and nothing is logged out")
    func unregisteredRedirect() async throws {
        let harness = try await signedIn()
        for redirect in ["https://evil.example/phish", "adobepass://ios.app.evil.example", "javascript:alert(1)"] {
            let page = try await logout(harness, redirect: redirect)
            #expect(page.status == 400, "\(redirect)")
            #expect(page.location == nil, "\(redirect)")
            #expect(page.isHTML)
            #expect(page.html.contains("is not a redirect URL registered for REF"), "\(redirect)")
        }
        #expect(try await harness.v1("/api/v1/tokens/authn").status == 200, "still signed in")
    }

    @Test("the redirect URL the requestor's client registered is followed, and the device is logged out")
    func registeredRedirect() async throws {
        let harness = try await signedIn()
        let page = try await logout(harness, redirect: Harness.redirectURL)
        #expect(page.status == 302)
        #expect(page.location == Harness.redirectURL)
        #expect(try await harness.v1("/api/v1/tokens/authn").status == 404)
    }

    @Test("the redirect URIs issued with the software statements are every requestor's")
    func statementRedirects() async throws {
        var scenario = EmulatorScenario.standard
        scenario.softwareStatements.redirectURIs = ["adbe.ref://adobe.com"]
        let harness = try await signedIn(scenario)
        #expect(try await logout(harness, redirect: "adbe.ref://adobe.com").status == 302)
        #expect(try await logout(harness, redirect: "adbe.other://adobe.com").status == 400)
    }

    @Test("a loopback redirect URL matches on any port (RFC 8252), and only on its own host and path")
    func loopbackRedirect() async throws {
        let harness = try await signedIn(registering: "http://127.0.0.1/accessenabler/redirect")
        let caught = try await logout(harness, redirect: "http://127.0.0.1:53124/accessenabler/redirect?state=abc")
        #expect(caught.status == 302)
        #expect(caught.location == "http://127.0.0.1:53124/accessenabler/redirect?state=abc")
        for redirect in [
            "http://127.0.0.1:53124/elsewhere", "http://127.0.0.1.evil.example/accessenabler/redirect",
            "https://127.0.0.1/accessenabler/redirect", "http://localhost:53124/accessenabler/redirect",
        ] {
            #expect(try await logout(harness, redirect: redirect).status == 400, "\(redirect)")
        }
    }

    @Test("without a known requestor_id, a redirect URL any client registered is followed, and no other")
    func withoutRequestor() async throws {
        let harness = try await signedIn()
        for query in [
            [("redirect_url", Harness.redirectURL)], [("requestor_id", "NOPE"), ("redirect_url", Harness.redirectURL)],
        ] {
            #expect(try await harness.browse("/adobe-services/logout", query).status == 302, "\(query)")
        }
        #expect(
            try await harness.browse("/adobe-services/logout", [("redirect_url", "https://evil.example/")]).status
                == 400)
        #expect(try await harness.v1("/api/v1/tokens/authn").status == 200, "no device named: nothing logged out")
    }

    @Test("a client that never called the requestor does not make its redirect URL the requestor's")
    func anotherRequestorsClient() async throws {
        let harness = try await Harness.make()
        // Registered with https://other.example/done, but only ever called OTHER.
        let other = try decodeObject(
            try await harness.emulator.handle(
                Harness.registerRequest(harness.baseURL, redirect: "https://other.example/done")))
        let token = try decodeObject(
            try await harness.emulator.handle(
                Harness.tokenRequest(
                    harness.baseURL, clientID: try #require(other["client_id"]?.stringValue),
                    secret: try #require(other["client_secret"]?.stringValue))))["access_token"]?.stringValue
        #expect(try await harness.v1("/api/v1/config/OTHER", requestor: "OTHER", bearer: token).status == 200)
        #expect(try await logout(harness, redirect: "https://other.example/done", requestor: "OTHER").status == 302)
        #expect(try await logout(harness, redirect: "https://other.example/done").status == 400)
    }
}
