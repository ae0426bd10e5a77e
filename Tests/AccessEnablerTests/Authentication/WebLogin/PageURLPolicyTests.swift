import Foundation
import Testing
@testable import AccessEnabler

/// The rule of the login and logout page URLs, on its own: what `SFSafariViewController`, a web
/// view, `ASWebAuthenticationSession` and the tool may be handed.
@Suite(.timeLimit(.minutes(10))) struct PageURLPolicyTests {
    static let refused: [String] = [
        "javascript:alert(document.cookie)", "file:///etc/passwd", "data:text/html,<script>alert(1)</script>",
        "adbe.3f2a://adobe.com/login", "ftp://sp.example/login", "/api/v2/authenticate/REF/CODE", "login.html",
        "http://sp.example/login", "http://127.0.0.1.example/login", "https://viewer:password@sp.example/login",
        "https://sp.example@mvpd.example/login", "https:///no-host", "about:blank",
    ]

    @Test(arguments: refused, [PageURLPolicy.Call.authenticate, .logout, .activate])
    func aPageThatCannotBeShownIsRefusedNamingTheCall(text: String, call: PageURLPolicy.Call) throws {
        let url = try #require(URL(string: text), "\(text) parses")
        let error = #expect(throws: AccessEnablerError.self) { try PageURLPolicy.checked(url, for: call) }
        #expect(error == AccessEnablerError.invalidPageURL)
        #expect(error?.isFromSDK == true)
        let details = try #require(error?.status.details)
        #expect(details.hasPrefix("\(call.rawValue): the \(call == .logout ? "logout" : "login") page URL"))
        // The URL itself (a secret in user info, a script) never reaches the error.
        #expect(!details.contains("password") && !details.contains("alert") && !details.contains("passwd"))
        #expect(!"\(error!)".contains("password"))
    }

    static let accepted: [(String, String)] = [
        ("https://sp.example/api/v2/authenticate/REF/CODE", "https://sp.example/api/v2/authenticate/REF/CODE"),
        ("HTTPS://sp.example/login?x=1", "https://sp.example/login?x=1"),
        ("Https://mvpd.example:8443/login#top", "https://mvpd.example:8443/login#top"),
        ("http://127.0.0.1:8080/adobe-services/logout", "http://127.0.0.1:8080/adobe-services/logout"),
        ("HTTP://localhost:8080/login", "http://localhost:8080/login"),
        ("http://[::1]:8080/login", "http://[::1]:8080/login"),
    ]

    /// Shown, with the scheme in lower case (what every browser API compares).
    @Test(arguments: accepted)
    func httpsAndLoopbackHTTPAreShown(text: String, shown: String) throws {
        let url = try #require(URL(string: text))
        #expect(try PageURLPolicy.checked(url, for: .authenticate).absoluteString == shown)
    }

    @Test func theReasonSaysWhatWasWrong() throws {
        func details(_ text: String) throws -> String? {
            let error = #expect(throws: AccessEnablerError.self) {
                try PageURLPolicy.checked(try #require(URL(string: text)), for: .logout)
            }
            return error?.status.details
        }
        #expect(try details("javascript:x")?.contains("scheme 'javascript'") == true)
        #expect(try details("/relative")?.contains("relative") == true)
        #expect(try details("http://sp.example/")?.contains("http on a host that is not the loopback") == true)
        #expect(try details("https://a:b@sp.example/")?.contains("user info") == true)
    }
}
