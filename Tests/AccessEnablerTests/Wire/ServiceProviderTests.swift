import Foundation
import Testing
@testable import AccessEnabler

@Suite struct ServiceProviderTests {
    @Test(arguments: [
        "https://api.auth.adobe.com", "https://api.auth.adobe.com/", "http://127.0.0.1:8080", "http://localhost:9",
        "http://[::1]:8080", "https://sp.example.com/prefix/",
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

    @Test func buildsURLsUnderTheBasePath() throws {
        let provider = try ServiceProvider(URL(string: "https://sp.example.com/prefix/")!)
        let url = provider.url("/api/v1/config/REF", query: [("requestor", "R E"), ("deviceId", "d")], rawQuery: "resource=a,b")
        #expect(url.absoluteString == "https://sp.example.com/prefix/api/v1/config/REF?requestor=R%20E&deviceId=d&resource=a,b")
    }

    @Test func resolvesRelativeLocations() throws {
        let provider = try ServiceProvider(URL(string: "https://sp.example.com")!)
        #expect(provider.resolve("/api/v2/authenticate/R/CODE")?.absoluteString == "https://sp.example.com/api/v2/authenticate/R/CODE")
        #expect(provider.resolve("https://other.example.com/x")?.absoluteString == "https://other.example.com/x")
    }
}

@Suite struct RedirectMatchingTests {
    let redirect = URL(string: "adobepass://ios.app")!

    @Test(arguments: ["adobepass://ios.app", "adobepass://ios.app/", "ADOBEPASS://IOS.APP?code=1", "adobepass://ios.app#done"])
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
        #expect(AccessEnabler.matches(URL(string: "adbe.u-XFXJeTSDuJiIQs0HVRAg://adobe.com/callback?x")!, redirectURL: custom))
        #expect(!AccessEnabler.matches(URL(string: "adbe.u-XFXJeTSDuJiIQs0HVRAg://adobe.com/")!, redirectURL: custom))
    }
}
