import AccessEnablerTesting
import Foundation
import Testing
@testable import AccessEnabler

/// The connection monitor starts with the instance, so the first request has a connection type.
@Suite(.timeLimit(.minutes(5))) struct ConnectionTypeMonitorTests {
    /// Like Network's path monitor: no connection type until it has been started.
    final class FakeMonitor: ConnectionTypeMonitor {
        private let state = LockedValue<(starts: Int, type: String?)>((0, nil))
        var starts: Int { state.withLock { $0.starts } }

        func start() {
            state.withLock { state in
                state.starts += 1
                state.type = "cellular"
            }
        }

        var connectionType: String? { state.withLock { $0.type } }
    }

    @Test func theFirstRequestHasTheConnectionType() async throws {
        let emulator = PassEmulator(scenario: .standard, clock: TestClock())
        var configuration = AccessEnabler.Configuration()
        configuration.transport = emulator.transport
        configuration.storage = InMemoryTokenStorage()
        configuration.environment = .init(serviceProviders: [emulator.baseURL])
        let monitor = FakeMonitor()
        let enabler = AccessEnabler(
            softwareStatement: Harness.softwareStatement, configuration: configuration, connectionMonitor: monitor)
        #expect(monitor.starts == 1, "started when the instance is created")

        try await enabler.setRequestor(Harness.requestor)
        let first = try #require(await emulator.requests.first)
        let header = try #require(first.headers["X-Device-Info"])
        let fields = try JSONDecoder().decode([String: JSONValue].self, from: try #require(Data(base64Encoded: header)))
        #expect(fields["connectionType"] == .string("cellular"))
        #expect(monitor.starts == 1)
    }
}
