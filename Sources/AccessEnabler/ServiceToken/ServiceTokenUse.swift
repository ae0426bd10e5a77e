import Foundation

/// Whether the requests of one call that should carry the app's service token went without one
/// (the app gave none, or a value that is not a token): their answers cannot speak for a
/// sign-in the service provider keeps under the token (a `serviceTokenSSO` profile).
///
/// The caller puts one in the ``RequestContext`` of the requests; ``WireClient`` records what
/// each request whose page lists `AD-Service-Token` finally carried.
final class ServiceTokenUse: Sendable {
    private let wentWithout = LockedValue(false)

    /// Records the token a request whose page lists the header was sent with.
    func record(_ token: ServiceToken?) {
        if token == nil { wentWithout.withLock { $0 = true } }
    }

    /// Whether a request whose page lists the header went without a token.
    var anyWentWithout: Bool { wentWithout.withLock { $0 } }
}
