import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// Runs async model sequences, as ``LegacyModelRunner`` does for the legacy adapter.
@MainActor
struct AsyncModelRunner {
    static let missingPatience: Duration = .seconds(2)
    static let restBound: TimeInterval = 7200

    let tally: ModelTally?

    struct Bookkeeping {
        var lastLoginEnd: Int?
        var lastLogoutEnd: Int?
        var lastTransition: (before: String, kind: String, after: String) = ("", "", "")
    }

    func run(seed: UInt64, steps count: Int) async {
        var generator = AsyncModelGenerator(seed: seed)
        let setup = generator.setup()
        let world = AsyncModelWorld(setup)
        var state = AsyncModelState(setup: setup, now: world.clock.now)
        var bookkeeping = Bookkeeping()
        var played: [AsyncModelStep] = []
        var path: [(before: String, kind: String, after: String)] = []
        var violation: AsyncModelViolation?
        for index in 0..<count {
            let step = generator.step(after: state)
            played.append(step)
            if let found = await play(step, index: index, world: world, state: &state, bookkeeping: &bookkeeping) {
                violation = found
                break
            }
            path.append(bookkeeping.lastTransition)
        }
        if violation == nil {
            violation = await bringToRest(world: world, state: &state, bookkeeping: &bookkeeping, from: count)
        }
        await world.tearDown()
        guard let violation else {
            tally?.record(run: path)
            return
        }
        await report(violation, seed: seed, setup: setup, steps: played)
    }

    func replay(_ steps: [AsyncModelStep], setup: AsyncModelSetup) async -> AsyncModelViolation? {
        let world = AsyncModelWorld(setup)
        var state = AsyncModelState(setup: setup, now: world.clock.now)
        var bookkeeping = Bookkeeping()
        var violation: AsyncModelViolation?
        for (index, step) in steps.enumerated() where state.allows(step) {
            violation = await play(step, index: index, world: world, state: &state, bookkeeping: &bookkeeping)
            if violation != nil { break }
        }
        if violation == nil {
            violation = await bringToRest(world: world, state: &state, bookkeeping: &bookkeeping, from: steps.count)
        }
        await world.tearDown()
        return violation
    }

    private func play(
        _ step: AsyncModelStep, index: Int, world: AsyncModelWorld, state: inout AsyncModelState,
        bookkeeping: inout Bookkeeping
    ) async -> AsyncModelViolation? {
        let before = state.abstract
        let context = state.context(for: step)
        let start = world.events.count
        if case .timePasses = step.action { await world.awaitSleepers(state.expectedSleeps) }
        await world.perform(step, context: context)
        let prediction = state.predict(step, clockNow: world.clock.now)
        if case .otherProcessSignsIn = step.action { bookkeeping.lastLoginEnd = index }
        if case .otherProcessLogsOut = step.action { bookkeeping.lastLogoutEnd = index }
        for problem in world.takeProblems() {
            return AsyncModelViolation(invariant: .world, step: index, detail: problem)
        }
        // Missing once nothing more has come for a while at rest (progress restarts the wait).
        var restingSince: ContinuousClock.Instant?
        var heardSoFar = -1
        let deadline = ContinuousClock.now.advanced(by: waitLimit)
        var choice: [Int] = []
        waiting: while true {
            await world.settle()
            let heard = Array(world.events[start...])
            switch prediction.match(heard) {
            case .complete(let chosen):
                choice = chosen
                break waiting
            case .impossible(let why):
                return AsyncModelViolation(
                    invariant: .unexpectedEvent, step: index,
                    detail: "after \(step): \(why); predicted:\n\(prediction.description)")
            case .partial:
                let now = ContinuousClock.now
                if heard.count != heardSoFar {
                    heardSoFar = heard.count
                    restingSince = now
                }
                let resting = restingSince ?? now
                if now - resting < Self.missingPatience, now < deadline { continue }
                return AsyncModelViolation(
                    invariant: .missingEvent, step: index,
                    detail: "after \(step) heard only \(heard.map { "call \($0.call): \($0.event)" }); predicted:\n"
                        + prediction.description)
            }
        }
        for (position, expectation) in prediction.expectations.enumerated() {
            let alternative = expectation.alternatives[choice[position]]
            alternative.effect?(&state)
            for event in alternative.events {
                if case .finished(.authenticated) = event { bookkeeping.lastLoginEnd = index }
                if case .finished(.loggedOut) = event { bookkeeping.lastLogoutEnd = index }
                // A refresh that adopts the server's profile is a sign-in too.
                if case .finished(.status(_?)) = event { bookkeeping.lastLoginEnd = index }
            }
        }
        await world.clearUnusedAnswers()
        bookkeeping.lastTransition = (before, step.kind, state.abstract)
        return await checkInvariants(after: step, index: index, world: world, state: state, bookkeeping: bookkeeping)
    }

    private func bringToRest(
        world: AsyncModelWorld, state: inout AsyncModelState, bookkeeping: inout Bookkeeping, from index: Int
    ) async -> AsyncModelViolation? {
        let start = world.clock.now
        var index = index
        while let step = state.closingStep {
            if world.clock.now.timeIntervalSince(start) > Self.restBound {
                return AsyncModelViolation(
                    invariant: .notQuiescent, step: index,
                    detail: "still not at rest after \(Self.restBound) s of virtual time: \(state.abstract)")
            }
            if let violation = await play(step, index: index, world: world, state: &state, bookkeeping: &bookkeeping) {
                return violation
            }
            index += 1
        }
        let heard = world.events.count
        await world.settle(quietPolls: 25)
        if world.events.count != heard {
            return AsyncModelViolation(
                invariant: .unexpectedEvent, step: index, detail: "at rest, heard \(Array(world.events[heard...]))")
        }
        let running = world.calls.indices.filter { !world.hasEnded($0) }
        if !running.isEmpty || world.clock.pendingSleeps != 0 || world.transport.inFlight != 0 {
            return AsyncModelViolation(
                invariant: .notQuiescent, step: index,
                detail: "at rest, calls \(running) still run; \(world.clock.pendingSleeps) sleeps, "
                    + "\(world.transport.inFlight) requests in flight")
        }
        return nil
    }

    private func report(_ violation: AsyncModelViolation, seed: UInt64, setup: AsyncModelSetup, steps: [AsyncModelStep])
        async
    {
        let (shrunk, replays) = await shrinkFailingSteps(steps, budget: 80) { candidate in
            await replay(candidate, setup: setup)?.invariant == violation.invariant
        }
        let final = await replay(shrunk, setup: setup) ?? violation
        Issue.record(
            Comment(
                rawValue: modelFailureReport(
                    model: "Async", runner: "AsyncModelRunner", seed: seed, steps: steps.count, violation: violation,
                    shrunk: shrunk, replays: replays, final: final, setup: setup)))
    }

    func expectNoViolation(
        setup: AsyncModelSetup, steps: [AsyncModelStep], sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        if let violation = await replay(steps, setup: setup) {
            Issue.record("\(violation)", sourceLocation: sourceLocation)
        }
    }
}
