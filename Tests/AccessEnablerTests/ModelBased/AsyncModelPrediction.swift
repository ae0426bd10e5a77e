import AccessEnabler
import Foundation

/// What the async model expects during one step: for each call that produces something, the
/// events it produces, one of a few ways, with what each way changes in the model.
struct AsyncPrediction {
    struct Alternative {
        var events: [AsyncModelEvent]
        var effect: ((inout AsyncModelState) -> Void)?
    }

    struct Expectation {
        var call: Int
        var alternatives: [Alternative]
    }

    var expectations: [Expectation] = []

    mutating func expect(_ call: Int, _ events: [AsyncModelEvent], effect: ((inout AsyncModelState) -> Void)? = nil) {
        expectations.append(Expectation(call: call, alternatives: [Alternative(events: events, effect: effect)]))
    }

    mutating func expect(_ call: Int, oneOf alternatives: [Alternative]) {
        expectations.append(Expectation(call: call, alternatives: alternatives))
    }

    /// The call `call` ends with `outcome`.
    mutating func expect(_ call: Int, ends outcome: AsyncModelOutcome, effect: ((inout AsyncModelState) -> Void)? = nil)
    {
        expect(call, [.finished(outcome)], effect: effect)
    }

    /// The call `call` ends with one of `outcomes`.
    mutating func expect(_ call: Int, endsWithOneOf outcomes: [AsyncModelOutcome]) {
        expect(call, oneOf: outcomes.map { Alternative(events: [.finished($0)], effect: nil) })
    }

    var description: String {
        expectations.map { expectation in
            "  call \(expectation.call): "
                + expectation.alternatives.map { "[" + $0.events.map(\.description).joined(separator: ", ") + "]" }
                .joined(separator: " | ")
        }.joined(separator: "\n")
    }

    enum Match {
        /// Each expectation's alternative.
        case complete([Int])
        case partial
        /// What is wrong.
        case impossible(String)
    }

    /// Whether `heard` (events by call, in order) matches the prediction.
    func match(_ heard: [(call: Int, event: AsyncModelEvent)]) -> Match {
        var byCall: [Int: [AsyncModelEvent]] = [:]
        for entry in heard { byCall[entry.call, default: []].append(entry.event) }
        for call in byCall.keys where !expectations.contains(where: { $0.call == call }) {
            return .impossible("call \(call) produced \(byCall[call]!), which nothing predicts")
        }
        var chosen: [Int] = []
        var partial = false
        for expectation in expectations {
            let observed = byCall[expectation.call] ?? []
            if let complete = expectation.alternatives.firstIndex(where: { $0.events == observed }) {
                chosen.append(complete)
            } else if expectation.alternatives.contains(where: { $0.events.starts(with: observed) }) {
                partial = true
            } else {
                return .impossible("call \(expectation.call) produced \(observed)")
            }
        }
        return partial ? .partial : .complete(chosen)
    }
}
