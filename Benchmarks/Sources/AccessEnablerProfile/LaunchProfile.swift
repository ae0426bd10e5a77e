import AccessEnabler
import BenchmarkSupport
import Foundation

/// The `Launch` benchmark's launch, for the profilers: from the same stored files each time, a
/// new instance runs `setRequestor`, `checkAuthentication`, `preauthorize` (10) and `authorize`.
enum LaunchProfile {
    nonisolated(unsafe) static var launch: LaunchFixture?
    /// The time spent so far in `setRequestor` (with creating the instance), `checkAuthentication`,
    /// `preauthorize` and `authorize`, over all launches.
    nonisolated(unsafe) static var phases: [Duration] = [.zero, .zero, .zero, .zero]

    static func make() async throws -> AccessEnabler {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("accessenabler-profile-\(ProcessInfo.processInfo.processIdentifier)-launch")
        let launch = try await LaunchFixture.make(in: directory)
        await launch.fixture.emulator.setRequestLogging(false)
        Self.launch = launch
        return launch.fixture.enabler
    }

    static func run() async throws -> Bool {
        guard let launch else { throw BenchmarkFailure("no launch fixture") }
        try launch.restore()
        let clock = ContinuousClock()
        var start = clock.now
        func lap(_ phase: Int) {
            let now = clock.now
            phases[phase] += now - start
            start = now
        }
        let enabler = launch.newInstance()
        try await enabler.setRequestor(Fixture.requestorID)
        lap(0)
        guard await enabler.checkAuthentication().isAuthenticated else { return false }
        lap(1)
        let decisions = try await enabler.preauthorize(PreauthorizeRequest(resources: Fixture.resources(10)))
        guard decisions.authorizedResources.count == 10 else { return false }
        lap(2)
        _ = try await enabler.authorize(resource: "news")
        lap(3)
        return true
    }
}
