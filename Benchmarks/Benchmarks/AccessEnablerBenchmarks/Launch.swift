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
    let file = directory.appendingPathComponent("tokens.json")
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
        var settings = fixture.enabler.configuration
        settings.clock = SystemClock()
        settings.storage = FileTokenStorage(url: file)
        await fixture.emulator.clearRequestLog()
        let clock = ContinuousClock()

        benchmark.startMeasurement()
        let start = clock.now
        let enabler = AccessEnabler(softwareStatement: Fixture.softwareStatement, configuration: settings)
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
        try? FileManager.default.removeItem(at: directory)
        let fixture = try await Fixture.make(configure: {
            $0.storage = FileTokenStorage(url: file)
            $0.preauthorizeChunkSize = 10
            $0.clock = ShiftedClock(behind: Launch.configurationAge)
        })
        guard Launch.configurationAge > fixture.enabler.configuration.configurationTTL else {
            throw BenchmarkFailure("the stored configuration would still be fresh at launch")
        }
        // The store now holds what the launch needs; check it from a new instance once.
        var settings = fixture.enabler.configuration
        settings.clock = SystemClock()
        settings.storage = FileTokenStorage(url: file)
        let probe = AccessEnabler(softwareStatement: Fixture.softwareStatement, configuration: settings)
        try await probe.setRequestor(Fixture.requestorID)
        guard await probe.checkAuthentication().isAuthenticated else {
            throw BenchmarkFailure("a new instance on the stored file is not authenticated")
        }
        let storage = FileTokenStorage(url: file)
        let files = try [file, storage.journalURL].map { url in
            (url, FileManager.default.fileExists(atPath: url.path) ? try Data(contentsOf: url) : nil)
        }
        return LaunchFixture(fixture: fixture, files: files)
    } teardown: {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// The signed-in fixture and the stored files every launch starts from.
struct LaunchFixture: Sendable {
    let fixture: Fixture
    /// Each file of the store and its contents after the setup (nil: absent).
    let files: [(URL, Data?)]

    /// Writes the files back as the setup left them.
    func restore() throws {
        for (url, contents) in files {
            if let contents {
                try contents.write(to: url)
            } else if FileManager.default.fileExists(atPath: url.path) {
                try FileManager.default.removeItem(at: url)
            }
        }
    }
}

/// The system clock set back by a fixed interval: what the setup signs in on, so that what it
/// stores was fetched that long before every launch.
struct ShiftedClock: AccessEnablerClock {
    let behind: Duration
    var now: Date { Date().addingTimeInterval(-Double(behind.components.seconds)) }
    func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}

/// The launch benchmark's custom metrics.
enum Launch {
    /// How long before each launch the setup fetched the configuration it stored.
    static let configurationAge = Duration.seconds(600)
    /// From creating the instance until `preauthorize` returned.
    static let firstDecision = BenchmarkMetric.custom("firstDecisionNanoseconds", useScalingFactor: false)
    /// HTTP requests that arrived at the emulator during `setRequestor`, `checkAuthentication`,
    /// `preauthorize` and `authorize`.
    static let phaseMetrics = ["SetRequestor", "CheckAuthentication", "Preauthorize", "Authorize"].map {
        BenchmarkMetric.custom("launchRequests\($0)", useScalingFactor: false)
    }
}
