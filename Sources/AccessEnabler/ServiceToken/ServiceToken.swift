import Foundation

/// A service token as the app gave it: the compact JWS (`header.payload.signature`) and the
/// expiry its payload states. The SDK reads the `exp` claim only, to know when to ask again; the
/// signature is the service provider's to check.
struct ServiceToken: Sendable, Equatable {
    /// The JWS, sent as it is.
    let value: String
    /// The `exp` claim; nil when the payload states none (the token is kept until refused).
    let expires: Date?

    /// Reads `value`; nil when it is not a compact JWS: three Base64URL parts, the first two
    /// non-empty (a header value must not carry anything else).
    init?(_ value: String) {
        guard let parts = Base64URL.compactJWSParts(value) else { return nil }
        self.value = value
        self.expires = Self.payload(parts.payload).flatMap(Self.expiry)
    }

    /// Whether the token can no longer be sent at `now`: its `exp` has passed, or passes within
    /// `margin` (it could expire on its way).
    func hasExpired(at now: Date, margin: TimeInterval) -> Bool {
        guard let expires else { return false }
        return expires.timeIntervalSince(now) <= margin
    }

    /// The decoded payload (JSON object), if it is one.
    private static func payload(_ part: Substring) -> [String: Any]? {
        guard let bytes = Base64URL.decode(part) else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    }

    /// `exp`: NumericDate, seconds since 1970 (RFC 7519), possibly with a fraction.
    private static func expiry(_ payload: [String: Any]) -> Date? {
        guard let seconds = (payload["exp"] as? NSNumber)?.doubleValue, seconds.isFinite else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }
}
