import Foundation

/// One request for every concurrent caller that asks for the same thing: joins the
/// ``SharedOperation`` in flight, else answers from the cache, else starts one.
///
/// The owner (an actor) keeps the operations and a count of those it started; a single flight
/// reads and writes them through its closures, on the owner's isolation (they end with the call,
/// so nothing is allocated for them). A cache miss that spanned the start of another operation is
/// stale and looks again; an operation abandoned by every caller is started anew for whoever
/// still waits.
///
/// An operation stays the one in flight after its work ends, until the first of its callers is
/// back on the owner's isolation and forgets it: a caller that comes in between joins it and gets
/// its outcome. An owner that caches the value only once a caller has it back (not in `fetch`)
/// would otherwise miss both the operation and the cache in that gap and start a second one.
enum SingleFlight {
    /// The value: joined, cached or fetched, once for all concurrent callers.
    ///
    /// - Parameters:
    ///   - inFlight: The operation for this request the owner holds, if any.
    ///   - setInFlight: Records (or, with nil, forgets) the operation for this request.
    ///   - startedCount: How many operations the owner has started; read before and after a
    ///     cache lookup.
    ///   - didStart: Counts a started operation.
    ///   - cached: The cached value, if one can be used.
    ///   - fetch: The work of a new operation.
    @_semantics("optimize.sil.specialize.generic.never")  // One copy for all types: docs/performance.md
    static func value<Value: Sendable>(
        isolation: isolated (any Actor)? = #isolation,
        inFlight: () -> SharedOperation<Value>?,
        setInFlight: (SharedOperation<Value>?) -> Void,
        startedCount: () -> Int,
        didStart: () -> Void,
        cached: () async throws -> Value?,
        fetch: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        // The operation in flight, unless every caller abandoned it. One whose work ended is
        // still joined: nobody has its outcome back yet (whoever does forgets it first).
        func running() -> SharedOperation<Value>? {
            guard let operation = inFlight(), !operation.isAbandoned else { return nil }
            return operation
        }
        // Waits for `operation`, then forgets it once it has ended (a caller's own cancellation
        // leaves it to the others).
        func outcome(of operation: SharedOperation<Value>) async throws -> Value {
            do {
                let value = try await operation.value()
                if inFlight() === operation { setInFlight(nil) }
                return value
            } catch {
                if inFlight() === operation, operation.isFinished { setInFlight(nil) }
                throw error
            }
        }
        while true {
            if let operation = running() {
                do {
                    return try await outcome(of: operation)
                } catch is SharedOperation<Value>.Abandoned {
                    continue
                }
            }
            let startedBeforeLookup = startedCount()
            if let value = try await cached() { return value }
            if startedCount() != startedBeforeLookup || running() != nil { continue }
            let operation = SharedOperation(fetch)
            setInFlight(operation)
            didStart()
            do {
                return try await outcome(of: operation)
            } catch is SharedOperation<Value>.Abandoned {
                continue
            }
        }
    }
}
