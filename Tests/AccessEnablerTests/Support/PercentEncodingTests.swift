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

    /// Decoding (what the emulator reads) undoes encoding (what the SDK sends), reads `+` as a
    /// space only in form and query semantics, and keeps a malformed escape as it is.
    @Test func decodingUndoesEncoding() {
        for text in ["a b+c&d=e,f/g?h", "é", "adobepass://ios.app", "%", "100%"] {
            #expect(PercentEncoding.decode(PercentEncoding.encode(text)) == text)
        }
        #expect(PercentEncoding.decode("a+b") == "a b")
        #expect(PercentEncoding.decode("a+b", plusAsSpace: false) == "a+b")
        #expect(PercentEncoding.decode("%zz%4") == "%zz%4")
        #expect(PercentEncoding.decode("%2e%2E") == "..")
    }
}
