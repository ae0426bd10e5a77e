import BenchmarkSupport
import Foundation

// Runs one side of a paired network benchmark N times, for profilers that count instructions
// (valgrind's callgrind) or allocations (DHAT): the same operations, fixture and raw client as
// the `…Network…` benchmarks, without package-benchmark's runner. Setup (emulator, sign-in, DCR,
// one checked call per side) is the same whatever N, so two runs with different N give the
// cost of one call: (total(N2) - total(N1)) / (N2 - N1). `Benchmarks/profile.sh` does that.
//
//   AccessEnablerProfile OPERATION sdk|raw N     (OPERATION: PreauthorizeNetwork, AuthorizeNetwork, …V1)

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3, let operation = NetworkOperation.all.first(where: { $0.name == arguments.first }),
    let count = Int(arguments.last!), count >= 0, ["sdk", "raw"].contains(arguments[arguments.startIndex + 1])
else {
    let names = NetworkOperation.all.map(\.name).joined(separator: "|")
    FileHandle.standardError.write(Data("usage: AccessEnablerProfile \(names) sdk|raw N\n".utf8))
    exit(2)
}
let sdk = arguments[arguments.startIndex + 1] == "sdk"

// A synchronous main that waits for a task: valgrind 3.19 crashes on an async main, whose main
// thread parks in libdispatch's signal-suspend loop.
let finished = DispatchSemaphore(value: 0)
nonisolated(unsafe) var status: Int32 = 0
Task.detached {
    defer { finished.signal() }
    do {
        let pair = try await NetworkPair.make(operation)
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<count {
            let ok = sdk ? try await operation.sdk(pair.fixture.enabler) : try await operation.raw(pair.raw)
            guard ok else { throw BenchmarkFailure("a call failed") }
        }
        let elapsed = clock.now - start
        print("\(operation.name) \(sdk ? "sdk" : "raw") x\(count): \(elapsed / max(count, 1)) per call")
    } catch {
        FileHandle.standardError.write(Data("AccessEnablerProfile: \(error)\n".utf8))
        status = 1
    }
}
finished.wait()
exit(status)
