import AccessEnabler
@testable import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// Runs legacy model sequences: plays each step on a fresh world, checks the reference model's
/// prediction and the invariants after it, brings the world to rest at the end, and shrinks a
/// failing sequence to the shortest one that still fails the same way.
@MainActor
struct LegacyModelRunner {
    /// How long a step may sit at rest with a predicted callback missing before it fails (real
    /// time; it only bounds a failure).
    static let missingPatience: Duration = .seconds(2)
    /// The most virtual time bringing the world to rest may take.
    static let restBound: TimeInterval = 600

    let tally: ModelTally?

    /// The outcome of one run: the path for the tally, the steps played, and the violation.
    struct Outcome {
        var played: [LegacyModelStep] = []
        var path: [(before: String, kind: String, after: String)] = []
        var violation: LegacyModelViolation?
    }

    /// Generates and runs `steps` steps from `seed`; on a violation, shrinks and reports it.
    func run(seed: UInt64, steps count: Int) async {
        var generator = LegacyModelGenerator(seed: seed)
        let setup = generator.setup()
        let world = LegacyModelWorld(setup)
        defer { world.tearDown() }
        var state = LegacyModelState(setup: setup, now: world.clock.now)
        var outcome = Outcome()
        var bookkeeping = Bookkeeping()
        for index in 0..<count {
            let step = generator.step(after: state)
            if let violation = await play(step, index: index, world: world, state: &state, bookkeeping: &bookkeeping) {
                outcome.violation = violation
                outcome.played.append(step)
                break
            }
            outcome.played.append(step)
            outcome.path.append(bookkeeping.lastTransition)
        }
        if outcome.violation == nil {
            outcome.violation = await bringToRest(world: world, state: &state, bookkeeping: &bookkeeping, from: count)
        }
        guard let violation = outcome.violation else {
            tally?.record(run: outcome.path)
            return
        }
        await report(violation, seed: seed, setup: setup, steps: outcome.played)
    }

    /// Replays `steps` on a fresh world with `setup`; returns the first violation.
    func replay(_ steps: [LegacyModelStep], setup: LegacyModelSetup) async -> LegacyModelViolation? {
        let world = LegacyModelWorld(setup)
        defer { world.tearDown() }
        var state = LegacyModelState(setup: setup, now: world.clock.now)
        var bookkeeping = Bookkeeping()
        for (index, step) in steps.enumerated() where state.allows(step) {
            if let violation = await play(step, index: index, world: world, state: &state, bookkeeping: &bookkeeping) {
                return violation
            }
        }
        return await bringToRest(world: world, state: &state, bookkeeping: &bookkeeping, from: steps.count)
    }

    /// What the runner tracks besides the model: when logins and logouts completed.
    struct Bookkeeping {
        var lastLoginEnd: Int?
        var lastLogoutEnd: Int?
        /// When the logout that ended last began: a login that completed after that (another
        /// process's, while the logout page was on screen) is not one the logout had to clear.
        var lastLogoutStart: Int?
        /// The steps at which the app's logouts still running began, oldest first.
        var logoutStarts: [Int] = []
        var lastTransition: (before: String, kind: String, after: String) = ("", "", "")
    }

    // MARK: One step

    private func play(
        _ step: LegacyModelStep, index: Int, world: LegacyModelWorld, state: inout LegacyModelState,
        bookkeeping: inout Bookkeeping
    ) async -> LegacyModelViolation? {
        let before = state.abstract
        let context = state.context(for: step)
        let start = world.delegate.heard.count
        if case .timePasses = step.action { await world.awaitSleepers(state.expectedSleeps) }
        await world.perform(step, context: context)
        let loginBefore = state.login
        let prediction = state.predict(step, clockNow: world.clock.now)
        if case .otherProcessSignsIn = step.action { bookkeeping.lastLoginEnd = index }
        // The foreground re-sync adopted a profile the server holds (a login whose redirect has
        // not come back yet, single sign-on): a login that ended now.
        if case .setRequestor = step.action, loginBefore == nil, state.login != nil { bookkeeping.lastLoginEnd = index }
        if case .otherProcessLogsOut = step.action {
            bookkeeping.lastLogoutEnd = index
            bookkeeping.lastLogoutStart = index
        }
        switch step.action {
        case .logout, .answered(_, .logout): bookkeeping.logoutStarts.append(index)
        default: break
        }
        for problem in world.takeProblems() {
            return LegacyModelViolation(invariant: .world, step: index, detail: problem)
        }

        // Wait for the predicted callbacks: a complete match at rest, or a failure.
        // Missing once nothing more has come for a while at rest (progress restarts the wait).
        var restingSince: ContinuousClock.Instant?
        var heardSoFar = -1
        let deadline = ContinuousClock.now.advanced(by: waitLimit)
        var choice: [Int] = []
        while true {
            await world.settle()
            let heard = Array(world.delegate.heard[start...])
            switch prediction.match(heard) {
            case .complete(let chosen):
                choice = chosen
            case .impossible:
                return LegacyModelViolation(
                    invariant: .unexpectedCallback, step: index,
                    detail: "after \(step) heard \(heard), predicted:\n\(prediction.description)")
            case .partial:
                let now = ContinuousClock.now
                if heard.count != heardSoFar {
                    heardSoFar = heard.count
                    restingSince = now
                }
                let resting = restingSince ?? now
                if now - resting < Self.missingPatience, now < deadline { continue }
                return LegacyModelViolation(
                    invariant: .missingCallback, step: index,
                    detail: "after \(step) heard only \(heard), predicted:\n\(prediction.description)")
            }
            break
        }
        for (part, alternative) in choice.enumerated() {
            prediction.parts[part].alternatives[alternative].effect?(&state)
            let label = prediction.parts[part].label
            if label.hasPrefix("the flow's sign-in") { bookkeeping.lastLoginEnd = index }
            if label.hasPrefix("logout") || label.hasPrefix("the logout") || label == "the foreground sync" {
                if prediction.parts[part].alternatives[alternative].sequence.contains(where: {
                    $0.matches(.authenticationStatus(ACCESS_ENABLER_STATUS_ERROR, USER_NOT_AUTHENTICATED_ERROR))
                }) {
                    bookkeeping.lastLogoutEnd = index
                    bookkeeping.lastLogoutStart =
                        label == "the foreground sync" || bookkeeping.logoutStarts.isEmpty
                        ? index : bookkeeping.logoutStarts.removeFirst()
                }
            }
        }
        await world.clearUnusedAnswers()
        bookkeeping.lastTransition = (before, step.kind, state.abstract)
        return await checkInvariants(after: step, index: index, world: world, state: state, bookkeeping: bookkeeping)
    }

    /// Brings the world to rest (held requests released, what is on screen abandoned, waits run
    /// out), then checks that nothing waits any more and nothing else arrives.
    private func bringToRest(
        world: LegacyModelWorld, state: inout LegacyModelState, bookkeeping: inout Bookkeeping, from index: Int
    ) async -> LegacyModelViolation? {
        let start = world.clock.now
        var index = index
        while let step = state.closingStep {
            if world.clock.now.timeIntervalSince(start) > Self.restBound {
                return LegacyModelViolation(
                    invariant: .notQuiescent, step: index,
                    detail: "still not at rest after \(Self.restBound) s of virtual time: \(state.abstract)")
            }
            if let violation = await play(step, index: index, world: world, state: &state, bookkeeping: &bookkeeping) {
                return violation
            }
            index += 1
        }
        let heard = world.delegate.heard.count
        await world.settle(quietPolls: 25)
        if world.delegate.heard.count != heard {
            return LegacyModelViolation(
                invariant: .unexpectedCallback, step: index,
                detail: "at rest, heard \(Array(world.delegate.heard[heard...]))")
        }
        if world.clock.pendingSleeps != 0 || world.transport.inFlight != 0 || world.heldRequests != 0 {
            return LegacyModelViolation(
                invariant: .notQuiescent, step: index,
                detail: "at rest, \(world.clock.pendingSleeps) sleeps, \(world.transport.inFlight) requests in flight, "
                    + "\(world.heldRequests) held")
        }
        return nil
    }

    // MARK: Reporting

    /// Shrinks the failing sequence and records the failure with its seed and the shortest
    /// sequence as Swift source.
    private func report(
        _ violation: LegacyModelViolation, seed: UInt64, setup: LegacyModelSetup, steps: [LegacyModelStep]
    )
        async
    {
        let (shrunk, replays) = await shrinkFailingSteps(steps, budget: 80) { candidate in
            await replay(candidate, setup: setup)?.invariant == violation.invariant
        }
        let final = await replay(shrunk, setup: setup) ?? violation
        Issue.record(
            Comment(
                rawValue: modelFailureReport(
                    model: "Legacy", runner: "LegacyModelRunner", seed: seed, steps: steps.count, violation: violation,
                    shrunk: shrunk, replays: replays, final: final, setup: setup)))
    }

    /// Replays `steps` and fails the test with the violation, if any (for examples).
    func expectNoViolation(
        setup: LegacyModelSetup, steps: [LegacyModelStep], sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        if let violation = await replay(steps, setup: setup) {
            Issue.record("\(violation)", sourceLocation: sourceLocation)
        }
    }
}
