import Testing
@testable import AccessEnabler

@Suite(.timeLimit(.minutes(5))) struct PercentEncodingTests {
    @Test func unreservedCharactersStay() {
        #expect(PercentEncoding.encode("AZaz09-._~") == "AZaz09-._~")
    }

    @Test func reservedAndNonASCIIAreEncoded() {
        #expect(PercentEncoding.encode("a b+c&d=e,f/g?h") == "a%20b%2Bc%26d%3De%2Cf%2Fg%3Fh")
        #expect(PercentEncoding.encode("é") == "%C3%A9")
        #expect(PercentEncoding.encode("adobepass://ios.app") == "adobepass%3A%2F%2Fios.app")
    }

    @Test func dotSegmentsCannotNameAnotherPath() {
        #expect(PercentEncoding.pathSegment("..") == "%2E%2E")
        #expect(PercentEncoding.pathSegment(".") == "%2E")
        #expect(PercentEncoding.pathSegment("...") == "%2E%2E%2E")
        #expect(PercentEncoding.pathSegment("a.b") == "a.b", "dots inside an ID stay")
        #expect(PercentEncoding.pathSegment("../x") == "..%2Fx", "a slash cannot start a new segment")
        #expect(PercentEncoding.pathSegment("") == "")
    }

    @Test func queryKeepsOrder() {
        #expect(PercentEncoding.query([("b", "2"), ("a", "1 1")]) == "b=2&a=1%201")
    }
}
