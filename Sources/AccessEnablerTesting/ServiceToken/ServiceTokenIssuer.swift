import AccessEnabler
import Foundation

/// An identity service as far as single sign-on needs one: it signs service tokens
/// (`AD-Service-Token`: a JWS, RS256, with the claims `iss`, `sub`, `aud`, `iat`, `exp`) for the
/// emulator's tests and demos.
///
/// ``emulator`` is the one ``EmulatorScenario/standard`` trusts (its ``publicKey`` is in
/// ``EmulatorScenario/serviceTokenKeys``). Its private key is published with this package: a key
/// for the emulator only, never one to trust anywhere else.
///
/// ```swift
/// let token = ServiceTokenIssuer.emulator.token(
///     subject: "viewer-1", issuedAt: clock.now, expiresAt: clock.now.addingTimeInterval(3600))
/// ```
public struct ServiceTokenIssuer: Sendable {
    /// The `iss` claim.
    public let issuer: String
    /// The public key the service provider checks the signatures with.
    public let publicKey: EmulatorScenario.ServiceTokenKey
    private let privateKey: RSAPrivateKey

    /// The test identity service of the emulator (`iss` `emulator-identity`; a 2048-bit key made
    /// once for this package).
    public static let emulator = ServiceTokenIssuer(
        issuer: "emulator-identity",
        n:
            "rrAq6DmMMbirbzjO993Nc0RN-xOWkkoQCEj0-xdEO8zey_omJZnsJiutyFfaBLdr6DJo6AADHwxOG2fcNa1JX8bCUp3KDKPN"
            + "imXHGotEu_vZc2hM6KN0YExS6jv2lVxX2Ht52zMvwzHGzMk452vIGlypax1O3doNoloe2ks59Xba2-3stwap9aQLe1D0qnHW"
            + "07NHaUwS_NTTu31ur2YKByu18KKkoiyE-LJrKa_gmKlRMM8pQONM4d4qxUkaPOHegK0dsscVe-VSw0P8HZoeYGsaM_YO56WG"
            + "j3YaAFBhZVSXK946moutJdgK56gyEtqxnWFZNkz82_6AlSTzVkbhZQ",
        e: "AQAB",
        p:
            "84yTwaPUju1MNE-2wn4M_Fy9sCf259EvNchbhUYybeu50MWq-NehtwEgGxlMHrsq0WtodDnRGU63mo4nBEVbkc94ZBEh5Yiu"
            + "wL0MtZ2aBLZk7PKHcXYmv7xctnHBf6yGUJ6QVQ6ZgD4Huy-xieooJ8WIjvD9e8QIEuaKztyp7rE",
        q:
            "t55hQHrDVH15ahcWTdBNdN3hqW31o9k40NMADcoveGrrRLpin2OVOIrafNpPjAiSVttnmNj9nTX1IQnbsMiw0OOkoRyt_ZRL"
            + "6jxjeuidjejKBK1AJ9nArTO5TD6lU_YqgeQzEzp9lejrE0MMR1DQYV43b4FzWG2X29cF9KvtEvU",
        dp:
            "HH_lxnIabIM-OJzfYREJCfr8Q4HZtbTX1m5Ur1rQieZcvx5ybF4nUVfzXtht_OagExODjJ47Zr-8Ynyh-jD3jy99AhCzK737"
            + "3RgCRbpkjIqfcs7KpK9Tx3oOS1cycnNI4GQ9tYZY1hXsJ65kEyRwgH7wBPIUZ4g__Z42vhA6XnE",
        dq:
            "tbgVsTWNeGGRNnBQz4O2FFG-kepT7ur8cpZPeFY_cqIF4oe_MNTiCgpJPsTjcsfM5A7RURB2tg5_YUobVLLZYnHYLOZwPwRz"
            + "uQY4wZvSyW23-LbpRkcXi5Ij8RQSlKyL1u7bqUz6mtDfTLnPPgj5oVMX88-eMsaLQrNjnohD4L0",
        qi:
            "70dMipF2Hyry8zpCexRwkSRHkklTNqdQ8Ym3eVoHyzFkkfvQhylsTx_mVsdg4ujkS8TEhOWatfU6DrDTDqkJjBBzr5GBWXLV"
            + "KZIX0gWzvcH1Af-ngYdysmsR1-Iovxa3csiaKkfaXTOz02ojAvnnh-J9FHodZAYar1gccsoH744")

    /// An issuer with a JWK's private members (Base64URL); it traps on parts that are not a key.
    init(issuer: String, n: String, e: String, p: String, q: String, dp: String, dq: String, qi: String) {
        let publicKey = EmulatorScenario.ServiceTokenKey(n: n, e: e)
        guard let rsa = publicKey.rsaKey, let p = Base64URL.decode(p), let q = Base64URL.decode(q),
            let dp = Base64URL.decode(dp), let dq = Base64URL.decode(dq), let qi = Base64URL.decode(qi),
            let privateKey = RSAPrivateKey(publicKey: rsa, p: p, q: q, dp: dp, dq: dq, qi: qi)
        else { preconditionFailure("ServiceTokenIssuer: the key parts are not an RSA key") }
        self.issuer = issuer
        self.publicKey = publicKey
        self.privateKey = privateKey
    }

    /// A service token for `subject`: header `{"alg":"RS256","typ":"JWT"}`, claims `iss`, `sub`,
    /// `aud` (`adobe`), `iat` and `exp` (whole seconds since 1970), signed with the issuer's key.
    public func token(subject: String, issuedAt: Date, expiresAt: Date) -> String {
        signed(
            header: ["alg": .string("RS256"), "typ": .string("JWT")],
            claims: [
                "iss": .string(issuer), "sub": .string(subject), "aud": .string("adobe"),
                "iat": .number(issuedAt.timeIntervalSince1970.rounded(.down)),
                "exp": .number(expiresAt.timeIntervalSince1970.rounded(.down)),
            ])
    }

    /// A JWS of any header and claims, signed with the issuer's key: for tokens that test the
    /// service provider's checks (another algorithm, no `exp`, another audience).
    public func signed(header: [String: JSONValue], claims: [String: JSONValue]) -> String {
        let input = Self.part(header) + "." + Self.part(claims)
        return input + "." + Base64URL.encode(privateKey.sign(Array(input.utf8)))
    }

    /// The Base64URL of an object's JSON, keys sorted (so a token is the same from run to run).
    private static func part(_ object: [String: JSONValue]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Base64URL.encode((try? encoder.encode(JSONValue.object(object))) ?? Data())
    }
}
