import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// The async `AccessEnabler` against a reference model: random sequences of calls (each may be
/// cancelled), the viewer, the server, time and a second process, each call's end predicted and
/// the invariants checked after each step and at rest. `ACCESSENABLER_MODEL_SEED` and
/// `ACCESSENABLER_MODEL_STEPS` choose the runs (see `ModelRunSettings`).
@MainActor
@Suite(.serialized, .timeLimit(.minutes(10))) struct AsyncModelTests {
    nonisolated static let settings = ModelRunSettings.fromEnvironment(defaultSeeds: [1, 2, 3, 4], defaultSteps: 40)
    nonisolated static let tally = ModelTally(name: "async model")

    @Test(arguments: settings.seeds)
    func theAsyncAPIKeepsTheModelsPromises(seed: UInt64) async {
        await AsyncModelRunner(tally: Self.tally).run(seed: seed, steps: Self.settings.steps)
        print(Self.tally.summary)
    }
}
