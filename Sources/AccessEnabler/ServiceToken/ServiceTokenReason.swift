/// Why the SDK asks the app's ``AccessEnabler/Configuration/serviceTokenProvider`` for a service
/// token (REST API v2's `AD-Service-Token`).
public enum ServiceTokenReason: Sendable, Hashable {
    /// The SDK holds no token: the first request that carries one, or the app gave none last
    /// time.
    case initial
    /// The token the SDK holds has expired: its `exp` claim has passed on the SDK's clock
    /// (``AccessEnabler/Configuration/clock``). Return a new one.
    case expired
    /// The service provider refused the token the SDK sent (a 400 `invalid_header_service_token`,
    /// this SDK's name for the refusal, which Adobe's catalogue does not name):
    /// return a new one, or nil to send none.
    case refused
}
