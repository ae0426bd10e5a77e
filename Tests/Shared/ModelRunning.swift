// One file, linked into the model-based tests of each test target
// (Tests/<target>/ModelBased/SharedModelRunning.swift is a symbolic link to it): what the legacy
// and the async model share — the seeded generator, the run's settings, the shrinker and the
// tally of interleavings explored.
import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// A small, seedable generator (SplitMix64): a model run is replayed from its seed alone.
struct ModelRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with `percent` in 100.
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }

    /// One of `choices`, each as likely as its weight.
    mutating func weighted<Choice>(_ choices: [(weight: Int, choice: Choice)]) -> Choice {
        let total = choices.reduce(0) { $0 + max(0, $1.weight) }
        precondition(total > 0, "no choice has a weight")
        var pick = Int.random(in: 0..<total, using: &self)
        for entry in choices where entry.weight > 0 {
            if pick < entry.weight { return entry.choice }
            pick -= entry.weight
        }
        return choices.last!.choice
    }
}

/// What a model-based test runs: the seeds and the number of steps each, from the environment
/// or the defaults that keep `swift test` quick.
///
/// `ACCESSENABLER_MODEL_SEED` is one seed or a comma-separated list (`7,19,20261201`);
/// `ACCESSENABLER_MODEL_STEPS` is the number of steps of each run.
struct ModelRunSettings: Sendable {
    static let seedVariable = "ACCESSENABLER_MODEL_SEED"
    static let stepsVariable = "ACCESSENABLER_MODEL_STEPS"

    var seeds: [UInt64]
    var steps: Int

    static func fromEnvironment(defaultSeeds: [UInt64], defaultSteps: Int) -> ModelRunSettings {
        let environment = ProcessInfo.processInfo.environment
        let seeds = environment[seedVariable].map { list in
            list.split(separator: ",").compactMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
        }
        let steps = environment[stepsVariable].flatMap { Int($0) }.map { max(1, $0) }
        return ModelRunSettings(
            seeds: seeds.flatMap { $0.isEmpty ? nil : $0 } ?? defaultSeeds, steps: steps ?? defaultSteps)
    }
}

/// Shortens a failing sequence of steps: removes chunks, then single steps, while the sequence
/// still fails (delta debugging), within `budget` replays. Returns the shortest failing sequence
/// found; every replay starts from a fresh world.
nonisolated(nonsending) func shrinkFailingSteps<Step: Sendable>(
    _ steps: [Step], budget: Int, stillFails: ([Step]) async -> Bool
) async -> (steps: [Step], replays: Int) {
    var current = steps
    var replays = 0
    var chunk = max(1, current.count / 2)
    while replays < budget {
        var removedAny = false
        var start = 0
        while start < current.count, replays < budget {
            let end = min(current.count, start + chunk)
            let candidate = Array(current[..<start] + current[end...])
            replays += 1
            if !candidate.isEmpty, await stillFails(candidate) {
                current = candidate
                removedAny = true
            } else {
                start += chunk
            }
        }
        if chunk == 1, !removedAny { break }
        chunk = min(max(1, chunk / 2), max(1, current.count / 2))
    }
    return (current, replays)
}

/// Counts the distinct interleavings a model explored: transitions between abstract states
/// (state, step kind, next state), and sequences of three step kinds in a row together with the
/// state they started from. Replays made while shrinking are not counted.
final class ModelTally: Sendable {
    private struct Counts {
        var runs = 0
        var steps = 0
        var transitions: Set<String> = []
        var paths: Set<String> = []
        var kinds: Set<String> = []
    }

    private let counts = LockedValue(Counts())
    let name: String

    init(name: String) { self.name = name }

    /// Records one run's path: each step's kind with the abstract state before and after it.
    func record(run path: [(before: String, kind: String, after: String)]) {
        counts.withLock { counts in
            counts.runs += 1
            counts.steps += path.count
            for step in path {
                counts.transitions.insert("\(step.before) -\(step.kind)-> \(step.after)")
                counts.kinds.insert(step.kind)
            }
            if path.count >= 3 {
                for index in 0...(path.count - 3) {
                    let window = path[index..<(index + 3)]
                    counts.paths.insert(window.first!.before + "|" + window.map(\.kind).joined(separator: ","))
                }
            }
        }
    }

    /// One line for the log: runs, steps, step kinds, distinct transitions and interleavings.
    var summary: String {
        counts.withLock { counts in
            "\(name): \(counts.runs) runs, \(counts.steps) steps, \(counts.kinds.count) step kinds, "
                + "\(counts.transitions.count) distinct state transitions, "
                + "\(counts.paths.count) distinct 3-step interleavings"
        }
    }
}

/// What both model worlds offer to wait on: the clock's sleepers, the held requests, and a
/// fingerprint of everything that moves.
@MainActor
protocol ModelWorldWaiting: AnyObject {
    var clock: TestClock { get }
    /// Requests sent and not yet answered.
    var requestsInFlight: Int { get }
    /// Requests held at a gate now.
    var heldRequests: Int { get }
    /// A fingerprint of everything that moves while the world works.
    var activity: [Int] { get }
}

extension ModelWorldWaiting {
    /// Before the clock moves: waits (at most 10 s of real time) until `expected` sleeps and a
    /// time limit for each held request are registered, so the step wakes what the model says it
    /// wakes however slowly the machine runs the tasks (a sleep registered after the move would
    /// end later). After the bound it goes on: the prediction then says what is wrong.
    func awaitSleepers(_ expected: Int) async {
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while ContinuousClock.now < deadline, clock.pendingSleeps < expected || clock.pendingTimeLimits < heldRequests {
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    /// Waits until the world is at rest: nothing new heard, no request in flight but the held
    /// ones, no new sleeper, for several polls in a row. Bounded by the tests' wait limit.
    func settle(quietPolls: Int = 4) async {
        let deadline = ContinuousClock.now.advanced(by: waitLimit)
        var last = activity
        var quiet = 0
        while quiet < quietPolls, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(2))
            let now = activity
            if now == last, requestsInFlight <= heldRequests {
                quiet += 1
            } else {
                quiet = 0
                last = now
            }
        }
    }
}

/// The record of a failed model run: its seed, the violation, and the shortest failing sequence
/// as an example test to paste.
func modelFailureReport(
    model: String, runner: String, seed: UInt64, steps: Int, violation: some CustomStringConvertible,
    shrunk: [some CustomStringConvertible], replays: Int, final: some CustomStringConvertible,
    setup: some CustomStringConvertible
) -> String {
    let source = shrunk.map { "        \($0)," }.joined(separator: "\n")
    return """
        \(model) model run failed: seed \(seed) (\(ModelRunSettings.seedVariable)=\(seed)), \(steps) steps.
        \(violation)
        Shrunk to \(shrunk.count) steps in \(replays) replays; that sequence fails with:
        \(final)
        As an example test:
            await \(runner)(tally: nil).expectNoViolation(
                setup: \(setup),
                steps: [
        \(source)
                ])
        """
}
