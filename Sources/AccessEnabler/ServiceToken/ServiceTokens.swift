import Foundation

/// Where the requests whose page lists `AD-Service-Token` get it: nowhere (the app gives no
/// token, or REST API v1), the app's provider (``ServiceTokenSource``), or a token given as it
/// is (the legacy adapter's `setOptions:` key `serviceToken`), sent until it is replaced.
///
/// Reading it takes a lock, nothing more: an app without service tokens pays no actor hop, task
/// or allocation per request for them, and neither does a given token.
final class ServiceTokens: Sendable {
    /// Where the token comes from.
    indirect enum Origin: Sendable {
        /// No token is sent.
        case none
        /// The app's provider, asked when the SDK holds no usable token.
        case provider(ServiceTokenSource)
        /// This token, sent as it is until it is replaced.
        case given(ServiceToken)
    }

    private let origin: LockedValue<Origin>

    init(_ origin: Origin) {
        self.origin = LockedValue(origin)
    }

    /// Whether the tokens come from the app's provider.
    var hasProvider: Bool {
        if case .provider = origin.withLock({ $0 }) { true } else { false }
    }

    /// The token to send now; nil when there is none.
    func token() async throws -> ServiceToken? {
        switch origin.withLock({ $0 }) {
        case .none: nil
        case .provider(let source): try await source.token()
        case .given(let token): token
        }
    }

    /// The token to send again after the service provider refused `refused`: the provider's next
    /// one; a given token only if another replaced the refused one meanwhile (else `refused`:
    /// there is no other).
    func replacement(forRefused refused: ServiceToken) async throws -> ServiceToken? {
        switch origin.withLock({ $0 }) {
        case .none: nil
        case .provider(let source): try await source.replacement(forRefused: refused)
        case .given(let token): token
        }
    }

    /// Forgets the token held: the provider is asked anew; a given token is no longer sent.
    func discard() async {
        let current = origin.withLock { origin in
            defer { if case .given = origin { origin = .none } }
            return origin
        }
        if case .provider(let source) = current { await source.discard() }
    }

    /// Sends `token` from now on (nil: none), in place of a given one. A provider is kept: the
    /// caller checks ``hasProvider`` first.
    func give(_ token: ServiceToken?) {
        origin.withLock { origin in
            if case .provider = origin { return }
            origin = token.map(Origin.given) ?? .none
        }
    }
}
