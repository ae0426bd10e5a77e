import Foundation
import Testing
@testable import AccessEnabler

@Suite(.timeLimit(.minutes(5))) struct ServiceProviderTests {
    @Test(arguments: [
        "https://api.auth.adobe.com", "https://api.auth.adobe.com/", "http://127.0.0.1:8080", "http://localhost:9",
        "http://[::1]:8080", "https://sp.example.com/prefix/", "http://127.12.34.56", "http://LOCALHOST:8080",
        "http://[0:0:0:0:0:0:0:1]", "http://[::ffff:127.0.0.1]:8080", "http://[::FFFF:7f00:1]",
    ])
    func acceptsHTTPSAndLoopbackHTTP(url: String) throws {
        let provider = try ServiceProvider(URL(string: url)!)
        #expect(!provider.origin.hasSuffix("/"))
    }

    @Test(arguments: [
        "http://api.auth.adobe.com", "http://192.168.1.10", "ftp://localhost", "https://user:pw@sp.example.com",
        "https://sp.example.com?x=1", "http://localhost.evil.com",
    ])
    func rejectsEverythingElse(url: String) {
        #expect(throws: AccessEnablerError.invalidServiceProvider) { try ServiceProvider(URL(string: url)!) }
    }

    /// Plain HTTP only where the parsed address is loopback: names that start like one, other
    /// spellings of 127.0.0.1 that a resolver may or may not read as it, and other IPv6 forms.
    @Test(arguments: [
        "http://127.anything.example", "http://127.0.0.1.nip.io", "http://127.0.0.1.", "http://localhost.",
        "http://localhost.example.com", "http://localhostx", "http://2130706433", "http://0x7f000001",
        "http://0x7f.0.0.1", "http://0177.0.0.1", "http://0127.0.0.1", "http://127.1", "http://127.0.1",
        "http://127.0.0.256", "http://[::ffff:10.0.0.1]", "http://[::127.0.0.1]", "http://[::2]",
        "http://[fe80::1]", "http://[::]", "http://0.0.0.0", "http://128.0.0.1",
    ])
    func plainHTTPIsRefusedForAnythingButAParsedLoopbackAddress(url: String) throws {
        let parsed = try #require(URL(string: url))
        #expect(throws: AccessEnablerError.invalidServiceProvider) { try ServiceProvider(parsed) }
        // The same host over HTTPS is fine: only clear text is at stake.
        let https = try #require(URL(string: "https" + url.dropFirst("http".count)))
        #expect(throws: Never.self) { try ServiceProvider(https) }
    }

    @Test func buildsURLsUnderTheBasePath() throws {
        let provider = try ServiceProvider(URL(string: "https://sp.example.com/prefix/")!)
        let url = provider.url(
            "/api/v1/config/REF", query: [("requestor", "R E"), ("deviceId", "d")], rawQuery: "resource=a,b")
        #expect(
            url.absoluteString
                == "https://sp.example.com/prefix/api/v1/config/REF?requestor=R%20E&deviceId=d&resource=a,b")
    }

    @Test func resolvesRelativeLocations() throws {
        let provider = try ServiceProvider(URL(string: "https://sp.example.com")!)
        #expect(
            provider.resolve("/api/v2/authenticate/R/CODE")?.absoluteString
                == "https://sp.example.com/api/v2/authenticate/R/CODE")
        #expect(provider.resolve("https://other.example.com/x")?.absoluteString == "https://other.example.com/x")
    }
}

@Suite(.timeLimit(.minutes(5))) struct RedirectMatchingTests {
    let redirect = URL(string: "adobepass://ios.app")!

    @Test(arguments: [
        "adobepass://ios.app", "adobepass://ios.app/", "ADOBEPASS://IOS.APP?code=1", "adobepass://ios.app#done",
    ])
    func acceptsTheRedirectURL(landed: String) {
        #expect(AccessEnabler.matches(URL(string: landed)!, redirectURL: redirect))
    }

    @Test(arguments: [
        "adobepass://ios.app.evil.com", "adobepass://evil.com/ios.app", "adobepassx://ios.app", "https://ios.app",
        "adobepass://ios.app/other", "adobepass://ios.app:8080",
    ])
    func rejectsLookAlikes(landed: String) {
        #expect(!AccessEnabler.matches(URL(string: landed)!, redirectURL: redirect))
    }

    @Test func customSchemeWithPath() {
        let custom = URL(string: "adbe.u-XFXJeTSDuJiIQs0HVRAg://adobe.com/callback")!
        #expect(
            AccessEnabler.matches(
                URL(string: "adbe.u-XFXJeTSDuJiIQs0HVRAg://adobe.com/callback?x")!, redirectURL: custom))
        #expect(!AccessEnabler.matches(URL(string: "adbe.u-XFXJeTSDuJiIQs0HVRAg://adobe.com/")!, redirectURL: custom))
    }
}
