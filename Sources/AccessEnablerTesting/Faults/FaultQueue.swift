import AccessEnabler
import Foundation

/// The injected faults, per operation (both routes of a pair share a queue: see
/// ``EmulatorRoute/counterpart``), consumed first in, first out.
struct FaultQueue: Sendable {
    private struct Entry: Sendable {
        var fault: EmulatorFault
        /// The route the fault was injected on.
        var route: EmulatorRoute
        /// How many more requests it applies to; nil for every request.
        var remaining: Int?
        /// Whether a warning already said that it cannot fire.
        var warned = false
    }

    private var entries: [EmulatorRoute: [Entry]] = [:]

    /// Queues `fault` for the next `times` requests to `route` or its counterpart (nil: every
    /// request from then on).
    mutating func add(_ fault: EmulatorFault, on route: EmulatorRoute, times: Int?) {
        if let times, times <= 0 { return }
        entries[route.faultKey, default: []].append(Entry(fault: fault, route: route, remaining: times))
    }

    /// The fault for the next request to `route`, if any, consuming one use of it.
    mutating func next(for route: EmulatorRoute) -> EmulatorFault? {
        let key = route.faultKey
        guard var queue = entries[key], var head = queue.first else { return nil }
        if let remaining = head.remaining {
            if remaining <= 1 {
                queue.removeFirst()
            } else {
                head.remaining = remaining - 1
                queue[0] = head
            }
            entries[key] = queue.isEmpty ? nil : queue
        }
        return head.fault
    }

    /// Whether any fault is queued for `route` (or its counterpart).
    func hasFaults(for route: EmulatorRoute) -> Bool { entries[route.faultKey] != nil }

    /// The routes of queued faults that no client of `backends` calls and that no warning has
    /// named yet; they are marked as warned.
    mutating func unwarnedFaults(notCalledBy backends: Set<AccessEnabler.Backend>) -> [(EmulatorRoute, EmulatorFault)] {
        var found: [(EmulatorRoute, EmulatorFault)] = []
        for key in entries.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            guard var queue = entries[key] else { continue }
            for index in queue.indices where !queue[index].warned {
                let route = queue[index].route
                guard !backends.contains(where: { route.isCalled(by: $0) }) else { continue }
                queue[index].warned = true
                found.append((route, queue[index].fault))
            }
            entries[key] = queue
        }
        return found
    }

    mutating func removeAll() { entries.removeAll() }
}
