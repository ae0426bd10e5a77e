import Foundation

/// Fans ``EntitlementEvent``s out to every current `events` subscriber.
final class EventHub: Sendable {
    private let continuations = LockedValue<[UInt64: AsyncStream<EntitlementEvent>.Continuation]>([:])
    private let nextID = LockedValue<UInt64>(0)

    /// A new stream that receives every event emitted from now on.
    func makeStream() -> AsyncStream<EntitlementEvent> {
        let id = nextID.withLock { value in
            value += 1
            return value
        }
        let (stream, continuation) = AsyncStream<EntitlementEvent>.makeStream(bufferingPolicy: .bufferingNewest(256))
        continuation.onTermination = { [weak self] _ in
            _ = self?.continuations.withLock { $0.removeValue(forKey: id) }
        }
        continuations.withLock { $0[id] = continuation }
        return stream
    }

    /// Delivers `event` to every subscriber, building it only when there is one: an event is an
    /// allocation (its cases are boxed, docs/performance.md), and calls such as
    /// ``AccessEnabler/checkAuthentication()`` run many times a second with nobody listening.
    /// Always inlined around the two calls below: left to the optimizer, it was copied whole into
    /// each of the two dozen call sites with their events (25 KB of an app's code).
    @inline(__always)
    func emit(_ event: @autoclosure () -> EntitlementEvent) {
        if hasSubscribers() { deliver(event()) }
    }

    @inline(never)
    private func hasSubscribers() -> Bool {
        continuations.withLock { !$0.isEmpty }
    }

    @inline(never)
    private func deliver(_ event: EntitlementEvent) {
        let current = continuations.withLock { Array($0.values) }
        for continuation in current { continuation.yield(event) }
    }

    deinit {
        let current = continuations.withLock { Array($0.values) }
        for continuation in current { continuation.finish() }
    }
}
