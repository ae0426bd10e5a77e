import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// One SDK instance wired to one emulator on a shared test clock.
struct Harness {
    static let requestor = "REF"
    /// A recognisable software statement, so tests can look for it where it must not appear.
    static let softwareStatement = "eyJhbGciOiJSUzI1NiJ9.SOFTWARE-STATEMENT-SECRET.c2lnbmF0dXJl"

    let clock: TestClock
    let emulator: PassEmulator
    let storage: any TokenStorage
    let enabler: AccessEnabler
    let logLines: LogRecorder

    let backend: AccessEnabler.Backend

    init(
        backend: AccessEnabler.Backend = .restV2,
        scenario: EmulatorScenario = .standard,
        clock: TestClock = TestClock(),
        emulator: PassEmulator? = nil,
        storage: any TokenStorage = InMemoryTokenStorage(),
        configure: (inout AccessEnabler.Configuration) -> Void = { _ in }
    ) {
        self.clock = clock
        self.backend = backend
        let emulator = emulator ?? PassEmulator(scenario: scenario, clock: clock)
        self.emulator = emulator
        self.storage = storage
        let logLines = LogRecorder()
        self.logLines = logLines
        var configuration = AccessEnabler.Configuration()
        configuration.backend = backend
        configuration.transport = emulator.transport
        configuration.storage = storage
        configuration.clock = clock
        configuration.environment = .init(serviceProviders: [emulator.baseURL])
        configuration.logHandler = { logLines.append($0) }
        // Failures reach the tests at once; RetryPolicyTests drive retries on the test clock.
        configuration.retryPolicy = .none
        configure(&configuration)
        self.enabler = AccessEnabler(softwareStatement: Self.softwareStatement, configuration: configuration)
    }

    /// A presenter that picks `mvpd` and logs in as alice (the Cablevision user).
    func presenter(_ mvpd: String?, username: String? = "alice", password: String? = "alice-password")
        -> HeadlessPresenter
    {
        HeadlessPresenter(mvpdID: mvpd, username: username, password: password, transport: emulator.transport)
    }

    /// Configures the requestor.
    @discardableResult
    func configure(_ requestor: String = Harness.requestor) async throws -> RequestorConfiguration {
        try await enabler.setRequestor(requestor)
    }

    /// Configures the requestor and signs in with `mvpd`.
    @discardableResult
    func signIn(_ mvpd: String = "Cablevision") async throws -> Authentication {
        try await configure()
        return try await enabler.authenticate(presenter: presenter(mvpd))
    }

    /// The device ID the SDK sends (read from the emulator's log: `deviceId` on v1,
    /// `AP-Device-Identifier` on v2).
    func deviceID() async -> String? {
        await emulator.requests.lazy.compactMap { record -> String? in
            if let id = record.query("deviceId") { return id }
            guard let header = record.headers["AP-Device-Identifier"], header.hasPrefix("fingerprint "),
                let data = Data(base64Encoded: String(header.dropFirst("fingerprint ".count)))
            else { return nil }
            return String(data: data, encoding: .utf8)
        }.first
    }
}

/// Collects the SDK's log lines.
final class LogRecorder: Sendable {
    private let lines = LockedValue<[LogMessage]>([])
    func append(_ message: LogMessage) { lines.withLock { $0.append(message) } }
    var all: [LogMessage] { lines.withLock { $0 } }
}

/// Collects events from an `AsyncStream` in the background.
final class EventRecorder: Sendable {
    private let events = LockedValue<[EntitlementEvent]>([])
    private let task: LockedValue<Task<Void, Never>?> = LockedValue(nil)

    init(_ stream: AsyncStream<EntitlementEvent>) {
        let events = self.events
        let task = Task {
            for await event in stream { events.withLock { $0.append(event) } }
        }
        self.task.withLock { $0 = task }
    }

    var all: [EntitlementEvent] { events.withLock { $0 } }

    /// Waits until an event matching `predicate` has arrived; after `limit` the test fails with
    /// `awaited` and the events that did arrive.
    func waitFor(
        _ awaited: @autoclosure () -> Comment? = nil, within limit: Duration = waitLimit,
        sourceLocation: SourceLocation = #_sourceLocation, _ predicate: @escaping @Sendable (EntitlementEvent) -> Bool
    ) async {
        let events = self.events
        await eventually(
            "\(awaited() ?? "a matching event") (received: \(events.withLock { $0 }))", within: limit,
            sourceLocation: sourceLocation
        ) {
            events.withLock { $0.contains(where: predicate) }
        }
    }

    deinit { task.withLock { $0?.cancel() } }
}
