import Foundation

/// The injected faults, per route, consumed first in, first out.
struct FaultQueue: Sendable {
    private struct Entry: Sendable {
        var fault: EmulatorFault
        /// How many more requests it applies to; nil for every request.
        var remaining: Int?
    }

    private var entries: [EmulatorRoute: [Entry]] = [:]

    /// Queues `fault` for the next `times` requests to `route` (nil: every request from then on).
    mutating func add(_ fault: EmulatorFault, on route: EmulatorRoute, times: Int?) {
        if let times, times <= 0 { return }
        entries[route, default: []].append(Entry(fault: fault, remaining: times))
    }

    /// The fault for the next request to `route`, if any, consuming one use of it.
    mutating func next(for route: EmulatorRoute) -> EmulatorFault? {
        guard var queue = entries[route], var head = queue.first else { return nil }
        if let remaining = head.remaining {
            if remaining <= 1 {
                queue.removeFirst()
            } else {
                head.remaining = remaining - 1
                queue[0] = head
            }
            entries[route] = queue.isEmpty ? nil : queue
        }
        return head.fault
    }

    /// Whether any fault is queued for `route`.
    func hasFaults(for route: EmulatorRoute) -> Bool { entries[route] != nil }

    mutating func removeAll() { entries.removeAll() }
}
