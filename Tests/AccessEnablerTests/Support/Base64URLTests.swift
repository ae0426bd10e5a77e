import AccessEnablerTesting
import Foundation
import Testing

@testable import AccessEnabler

/// The package's one Base64URL and compact-JWS reading, which the SDK's service tokens and the
/// emulator's issuer and check share.
@Suite(.timeLimit(.minutes(3))) struct Base64URLTests {
    @Test func encodesWithoutPaddingAndDecodesBack() {
        let bytes: [UInt8] = [0xFB, 0xFF, 0xBF, 0x00, 0x7F]
        let text = Base64URL.encode(bytes)
        #expect(text == "-_-_AH8")
        #expect(Base64URL.decode(text) == bytes)
    }

    @Test(arguments: ["+_8", "-_8=", "-_ 8", "A", "AAAAA"])
    func refusesWhatIsNotBase64URL(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test func readsTheThreePartsOfACompactJWS() throws {
        let parts = try #require(Base64URL.compactJWSParts("e30.eyJleHAiOjF9.c2ln"))
        #expect(parts.header == "e30")
        #expect(parts.payload == "eyJleHAiOjF9")
        #expect(parts.signature == "c2ln")
        #expect(Base64URL.compactJWSParts("e30.e30.") != nil, "an unsigned JWS has an empty signature")
    }

    @Test(arguments: ["e30.e30", "e30.e30.c2ln.c2ln", ".e30.c2ln", "e30..c2ln", "e30.e30.c2ln\r\nX: 1", "e30.e3=.c2ln"])
    func refusesWhatIsNotACompactJWS(text: String) {
        #expect(Base64URL.compactJWSParts(text) == nil)
    }
}
