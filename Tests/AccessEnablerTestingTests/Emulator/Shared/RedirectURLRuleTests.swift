import Foundation
import Testing
@testable import AccessEnablerTesting

/// When a redirect URL a request names is a registered one.
@Suite(.timeLimit(.minutes(3)))
struct RedirectURLRuleTests {
    @Test(
        "the same scheme, host, port and path; any query; any port on a loopback IP literal",
        arguments: [
            ("adobepass://ios.app", "adobepass://ios.app", true),
            ("adobepass://ios.app?x=1", "adobepass://ios.app", true),
            ("ADOBEPASS://IOS.APP", "adobepass://ios.app", true),
            ("adobepass://ios.app.evil", "adobepass://ios.app", false),
            ("https://app.example", "https://app.example/", true),
            ("https://app.example:443/", "https://app.example/", true),
            ("https://app.example:8443/", "https://app.example/", false),
            ("http://app.example/", "https://app.example/", false),
            ("https://app.example/done/more", "https://app.example/done", false),
            ("http://127.0.0.1:53124/cb?state=1", "http://127.0.0.1/cb", true),
            ("http://127.0.0.1:1/cb", "http://127.0.0.1:9000/cb", true),
            ("http://[::1]:53124/cb", "http://[::1]/cb", true),
            ("https://127.0.0.1:53124/cb", "https://127.0.0.1/cb", false),
            ("http://localhost:53124/cb", "http://localhost/cb", false),
            ("http://127.0.0.1:53124/other", "http://127.0.0.1/cb", false),
        ])
    func matching(url: String, registered: String, matches: Bool) throws {
        #expect(RedirectURLRule.matches(try #require(URL(string: url)), registered: registered) == matches)
    }
}
