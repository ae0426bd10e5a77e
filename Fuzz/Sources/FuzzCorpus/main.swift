import AccessEnablerFuzzing
import Foundation

// Writes the seed corpus: for every target, the emulator's own well-formed answers (and a few
// hand-picked texts for the parsing targets), in the fuzz input layout.
let directory = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? "Corpus", isDirectory: true)
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
let seeds = await CorpusRecorder.seeds()
for (index, seed) in seeds.enumerated() {
    try seed.write(to: directory.appendingPathComponent(String(format: "seed-%03d", index)))
}
print("wrote \(seeds.count) seeds to \(directory.path)")
