import Foundation

extension AccessEnabler {
    /// One request for all concurrent callers that ask for the same thing in the same cache
    /// generation (a new session or a logout starts a new generation, so nobody joins a request
    /// made for the previous viewer).
    ///
    /// Joins the request in flight, else answers from `cached`, else starts `fetch`, which is
    /// handed the generation it runs for (to store its result only if that generation holds). A
    /// cache miss that spanned the start of another request is stale and looks again; a request
    /// abandoned by every caller is started anew for whoever still waits.
    ///
    /// - Parameters:
    ///   - inFlight: The request in flight for a generation, read on the actor.
    ///   - setInFlight: Records (or, with nil, forgets) the request for a generation.
    func sharedRequest<Value: Sendable>(
        inFlight: (_ generation: UInt64) -> SharedOperation<Value>?,
        setInFlight: (_ generation: UInt64, SharedOperation<Value>?) -> Void,
        cached: () async throws -> Value?,
        fetch: @escaping @Sendable (_ generation: UInt64) async throws -> Value
    ) async throws -> Value {
        func running(_ generation: UInt64) -> SharedOperation<Value>? {
            guard let operation = inFlight(generation), !operation.isFinished, !operation.isAbandoned else { return nil }
            return operation
        }
        while true {
            let generation = await cache.generation
            if let operation = running(generation) {
                do {
                    return try await operation.value()
                } catch is SharedOperation<Value>.Abandoned {
                    continue
                }
            }
            let startedBeforeLookup = sharedRequestsStarted
            if let value = try await cached() { return value }
            if sharedRequestsStarted != startedBeforeLookup || running(generation) != nil { continue }
            let operation = SharedOperation { try await fetch(generation) }
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
