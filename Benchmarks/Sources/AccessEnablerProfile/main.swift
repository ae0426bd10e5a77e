import AccessEnabler
import BenchmarkSupport
import Foundation

// Runs one side of a paired network benchmark N times, for profilers that count instructions
// (valgrind's callgrind) or allocations (DHAT): the same operations, fixture and raw client as
// the `…Network…` benchmarks, without package-benchmark's runner. Setup (emulator, sign-in, DCR,
// one checked call per side) is the same whatever N, so two runs with different N give the
// cost of one call: (total(N2) - total(N1)) / (N2 - N1). `Benchmarks/profile.sh` does that.
//
//   AccessEnablerProfile OPERATION sdk|raw|raw-lean N   (OPERATION: PreauthorizeNetwork, AuthorizeNetwork, …V1;
//                                                        raw-lean: RawClient.setsFieldsAtOnce)
//   AccessEnablerProfile OPERATION pair N        both sides alternately, as the benchmark does:
//                                                 p50 of each and their ratio (a quick, noisy look)
//   AccessEnablerProfile OPERATION pair-lean N   the same against a raw client that sets its header
//                                                 fields at once, as the SDK does (RawClient.setsFieldsAtOnce)
//   AccessEnablerProfile LOCAL sdk N             a local path (CheckAuthentication, PreauthorizeCached:
//                                                 the benchmarks of the same names; Launch: the Launch
//                                                 benchmark's launch, from the same stored files each
//                                                 time), SDK side only; prints the mean time per call
//                                                 (a launch: per phase too)
//   AccessEnablerProfile LOCAL sdk-task N        the same, each call in a new task as package-benchmark
//                                                 runs an iteration: a new task's allocator has no slab
//                                                 yet, so async frames past its first one are mallocs
//                                                 (the benchmark's mallocCountTotal counts them; a loop
//                                                 in one task reuses its slabs)

let arguments = Array(CommandLine.arguments.dropFirst())
let local = LocalOperation.all.first(where: { $0.name == arguments.first })
guard arguments.count == 3, let count = Int(arguments[2]), count >= 0,
    local != nil && ["sdk", "sdk-task"].contains(arguments[1])
        || NetworkOperation.all.contains(where: { $0.name == arguments[0] })
            && ["sdk", "raw", "raw-lean", "pair", "pair-lean"].contains(arguments[1])
else {
    let names = NetworkOperation.all.map(\.name).joined(separator: "|")
    let locals = LocalOperation.all.map(\.name).joined(separator: "|")
    FileHandle.standardError.write(
        Data("usage: AccessEnablerProfile \(names) sdk|raw|raw-lean|pair|pair-lean N\n".utf8))
    FileHandle.standardError.write(Data("       AccessEnablerProfile \(locals) sdk|sdk-task N\n".utf8))
    exit(2)
}
let mode = arguments[1]

/// Runs `call` and returns how long it took; fails the run when it does not succeed.
func timed(_ clock: ContinuousClock, _ call: () async throws -> Bool) async throws -> Duration {
    let start = clock.now
    guard try await call() else { throw BenchmarkFailure("a call failed") }
    return clock.now - start
}

// A synchronous main that waits for a task: valgrind 3.19 crashes on an async main, whose main
// thread parks in libdispatch's signal-suspend loop.
let finished = DispatchSemaphore(value: 0)
nonisolated(unsafe) var status: Int32 = 0
Task.detached {
    defer { finished.signal() }
    do {
        if let local {
            let enabler = try await local.make()
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<count {
                let ok =
                    mode == "sdk-task"
                    ? try await Task { try await local.call(enabler) }.value : try await local.call(enabler)
                guard ok else { throw BenchmarkFailure("a call failed") }
            }
            print("\(local.name) \(mode) x\(count): \((clock.now - start) / max(count, 1)) per call")
            if local.name == "Launch" {
                let names = ["setRequestor", "checkAuthentication", "preauthorize", "authorize"]
                let phases = zip(names, LaunchProfile.phases).map { "\($0) \($1 / max(count, 1))" }
                print("per launch: " + phases.joined(separator: ", "))
            }
            return
        }
        let operation = NetworkOperation.all.first { $0.name == arguments[0] }!
        let pair = try await NetworkPair.make(operation)
        let clock = ContinuousClock()
        switch mode {
        case "pair", "pair-lean":
            var client = pair.raw
            client.setsFieldsAtOnce = mode == "pair-lean"
            let rawClient = client
            var sdk: [Duration] = []
            var raw: [Duration] = []
            for iteration in 0..<count {
                if iteration % 2 == 0 { raw.append(try await timed(clock) { try await operation.raw(rawClient) }) }
                sdk.append(try await timed(clock) { try await operation.sdk(pair.fixture.enabler) })
                if iteration % 2 == 1 { raw.append(try await timed(clock) { try await operation.raw(rawClient) }) }
            }
            let sdk50 = sdk.sorted()[sdk.count / 2], raw50 = raw.sorted()[raw.count / 2]
            let ratio = Double(sdk50.components.attoseconds) / Double(raw50.components.attoseconds)
            print(
                "\(operation.name) \(mode) x\(count): SDK p50 \(sdk50), raw p50 \(raw50), SDK/raw \((ratio * 100).rounded() / 100)"
            )
        default:
            var client = pair.raw
            client.setsFieldsAtOnce = mode == "raw-lean"
            let rawClient = client
            let start = clock.now
            for _ in 0..<count {
                let ok =
                    mode == "sdk" ? try await operation.sdk(pair.fixture.enabler) : try await operation.raw(rawClient)
                guard ok else { throw BenchmarkFailure("a call failed") }
            }
            let elapsed = clock.now - start
            print("\(operation.name) \(mode) x\(count): \(elapsed / max(count, 1)) per call")
        }
    } catch {
        FileHandle.standardError.write(Data("AccessEnablerProfile: \(error)\n".utf8))
        status = 1
    }
}
finished.wait()
exit(status)

/// A path of the SDK the network pairs do not cover: the `CheckAuthentication`,
/// `PreauthorizeCached` and `Launch` benchmarks, with the same setup.
struct LocalOperation: Sendable {
    let name: String
    let make: @Sendable () async throws -> AccessEnabler
    let call: @Sendable (AccessEnabler) async throws -> Bool

    static let all: [LocalOperation] = {
        let cached = PreauthorizeRequest(resources: Fixture.resources(10))
        return [
            LocalOperation(
                name: "CheckAuthentication", make: { try await Fixture.make().enabler },
                call: { await $0.checkAuthentication().isAuthenticated }),
            LocalOperation(
                name: "PreauthorizeCached",
                make: {
                    let fixture = try await Fixture.make(configure: { $0.preauthorizeChunkSize = 10 })
                    _ = try await fixture.enabler.preauthorize(cached)
                    await fixture.emulator.setRequestLogging(false)
                    return fixture.enabler
                },
                call: { try await $0.preauthorize(cached).authorizedResources.count == 10 }),
            LocalOperation(
                name: "Launch", make: { try await LaunchProfile.make() }, call: { _ in try await LaunchProfile.run() }),
        ]
    }()
}
