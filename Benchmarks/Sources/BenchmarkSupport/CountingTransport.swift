import AccessEnabler
import Foundation

/// A transport that forwards to another and counts what passes through: the requests sent and
/// the most that were in flight at once. Request counts do not depend on the machine's speed, so
/// the benchmarks can hold them to exact targets.
package final class CountingTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked: `counts` is only read and written with `lock` held.
    private let base: any HTTPTransport
    private let lock = NSLock()
    private var counts = Counts()

    /// What one measured window sent.
    package struct Counts: Sendable, Equatable {
        /// Requests sent.
        package var requests = 0
        /// Requests in flight right now.
        package var inFlight = 0
        /// The most requests in flight at once.
        package var peakInFlight = 0
    }

    package init(_ base: any HTTPTransport) {
        self.base = base
    }

    package func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        lock.withLock {
            counts.requests += 1
            counts.inFlight += 1
            counts.peakInFlight = max(counts.peakInFlight, counts.inFlight)
        }
        defer { lock.withLock { counts.inFlight -= 1 } }
        return try await base.send(request)
    }

    /// The counts so far; starts counting again from zero (requests still in flight stay counted
    /// as in flight).
    package func take() -> Counts {
        lock.withLock {
            let taken = counts
            counts = Counts(inFlight: counts.inFlight, peakInFlight: counts.inFlight)
            return taken
        }
    }
}
