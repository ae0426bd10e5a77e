import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

extension PassEmulator {
    /// Waits until the first request to `route` has been answered.
    func waitForAnswer(on route: EmulatorRoute, sourceLocation: SourceLocation = #_sourceLocation) async {
        await eventually("an answer on \(route)", sourceLocation: sourceLocation) {
            self.requests(to: route).first?.responseStatus != nil
        }
    }
}

extension AsyncIteratorProtocol where Self: Sendable, Element: Sendable {
    /// The iterator's next element, awaited in a task of its own for at most `limit` of real time:
    /// then the test fails at the caller naming `awaited`, and that task is cancelled.
    nonisolated(nonsending) mutating func next(
        awaiting awaited: @autoclosure () -> Comment, within limit: Duration = waitLimit,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Element? {
        let current = self
        let step = Task { () async throws -> (Element?, Self) in
            var iterator = current
            let element = try await iterator.next()
            return (element, iterator)
        }
        let (element, advanced) = try await step.value(
            awaiting: awaited(), within: limit, sourceLocation: sourceLocation)
        self = advanced
        return element
    }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// Every element up to the sequence's end, iterated in a task of its own for at most `limit`
    /// of real time: then the test fails at the caller naming `awaited`, and that task is cancelled.
    nonisolated(nonsending) func collect(
        awaiting awaited: @autoclosure () -> Comment, within limit: Duration = waitLimit,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [Element] {
        let iteration = Task { () async throws -> [Element] in
            var elements: [Element] = []
            for try await element in self { elements.append(element) }
            return elements
        }
        return try await iteration.value(awaiting: awaited(), within: limit, sourceLocation: sourceLocation)
    }

    /// The sequence's first element (nil when it ends first), awaited in a task of its own for at
    /// most `limit` of real time: then the test fails at the caller naming `awaited`, and that task
    /// is cancelled.
    nonisolated(nonsending) func first(
        awaiting awaited: @autoclosure () -> Comment, within limit: Duration = waitLimit,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Element? {
        let iteration = Task { () async throws -> Element? in
            for try await element in self { return element }
            return nil
        }
        return try await iteration.value(awaiting: awaited(), within: limit, sourceLocation: sourceLocation)
    }
}

/// A latch tests open by hand: work waits on it, so "prompt" can be asserted without timing.
///
/// Each wait has a deadline: a latch nobody opens fails the test instead of hanging it.
final class TestLatch: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [UInt64: CheckedContinuation<Bool, Never>] = [:]
        var expired: Set<UInt64> = []
        var nextID: UInt64 = 0
    }

    private let state = LockedValue(State())

    /// The number of waits suspended now.
    var waiting: Int { state.withLock { $0.waiters.count } }

    /// Suspends until ``open()``. After `limit` of real time it records an issue at the caller
    /// that names `awaited`, and returns.
    func wait(
        _ awaited: @autoclosure () -> Comment = "the latch to open", within limit: Duration = waitLimit,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        let timer = Task { [state] in
            try? await Task.sleep(for: limit)
            guard !Task.isCancelled else { return }
            let waiter = state.withLock { state in
                state.expired.insert(id)
                return state.waiters.removeValue(forKey: id)
            }
            waiter?.resume(returning: false)
        }
        defer { timer.cancel() }
        let opened = await withCheckedContinuation { continuation in
            let outcome: Bool? = state.withLock { state in
                if state.isOpen { return true }
                if state.expired.contains(id) { return false }
                state.waiters[id] = continuation
                return nil
            }
            if let outcome { continuation.resume(returning: outcome) }
        }
        if !opened {
            Issue.record("Wait timed out after \(limit): \(awaited()) never happened", sourceLocation: sourceLocation)
        }
    }

    /// Lets every wait return, now and later.
    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }
}
