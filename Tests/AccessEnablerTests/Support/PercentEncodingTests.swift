import Testing
@testable import AccessEnabler

@Suite struct PercentEncodingTests {
    @Test func unreservedCharactersStay() {
        #expect(PercentEncoding.encode("AZaz09-._~") == "AZaz09-._~")
    }

    @Test func reservedAndNonASCIIAreEncoded() {
        #expect(PercentEncoding.encode("a b+c&d=e,f/g?h") == "a%20b%2Bc%26d%3De%2Cf%2Fg%3Fh")
        #expect(PercentEncoding.encode("é") == "%C3%A9")
        #expect(PercentEncoding.encode("adobepass://ios.app") == "adobepass%3A%2F%2Fios.app")
    }

    @Test func queryKeepsOrder() {
        #expect(PercentEncoding.query([("b", "2"), ("a", "1 1")]) == "b=2&a=1%201")
    }
}
