import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// Records every delegate callback as a line of text, in order, and lets a test wait for them.
/// A Swift 6 `@MainActor` class conforms with `@preconcurrency`: the callbacks arrive on the main
/// actor, which the conformance checks at run time.
@MainActor
final class RecordingDelegate: NSObject, @preconcurrency EntitlementDelegate, @preconcurrency EntitlementStatus {
    private(set) var calls: [String] = []
    private(set) var tokens: [String: String] = [:]
    private(set) var navigations: [String] = []
    private let waiters = LineWaiters()
    /// Records tracking calls too (off by default to keep sequences short).
    var recordTracking = false
    /// Records `status:` reports too (off by default).
    var recordStatus = false
    private(set) var tracking: [(event: Int32, data: [String])] = []
    private(set) var statusReports: [[String: String]] = []
    private(set) var metadata: [(value: Any?, arguments: [AnyHashable: Any]?)] = []

    private func record(_ line: String) {
        calls.append(line)
        waiters.recorded(calls.count)
    }

    /// Waits until `count` callbacks have been recorded in total. After `limit` the test fails
    /// at the caller, naming the count awaited and the callbacks recorded.
    func waitForCalls(
        _ count: Int, within limit: Duration = waitLimit, sourceLocation: SourceLocation = #_sourceLocation
    )
        async
    {
        if await !waiters.wait(for: count, have: calls.count, within: limit) {
            Issue.record(
                "Timed out after \(limit) waiting for \(count) delegate callbacks in all; recorded \(calls)",
                sourceLocation: sourceLocation)
        }
    }

    /// Waits for `extra` more callbacks, then returns the new ones. After `limit` the test fails
    /// at the caller, naming the callbacks awaited and those that came, and gets those that came
    /// followed by ``missingCallback`` for each that did not: always `extra` lines, so a test
    /// that reads `calls[2]` fails on a late callback instead of crashing the test process.
    func next(_ extra: Int, within limit: Duration = waitLimit, sourceLocation: SourceLocation = #_sourceLocation)
        async -> [String]
    {
        let start = calls.count
        if await !waiters.wait(for: start + extra, have: start, within: limit) {
            let got = Array(calls[start...])
            Issue.record(
                "Timed out after \(limit) waiting for \(extra) more delegate callbacks after \(calls[..<start]); got \(got)",
                sourceLocation: sourceLocation)
        }
        let got = Array(calls[start..<min(calls.count, start + extra)])
        return got + Array(repeating: Self.missingCallback, count: extra - got.count)
    }

    /// What ``next(_:within:sourceLocation:)`` returns in place of a callback that did not come.
    static let missingCallback = "<no callback>"

    func setRequestorComplete(_ status: Int32) { record("setRequestorComplete(\(status))") }
    func setAuthenticationStatus(_ status: Int32, errorCode code: String!) {
        record("setAuthenticationStatus(\(status), \"\(code ?? "nil")\")")
    }
    func displayProviderDialog(_ mvpds: [Any]!) {
        record("displayProviderDialog(\((mvpds ?? []).map { ($0 as? MVPD)?.id ?? "not an MVPD" }))")
    }
    func navigate(toUrl url: String!) {
        navigations.append(url)
        record("navigate(toUrl: \(URL(string: url)?.path ?? url ?? "nil"))")
    }
    func navigate(toUrl url: String!, useSVC: Bool) {
        navigations.append(url)
        record("navigate(toUrl: \(URL(string: url)?.path ?? url ?? "nil"), useSVC: \(useSVC))")
    }
    func preauthorizedResources(_ resources: [Any]!) {
        record("preauthorizedResources(\(resources as? [String] ?? ["not strings"]))")
    }
    func setToken(_ token: String!, forResource resource: String!) {
        tokens[resource] = token
        record("setToken(<token>, \(resource ?? "nil"))")
    }
    func tokenRequestFailed(_ resource: String!, errorCode code: String!, errorDescription description: String!) {
        record("tokenRequestFailed(\(resource ?? "nil"), \"\(code ?? "nil")\", \"\(description ?? "nil")\")")
    }
    func selectedProvider(_ mvpd: MVPD!) { record("selectedProvider(\(mvpd?.id ?? "nil"))") }
    func presentTvProviderDialog(_ viewController: TVProviderViewController!) { record("presentTvProviderDialog") }
    func dismissTvProviderDialog(_ viewController: TVProviderViewController!) { record("dismissTvProviderDialog") }
    func setMetadataStatus(
        _ metadata: Any!, encrypted: Bool, forKey key: Int32, andArguments arguments: [AnyHashable: Any]!
    ) {
        MainActor.preconditionIsolated()
        self.metadata.append((metadata, arguments))
        record("setMetadataStatus(\(describe(metadata)), encrypted: \(encrypted), forKey: \(key))")
    }
    func sendTrackingData(_ data: [Any]!, forEventType event: Int32) {
        let strings = (data ?? []).compactMap { $0 as? String }
        #expect(strings.count == data?.count, "tracking data are strings")
        tracking.append((event, strings))
        if recordTracking { record("sendTrackingData(\(event), \(strings.prefix(4)))") }
    }
    func status(_ statusDictionary: [AnyHashable: Any]!) {
        var report: [String: String] = [:]
        for (key, value) in statusDictionary ?? [:] {
            report["\(key.base)"] = value as? String ?? "not a string"
        }
        statusReports.append(report)
        if recordStatus { record("status(\(report["errorId"] ?? "nil"))") }
    }
}

/// A metadata value as text: a string quoted, anything else as sorted JSON, nil as `nil`.
func describe(_ value: Any?) -> String {
    guard let value else { return "nil" }
    if let text = value as? String { return "\"\(text)\"" }
    guard JSONSerialization.isValidJSONObject(value),
        let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
    else { return "\(value)" }
    return String(decoding: data, as: UTF8.self)
}

/// A legacy adapter over one emulator on a test clock.
@MainActor
struct LegacyHarness {
    let clock = TestClock()
    let emulator: PassEmulator
    let legacy: LegacyAccessEnabler
    let delegate = RecordingDelegate()

    init(
        backend: AccessEnabler.Backend, scenario: EmulatorScenario = .standard, baseURL: URL? = nil,
        adjust: (inout AccessEnabler.Configuration) -> Void = { _ in }
    ) {
        LegacyTaskStart.applyEnvironment()
        emulator = PassEmulator(scenario: scenario, baseURL: baseURL, clock: clock)
        var configuration = Self.configuration(on: emulator, clock: clock, backend: backend)
        adjust(&configuration)
        legacy = LegacyAccessEnabler(softwareStatement: "legacy-test-statement", configuration: configuration)
        legacy.delegate = delegate
    }

    /// A configuration that talks to `emulator` on `clock`, with in-memory storage and no retries.
    nonisolated static func configuration(
        on emulator: PassEmulator, clock: TestClock, backend: AsyncAccessEnabler.Backend = .restV2
    ) -> AsyncAccessEnabler.Configuration {
        var configuration = AsyncAccessEnabler.Configuration()
        configuration.backend = backend
        configuration.transport = emulator.transport
        configuration.storage = InMemoryTokenStorage()
        configuration.clock = clock
        configuration.environment = .init(serviceProviders: [emulator.baseURL])
        configuration.retryPolicy = .none
        return configuration
    }

    /// `setRequestor("REF")` and its callback.
    func configure() async {
        legacy.setRequestor("REF")
        #expect(await delegate.next(1) == ["setRequestorComplete(1)"])
    }

    /// Loads the last URL handed to `navigate(toUrl:)` like a web view, as `user`, and returns where it ended.
    func loadLastNavigation(mvpd: String, username: String = "alice", password: String = "alice-password") async throws
        -> String
    {
        let presenter = HeadlessPresenter(
            mvpdID: mvpd, username: username, password: password, transport: emulator.transport)
        let url = try #require(delegate.navigations.last.flatMap(URL.init(string:)))
        return try await presenter.presentLogin(url: url, redirectURL: URL(string: ADOBEPASS_REDIRECT_URL)!)
            .absoluteString
    }

    /// The whole legacy login with `mvpd`.
    func signIn(_ mvpd: String = "AutoCable") async throws {
        legacy.getAuthentication()
        _ = await delegate.next(1)
        legacy.setSelectedProvider(mvpd)
        _ = await delegate.next(1)
        legacy.handleExternalURL(try await loadLastNavigation(mvpd: mvpd))
        #expect(await delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
    }
}

/// The backends the legacy tests run on.
let legacyBackends = AccessEnabler.Backend.allCases

extension LegacyTaskStart {
    /// Chooses the task-start path of this test process: `ACCESSENABLER_LEGACY_TASK_START=enqueued`
    /// runs the legacy suite on the `Task {}` path of iOS 16–18 (`.ci/run` runs it both ways).
    static func applyEnvironment() {
        let enqueued = ProcessInfo.processInfo.environment["ACCESSENABLER_LEGACY_TASK_START"] == "enqueued"
        current.withLock { $0 = enqueued ? .enqueued : .immediateWhereAvailable }
    }
}
