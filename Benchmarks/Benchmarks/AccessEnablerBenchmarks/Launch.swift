import AccessEnabler
import AccessEnablerTesting
import Benchmark
import BenchmarkSupport
import Foundation

/// An app launch for a viewer who signed in on an earlier run: a new `AccessEnabler` on the
/// existing `FileTokenStorage` (which holds the authentication, the DCR client and a valid access
/// token) runs `setRequestor` → `checkAuthentication` → `preauthorize` of 10 resources → `authorize`
/// (REST API v2, in process). Decisions live in memory only, so none is cached at launch; the
/// 10 resources are one request (`preauthorizeChunkSize` 10, as in the network pairs).
///
/// Every launch starts from the same stored files: the benchmark writes back, before each
/// iteration, the snapshot and journal the setup left (a launch appends the authorization it
/// stores to the journal; how the store grows is the persistence benchmarks' subject). The
/// measured window spans the whole launch, from creating the instance to the media token;
/// restoring the files, creating the storage object and clearing the emulator's request log stay
/// outside. Custom
/// metrics: `firstDecisionNanoseconds`, from creating the instance until `preauthorize` returns
/// (the first thing the viewer sees), and the HTTP requests of each phase as the emulator logged
/// them (`launchRequests…`), told apart by arrival time: the emulator stamps each request with
/// its clock (the system clock here) when it arrives, and the benchmark notes `Date()` as each
/// phase returns. A request the SDK sends in the background lands in the phase during which it
/// arrived. The target is 0, 0, 1, 1: everything `setRequestor` and `checkAuthentication` need
/// is stored. The setup signs in on a clock ten minutes behind, so the stored configuration is
/// older than ``AccessEnabler/Configuration/configurationTTL`` (five minutes) at every launch:
/// `setRequestor` answers without the network because the viewer is signed in with an MVPD it
/// lists, not because the configuration is fresh. The counts do not depend on the machine:
/// `run.sh` fails when one misses its target.
func registerLaunchBenchmark() {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("accessenabler-bench-\(ProcessInfo.processInfo.processIdentifier)-launch")
    let request = PreauthorizeRequest(resources: Fixture.resources(10))
    let configuration = Suite.configuration(
        iterations: 300, seconds: 8, warmup: 3,
        extraMetrics: [Launch.firstDecision] + Launch.phaseMetrics, checked: [])

    Benchmark("Launch", configuration: configuration) { (benchmark: Benchmark, launch: LaunchFixture) in
        let fixture = launch.fixture
        do {
            try launch.restore()
        } catch {
            benchmark.error("Launch: the stored files could not be restored: \(error)")
            return
        }
        await fixture.emulator.clearRequestLog()
        let clock = ContinuousClock()

        benchmark.startMeasurement()
        let start = clock.now
        let enabler = launch.newInstance()
        let configured = try? await enabler.setRequestor(Fixture.requestorID)
        let afterSetRequestor = Date()
        let status = await enabler.checkAuthentication()
        let afterCheckAuthentication = Date()
        let decisions = try? await enabler.preauthorize(request)
        let firstDecision = clock.now - start
        let afterPreauthorize = Date()
        let token = try? await enabler.authorize(resource: "news")
        benchmark.stopMeasurement()

        let arrivals = await fixture.emulator.requests.map(\.date)
        let phases = [
            arrivals.count { $0 < afterSetRequestor },
            arrivals.count { $0 >= afterSetRequestor && $0 < afterCheckAuthentication },
            arrivals.count { $0 >= afterCheckAuthentication && $0 < afterPreauthorize },
            arrivals.count { $0 >= afterPreauthorize },
        ]
        benchmark.measurement(Launch.firstDecision, firstDecision.nanoseconds)
        for (metric, count) in zip(Launch.phaseMetrics, phases) { benchmark.measurement(metric, count) }
        if configured == nil || !status.isAuthenticated || decisions?.authorizedResources.count != 10 || token == nil {
            benchmark.error(
                "Launch: a phase failed (setRequestor \(configured != nil), authenticated "
                    + "\(status.isAuthenticated), decisions \(decisions?.authorizedResources.count ?? 0), token \(token != nil))"
            )
        }
    } setup: {
        try await LaunchFixture.make(in: directory)
    } teardown: {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// The launch benchmark's custom metrics.
enum Launch {
    /// From creating the instance until `preauthorize` returned.
    static let firstDecision = BenchmarkMetric.custom("firstDecisionNanoseconds", useScalingFactor: false)
    /// HTTP requests that arrived at the emulator during `setRequestor`, `checkAuthentication`,
    /// `preauthorize` and `authorize`.
    static let phaseMetrics = ["SetRequestor", "CheckAuthentication", "Preauthorize", "Authorize"].map {
        BenchmarkMetric.custom("launchRequests\($0)", useScalingFactor: false)
    }
}
