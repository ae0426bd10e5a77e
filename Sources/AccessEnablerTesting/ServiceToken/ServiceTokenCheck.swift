import AccessEnabler
import Foundation

/// What the service provider checks in a service token (`AD-Service-Token`), as Adobe's header
/// page describes it: a compact JWS signed `RS256` with a key the programmer handed over, whose
/// claims name the user (`sub`), the audience Adobe (`aud`) and an expiry (`exp`) still ahead.
enum ServiceTokenCheck {
    /// Why a token is refused (the details of the 400; never the token).
    enum Refusal: Error, Sendable, Hashable {
        case malformed
        case algorithm
        case signature
        case claims(String)
        case expired

        var details: String {
            switch self {
            case .malformed: "The service token is not a compact JWS."
            case .algorithm: "The service token is not signed with RS256."
            case .signature: "The service token's signature does not verify with a registered key."
            case .claims(let what): "The service token's claims are invalid: \(what)."
            case .expired: "The service token has expired."
            }
        }
    }

    /// The `sub` of `token` when it passes every check at `now` with one of `keys`.
    static func subject(of token: String, keys: [RSAPublicKey], at now: Date) throws(Refusal) -> String {
        guard let parts = Base64URL.compactJWSParts(token), let headerBytes = Base64URL.decode(parts.header),
            let payloadBytes = Base64URL.decode(parts.payload), let signature = Base64URL.decode(parts.signature),
            let header = object(headerBytes), let claims = object(payloadBytes)
        else { throw .malformed }
        guard header["alg"] as? String == "RS256" else { throw .algorithm }
        let signed = Array(token.utf8.prefix(parts.header.utf8.count + 1 + parts.payload.utf8.count))
        guard keys.contains(where: { $0.verifies(signature, of: signed) }) else { throw .signature }
        guard let subject = claims["sub"] as? String, !subject.isEmpty else { throw .claims("no sub") }
        let audiences = (claims["aud"] as? [String]) ?? (claims["aud"] as? String).map { [$0] } ?? []
        // The header page writes the audience "Adobe" and its sample "adobe".
        guard audiences.contains(where: { $0.lowercased() == "adobe" }) else { throw .claims("aud is not Adobe") }
        guard let expiry = (claims["exp"] as? NSNumber)?.doubleValue, expiry.isFinite else {
            throw .claims("no exp")
        }
        guard now.timeIntervalSince1970 < expiry else { throw .expired }
        return subject
    }

    private static func object(_ bytes: [UInt8]) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    }
}
