import AccessEnabler
import Foundation

/// A viewer who signed in on an earlier run, for the `Launch` benchmark and the profiler: the
/// signed-in fixture on a `FileTokenStorage`, and the stored files every launch starts from.
package struct LaunchFixture: Sendable {
    /// How long before each launch the setup fetched the configuration it stored: more than
    /// ``AccessEnabler/Configuration/configurationTTL``, so that `setRequestor` answers without
    /// the network because the viewer is signed in, not because the configuration is fresh.
    package static let configurationAge = Duration.seconds(600)

    package let fixture: Fixture
    /// The snapshot file of the store.
    package let file: URL
    /// Each file of the store and its contents after the setup (nil: absent).
    package let files: [(URL, Data?)]

    /// Signs in on a clock ``configurationAge`` behind, on a new store in `directory`, and checks
    /// from a new instance that the store serves a signed-in launch.
    package static func make(in directory: URL) async throws -> LaunchFixture {
        try? FileManager.default.removeItem(at: directory)
        let file = directory.appendingPathComponent("tokens.json")
        let fixture = try await Fixture.make(configure: {
            $0.storage = FileTokenStorage(url: file)
            $0.preauthorizeChunkSize = 10
            $0.clock = ShiftedClock(behind: configurationAge)
        })
        guard configurationAge > fixture.enabler.configuration.configurationTTL else {
            throw BenchmarkFailure("the stored configuration would still be fresh at launch")
        }
        let launch = LaunchFixture(fixture: fixture, file: file, files: [])
        let probe = launch.newInstance()
        try await probe.setRequestor(Fixture.requestorID)
        guard await probe.checkAuthentication().isAuthenticated else {
            throw BenchmarkFailure("a new instance on the stored file is not authenticated")
        }
        let files = try [file, FileTokenStorage(url: file).journalURL].map { url in
            (url, FileManager.default.fileExists(atPath: url.path) ? try Data(contentsOf: url) : nil)
        }
        return LaunchFixture(fixture: fixture, file: file, files: files)
    }

    /// Writes the files back as the setup left them.
    package func restore() throws {
        for (url, contents) in files {
            if let contents {
                try contents.write(to: url)
            } else if FileManager.default.fileExists(atPath: url.path) {
                try FileManager.default.removeItem(at: url)
            }
        }
    }

    /// A new instance on the store, as an app launch creates it (on the system clock).
    package func newInstance() -> AccessEnabler {
        var settings = fixture.enabler.configuration
        settings.clock = SystemClock()
        settings.storage = FileTokenStorage(url: file)
        return AccessEnabler(softwareStatement: Fixture.softwareStatement, configuration: settings)
    }
}

/// The system clock set back by a fixed interval: what the setup signs in on, so that what it
/// stores was fetched that long before every launch.
struct ShiftedClock: AccessEnablerClock {
    let behind: Duration
    var now: Date { Date().addingTimeInterval(-Double(behind.components.seconds)) }
    func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}
