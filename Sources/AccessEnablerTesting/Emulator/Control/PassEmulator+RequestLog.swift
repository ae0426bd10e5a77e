import Foundation

extension PassEmulator {
    /// Every request received since the log was last cleared, in arrival order (control routes
    /// under `/emulator/` other than the MVPD pages are not logged).
    public var requests: [EmulatorRequestRecord] { log.records }

    /// The logged requests to `route`.
    public func requests(to route: EmulatorRoute) -> [EmulatorRequestRecord] {
        log.records.filter { $0.route == route }
    }

    /// How many requests to `route` arrived since the log was last cleared, counted whether or
    /// not records are kept (``setRequestLogging(_:)``).
    public func requestCount(to route: EmulatorRoute) -> Int {
        log.count(of: route)
    }

    /// Turns keeping request records on (the default) or off, for long benchmark runs. Arrivals
    /// are still counted for ``waitForRequests(to:count:within:)``.
    public func setRequestLogging(_ enabled: Bool) {
        log.keepsRecords = enabled
    }

    /// Keeps the request log without secrets (off by default, so tests can read what was sent;
    /// the standalone server turns it on): the software statement, client secrets, bearer
    /// tokens, MVPD passwords and device identifiers become ``EmulatorRequestRecord/redactedValue``.
    /// Turning it on also redacts the records already kept. `GET /emulator/requests` serves
    /// redacted records either way.
    public func setRequestLogRedaction(_ enabled: Bool) {
        log.setRedaction(enabled)
    }

    /// Bounds the request log: at most `maximumRecords` records and about `maximumBytes` bytes
    /// (defaults 10,000 and 64 MiB); the oldest records go first, a tenth of a bound at a time
    /// once it is passed. Bodies are kept up to 64 KiB.
    /// Arrivals are counted for ``waitForRequests(to:count:within:)`` whatever the bounds.
    public func setRequestLogLimits(maximumRecords: Int, maximumBytes: Int) {
        log.maximumRecords = maximumRecords
        log.maximumBytes = maximumBytes
        log.trim()
    }

    /// Empties the request log (and the per-route counts ``waitForRequests(to:count:within:)`` uses).
    public func clearRequestLog() {
        log.clear()
    }

    /// Suspends until `count` requests to `route` have arrived since the log was last cleared
    /// (arrived: logged before any fault or handling). Throws `CancellationError` when the task
    /// is cancelled first, and ``RequestWaitTimedOut`` (naming the route and the count awaited)
    /// when `limit` of real time passes first: a test that waits for a request the client never
    /// sends fails instead of hanging. The limit is real time whatever clock the emulator has,
    /// because requests arrive as the scheduler runs the client, not as a test clock moves.
    public func waitForRequests(to route: EmulatorRoute, count: Int, within limit: Duration = .seconds(60))
        async throws
    {
        if log.count(of: route) >= count { return }
        let waiterID = log.reserveWaiterID()
        // Started only once a waiter is added: a wait that ends at once leaves no timer behind.
        var deadline: Task<Void, Never>?
        defer { deadline?.cancel() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else if log.count(of: route) >= count {
                    continuation.resume()
                } else {
                    log.addWaiter(id: waiterID, route: route, count: count, continuation: continuation)
                    deadline = Task { [weak self] in
                        try? await Task.sleep(for: limit)
                        guard !Task.isCancelled else { return }
                        await self?.expireWaiter(waiterID, route: route, count: count, limit: limit)
                    }
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(waiterID, route: route) }
        }
    }

    private func cancelWaiter(_ id: UInt64, route: EmulatorRoute) {
        log.removeWaiter(id, route: route)?.resume(throwing: CancellationError())
    }

    private func expireWaiter(_ id: UInt64, route: EmulatorRoute, count: Int, limit: Duration) {
        let arrived = log.count(of: route)
        log.removeWaiter(id, route: route)?.resume(
            throwing: RequestWaitTimedOut(route: route, awaited: count, arrived: arrived, limit: limit))
    }
}

/// ``PassEmulator/waitForRequests(to:count:within:)`` ran out of time: fewer requests to the
/// route arrived than were awaited.
public struct RequestWaitTimedOut: Error, CustomStringConvertible, Sendable {
    /// The route waited on.
    public let route: EmulatorRoute
    /// The number of requests awaited.
    public let awaited: Int
    /// The number that had arrived when the wait ended.
    public let arrived: Int
    /// How long the wait lasted.
    public let limit: Duration

    /// What was awaited and what arrived, for the test's failure message.
    public var description: String {
        "Timed out after \(limit) waiting for \(awaited) requests to \(route); \(arrived) arrived"
    }
}
