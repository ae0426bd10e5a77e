import AccessEnablerFuzzing
import Foundation
import Testing

/// Replays every input that once crashed (kept in `Regressions/`) and the seed corpus: each must
/// run to completion.
@Suite(.timeLimit(.minutes(5))) struct RegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func inputs(in folder: String) -> [String] {
        let directory = root.appendingPathComponent(folder)
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map { "\(folder)/\($0)" }
    }

    @Test(arguments: inputs(in: "Regressions"))
    func crashingInputNowRunsToCompletion(_ path: String) async throws {
        let input = FuzzCase(try Data(contentsOf: Self.root.appendingPathComponent(path)))
        await input.run()
    }

    /// The parameterised test above passes vacuously when the folder is missing or empty.
    @Test func theRegressionFolderHoldsInputs() throws {
        let directory = Self.root.appendingPathComponent("Regressions")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.contains("README.md"), "this is the Regressions folder")
        #expect(!Self.inputs(in: "Regressions").isEmpty, "at least one input to replay")
    }

    @Test func everyTargetHasSeedsAndTheyRun() async {
        let seeds = await CorpusRecorder.seeds()
        #expect(!seeds.isEmpty)
        let targets = Set(seeds.map { FuzzCase($0).target })
        #expect(targets == Set(FuzzTarget.allCases), "a seed for every target")
        for seed in seeds { await FuzzCase(seed).run() }
    }
}
