@testable import AccessEnabler
import Foundation
import Testing

/// What the SDK reads from the app's service token: that it is a compact JWS (so it can go in a
/// header), and its `exp` (so it knows when to ask again). The signature is the service
/// provider's to check.
@Suite(.timeLimit(.minutes(3))) struct ServiceTokenValueTests {
    static func jws(_ payload: String) -> String {
        let encoded = Data(payload.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return "eyJhbGciOiJSUzI1NiJ9." + encoded + ".c2lnbmF0dXJl"
    }

    @Test func theExpiryIsTheExpClaim() throws {
        let token = try #require(ServiceToken(Self.jws(#"{"sub":"viewer","exp":1800000600}"#)))
        #expect(token.expires == Date(timeIntervalSince1970: 1_800_000_600))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(!token.hasExpired(at: now, margin: 10))
        #expect(token.hasExpired(at: now.addingTimeInterval(590), margin: 10), "within the margin")
        #expect(token.hasExpired(at: now.addingTimeInterval(600), margin: 0))
        #expect(
            ServiceToken(Self.jws(#"{"exp":1800000600.5}"#))?.expires == Date(timeIntervalSince1970: 1_800_000_600.5))
    }

    @Test func aTokenWithoutAReadableExpNeverExpiresOnTheSDKsClock() throws {
        for payload in [#"{"sub":"viewer"}"#, #"{"exp":"soon"}"#, "not json"] {
            let token = try #require(ServiceToken(Self.jws(payload)), "\(payload)")
            #expect(token.expires == nil)
            #expect(!token.hasExpired(at: .distantFuture, margin: 10))
        }
    }

    @Test func onlyACompactJWSIsAToken() {
        for text in ["", "a.b", "a.b.c.d", ".b.c", "a..c", "a.b.c\r\nX: 1", "a b.c.d", "a.b.c=", "ä.b.c"] {
            #expect(ServiceToken(text) == nil, "\(text.debugDescription)")
        }
        #expect(ServiceToken("a.b.") != nil, "an unsecured JWS has an empty signature; the server decides")
        #expect(ServiceToken("a-_.B9.c") != nil)
    }

    @Test func aRefusalIsTheServiceTokenCodeOnly() {
        #expect(KnownErrorCode.meaning(of: "invalid_header_service_token") == .serviceTokenRefused)
        for code in ["invalid_header_device_info", "invalid_header_identity_for_temporary_access", "bad_request"] {
            #expect(!KnownErrorCode.meaning(of: .init(rawValue: code)).contains(.serviceTokenRefused), "\(code)")
        }
    }
}
