import Foundation

extension AccessEnabler {
    /// One request for all concurrent callers that ask for the same thing for the same session:
    /// keyed by the cache generation the caller's session was read at (a new session or a logout
    /// starts a new generation, so nobody joins a request made for another viewer).
    ///
    /// Joins the request in flight, else answers from `cached`, else starts `fetch`, which stores
    /// its result only if `generation` still holds. A cache miss that spanned the start of
    /// another request is stale and looks again; a request abandoned by every caller is started
    /// anew for whoever still waits.
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
        func running(_ generation: UInt64) -> SharedOperation<Value>? {
            guard let operation = inFlight(generation), !operation.isFinished, !operation.isAbandoned else { return nil }
            return operation
        }
        while true {
            if let operation = running(generation) {
                do {
                    return try await operation.value()
                } catch is SharedOperation<Value>.Abandoned {
                    continue
                }
            }
            let startedBeforeLookup = sharedRequestsStarted
            // What the cache holds belongs to the caller's session only while it is the cache's.
            if await cache.generation == generation, let value = try await cached() { return value }
            if sharedRequestsStarted != startedBeforeLookup || running(generation) != nil { continue }
            let operation = SharedOperation { try await fetch() }
            setInFlight(generation, operation)
            sharedRequestsStarted += 1
            do {
                let value = try await operation.value()
                if inFlight(generation) === operation { setInFlight(generation, nil) }
                return value
            } catch is SharedOperation<Value>.Abandoned {
                continue
            } catch {
                if inFlight(generation) === operation, operation.isFinished { setInFlight(generation, nil) }
                throw error
            }
        }
    }
}
