import AccessEnabler
import Foundation

/// A transport that records what the SDK asks of each request and how many were in flight at
/// once, then lets `inner` answer.
final class RecordingTransport: HTTPTransport {
    let inner: any HTTPTransport
    let sent = LockedValue<[HTTPTransportRequest]>([])
    private let inFlight = LockedValue((now: 0, most: 0))

    init(inner: any HTTPTransport) { self.inner = inner }

    /// The most requests that were in flight at the same time.
    var mostInFlight: Int { inFlight.withLock { $0.most } }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        sent.withLock { $0.append(request) }
        inFlight.withLock {
            $0.now += 1
            $0.most = max($0.most, $0.now)
        }
        defer { inFlight.withLock { $0.now -= 1 } }
        return try await inner.send(request)
    }
}
