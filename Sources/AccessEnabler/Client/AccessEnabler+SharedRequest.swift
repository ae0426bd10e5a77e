import Foundation

/// The requests concurrent callers share, in flight (see `sharedRequest`).
struct SharedRequestState {
    /// The authorization requests, per resource and session.
    var authorizations: [AuthorizationKey: SharedOperation<AuthorizationRecord>] = [:]
    /// The user-metadata requests, per session.
    var userMetadata: [SessionRequestKey: SharedOperation<UserMetadataRecord>] = [:]
    /// How many shared requests have started; a caller whose cache lookup spanned a start looks
    /// again instead of starting a second request.
    var started = 0

    /// Forgets every request in flight (a logout: their results belong to the old session).
    mutating func removeAll() {
        authorizations.removeAll()
        userMetadata.removeAll()
    }
}

extension AccessEnabler {
    /// One request for all concurrent callers that ask for the same thing for the same session:
    /// keyed by the cache generation the caller's session was read at (a new session or a logout
    /// starts a new generation, so nobody joins a request made for another viewer).
    ///
    /// A ``SingleFlight``: joins the request in flight, else answers from `cached`, else starts
    /// `fetch`, which stores its result only if `generation` still holds.
    ///
    /// - Parameters:
    ///   - generation: The cache generation of the caller's session.
    ///   - inFlight: The request in flight for a generation, read on the actor.
    ///   - setInFlight: Records (or, with nil, forgets) the request for a generation.
    ///   - cached: The cached value; asked only while `generation` is the cache's.
    func sharedRequest<Value: Sendable>(
        generation: UInt64,
        inFlight: (_ generation: UInt64) -> SharedOperation<Value>?,
        setInFlight: (_ generation: UInt64, SharedOperation<Value>?) -> Void,
        cached: () async throws -> Value?,
        fetch: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await SingleFlight.value(
            inFlight: { inFlight(generation) },
            setInFlight: { setInFlight(generation, $0) },
            startedCount: { sharedRequests.started },
            didStart: { sharedRequests.started += 1 },
            // What the cache holds belongs to the caller's session only while it is the cache's.
            cached: { await cache.generation == generation ? try await cached() : nil },
            fetch: fetch)
    }
}
