import AccessEnabler
@testable import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// The legacy adapter against a reference model written from the seeds: random sequences of
/// what the app, the viewer, the server, time and a second process do, each step's callbacks
/// predicted and the invariants checked after it and at rest.
///
/// `ACCESSENABLER_MODEL_SEED` (one seed or a comma-separated list) and `ACCESSENABLER_MODEL_STEPS`
/// choose the runs; by default a few fixed seeds with a few steps each keep `swift test` quick.
/// A failure records its seed and the shortest failing sequence as an example test.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(10))) struct LegacyModelTests {
    nonisolated static let settings = ModelRunSettings.fromEnvironment(defaultSeeds: [1, 2, 3, 4], defaultSteps: 40)
    nonisolated static let tally = ModelTally(name: "legacy model")

    @Test(arguments: settings.seeds)
    func theAdapterKeepsTheModelsPromises(seed: UInt64) async {
        await LegacyModelRunner(tally: Self.tally).run(seed: seed, steps: Self.settings.steps)
        print(Self.tally.summary)
    }
}
