import Foundation
import Testing
@testable import AccessEnabler

/// External URLs (Location headers, server-sent URLs, the URL a web view hands back) parse alike
/// on every platform: what iOS 16 / macOS 13's strict `URL(string:)` would refuse is encoded
/// first. The strict parser is reproduced here with `encodingInvalidCharacters: false`.
@Suite(.timeLimit(.minutes(5))) struct ExternalURLTests {
    static let needingEncoding: [(String, String)] = [
        ("https://sp.example/login?next=a b", "https://sp.example/login?next=a%20b"),
        ("https://sp.example/p|q?x={1}", "https://sp.example/p%7Cq?x=%7B1%7D"),
        ("https://sp.example/café", "https://sp.example/caf%C3%A9"),
        ("https://sp.example/100%?a=%2F", "https://sp.example/100%25?a=%2F"),
        ("adobepass://ios.app?code=a\"b<c>", "adobepass://ios.app?code=a%22b%3Cc%3E"),
        ("adobepass://ios.app#one#two", "adobepass://ios.app#one%23two"),
        ("http://[::1]:8080/x[1]", "http://[::1]:8080/x%5B1%5D"),
        ("  https://sp.example/ok\n", "https://sp.example/ok"),
    ]

    static func strict(_ text: String) -> URL? { URL(string: text, encodingInvalidCharacters: false) }

    @Test(arguments: needingEncoding)
    func inputNeedingEncodingParsesAsTheStrictParserWould(input: String, expected: String) throws {
        let url = try #require(ExternalURL.parse(input))
        #expect(url.absoluteString == expected)
        // iOS 16 / macOS 13 accept the encoded text, with the same result.
        #expect(
            Self.strict(ExternalURL.encoded(input.trimmingCharacters(in: .whitespacesAndNewlines)))?
                .absoluteString == expected)
    }

    /// The control: the strict parser refuses the raw text (what `URL(string:)` did on iOS 16).
    @Test(arguments: needingEncoding.dropLast())
    func theStrictParserRefusesTheRawText(input: String, expected: String) {
        #expect(Self.strict(input) == nil)
    }

    @Test func encodedTextIsLeftAlone() {
        for text in [
            "https://sp.example/api/v2/REF/sessions?redirectUrl=adobepass%3A%2F%2Fios.app",
            "adbe.3f2a://adobe.com?x=1#f", "/api/v2/REF/profiles",
        ] {
            #expect(ExternalURL.encoded(text) == text)
        }
        #expect(ExternalURL.parse("   ") == nil)
    }

    /// A relative `Location` resolves against the service provider, encoded the same way.
    @Test func locationHeadersResolveAlike() throws {
        let provider = try ServiceProvider(URL(string: "https://sp.example")!)
        #expect(
            provider.resolve("/adobe-services/authenticate?mso_id=A B")?.absoluteString
                == "https://sp.example/adobe-services/authenticate?mso_id=A%20B")
        #expect(
            provider.resolve("https://mvpd.example/login?r=é")?.absoluteString
                == "https://mvpd.example/login?r=%C3%A9")
    }
}
