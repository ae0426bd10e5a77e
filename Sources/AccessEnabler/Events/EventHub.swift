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

    /// Whether any subscriber would receive an event emitted now: the calls made many times a
    /// second (``AccessEnabler/checkAuthentication()``) build their event only then, since an
    /// event is one allocation (its cases are boxed: docs/performance.md).
    var isObserved: Bool {
        continuations.withLock { !$0.isEmpty }
    }

    /// Delivers `event` to every subscriber.
    func emit(_ event: EntitlementEvent) {
        let current = continuations.withLock { Array($0.values) }
        for continuation in current { continuation.yield(event) }
    }

    deinit {
        let current = continuations.withLock { Array($0.values) }
        for continuation in current { continuation.finish() }
    }
}
