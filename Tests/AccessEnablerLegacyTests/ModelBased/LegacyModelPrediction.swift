import AccessEnablerLegacy
import Foundation

/// What one call or flow is expected to produce during a step: one of a few sequences, each
/// with what it changes in the model once heard.
struct LegacyExpectedPart {
    var label: String
    var alternatives: [LegacyExpectedAlternative]
    /// A part whose callbacks all come before this part's first one.
    var after: Int?
}

/// One way a part may go: the callbacks in order, and the model's change when it is the one heard.
struct LegacyExpectedAlternative {
    var sequence: [LegacyHeardPattern]
    var effect: ((inout LegacyModelState) -> Void)?

    init(_ sequence: [LegacyHeardPattern], effect: ((inout LegacyModelState) -> Void)? = nil) {
        self.sequence = sequence
        self.effect = effect
    }
}

/// The model's prediction for one step: every part it expects, in no particular order between
/// parts unless a part says `after`.
struct LegacyPrediction {
    var parts: [LegacyExpectedPart] = []

    /// Adds a part with one sequence; returns its index.
    @discardableResult
    mutating func expect(
        _ label: String, _ sequence: [LegacyHeardPattern], after: Int? = nil,
        effect: ((inout LegacyModelState) -> Void)? = nil
    ) -> Int {
        parts.append(LegacyExpectedPart(label: label, alternatives: [.init(sequence, effect: effect)], after: after))
        return parts.count - 1
    }

    /// Adds a part that may go one of several ways; returns its index.
    @discardableResult
    mutating func expect(_ label: String, oneOf alternatives: [LegacyExpectedAlternative], after: Int? = nil) -> Int {
        parts.append(LegacyExpectedPart(label: label, alternatives: alternatives, after: after))
        return parts.count - 1
    }

    var description: String {
        parts.enumerated().map { index, part in
            let ways = part.alternatives.map { "[" + $0.sequence.map(\.description).joined(separator: ", ") + "]" }
            let after = part.after.map { " (after part \($0))" } ?? ""
            return "  \(index). \(part.label)\(after): " + ways.joined(separator: " | ")
        }.joined(separator: "\n")
    }
}

/// How far the callbacks heard match a prediction.
enum LegacyMatch {
    /// Every part is complete: the alternative each part took.
    case complete([Int])
    /// What was heard is the start of a complete match; more is to come.
    case partial
    /// What was heard cannot be explained by the prediction.
    case impossible
}

extension LegacyPrediction {
    /// Whether `heard` is an interleaving of one alternative of each part (each part's order
    /// kept, `after` respected): complete, a prefix of one, or neither.
    func match(_ heard: [LegacyHeard]) -> LegacyMatch {
        var combinations = 1
        for part in parts { combinations *= max(1, part.alternatives.count) }
        guard combinations <= 4096 else { return .impossible }
        var choice = [Int](repeating: 0, count: parts.count)
        var sawPartial = false
        for _ in 0..<combinations {
            let sequences = parts.indices.map { parts[$0].alternatives[choice[$0]].sequence }
            switch interleaves(heard, sequences) {
            case .complete: return .complete(choice)
            case .partial: sawPartial = true
            case .impossible: break
            }
            // Next combination.
            var index = 0
            while index < parts.count {
                choice[index] += 1
                if choice[index] < parts[index].alternatives.count { break }
                choice[index] = 0
                index += 1
            }
        }
        return sawPartial ? .partial : .impossible
    }

    private func interleaves(_ heard: [LegacyHeard], _ sequences: [[LegacyHeardPattern]]) -> LegacyMatch {
        var visited = Set<[Int]>()
        var sawPartial = false
        var complete = false
        func search(_ position: Int, _ progress: [Int]) {
            if complete || !visited.insert(progress).inserted { return }
            if position == heard.count {
                if progress.indices.allSatisfy({ progress[$0] == sequences[$0].count }) {
                    complete = true
                } else {
                    sawPartial = true
                }
                return
            }
            for part in sequences.indices where progress[part] < sequences[part].count {
                if progress[part] == 0, let first = parts[part].after, progress[first] < sequences[first].count {
                    continue
                }
                if sequences[part][progress[part]].matches(heard[position]) {
                    var next = progress
                    next[part] += 1
                    search(position + 1, next)
                }
            }
        }
        search(0, [Int](repeating: 0, count: sequences.count))
        if complete { return .complete([]) }
        return sawPartial ? .partial : .impossible
    }
}
