import AccessEnabler
import Foundation

extension EmulatorScenario {
    /// The RSA public key of an identity service whose service tokens (`AD-Service-Token`, RS256)
    /// the service provider accepts: what the programmer hands over to Adobe. Written as a JWK's
    /// `n` and `e` (Base64URL).
    public struct ServiceTokenKey: Codable, Sendable, Hashable {
        /// The modulus, Base64URL (the JWK `n`).
        public var n: String
        /// The public exponent, Base64URL (the JWK `e`; `AQAB` is 65537).
        public var e: String

        /// Creates a key from a JWK's `n` and `e`.
        public init(n: String, e: String = "AQAB") {
            self.n = n
            self.e = e
        }

        private enum CodingKeys: String, CodingKey, CaseIterable { case n, e }

        /// Decodes a key; a missing `e` is 65537.
        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            n = try container.decode(String.self, forKey: .n)
            e = try container.decodeIfPresent(String.self, forKey: .e) ?? "AQAB"
        }

        /// The key, or nil when `n` and `e` are not an RSA public key of 512 bits or more.
        var rsaKey: RSAPublicKey? {
            guard let modulus = Base64URL.decode(n), let exponent = Base64URL.decode(e) else { return nil }
            return RSAPublicKey(modulus: modulus, exponent: exponent)
        }
    }
}
