import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The limits every request is sent with: the whole exchange within the request timeout (and
/// within what is left of the call's deadline), the body within the size limit.
@Suite(.timeLimit(.minutes(5))) struct TransportLimitsTests {
    @Test(arguments: allBackends)
    func theConfiguredRequestTimeoutAndSizeLimitReachEveryRequest(backend: AccessEnabler.Backend) async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let transport = RecordingTransport(inner: emulator.transport)
        let harness = Harness(backend: backend, clock: clock, emulator: emulator) {
            $0.transport = transport
            $0.requestTimeout = .seconds(7)
            $0.maximumResponseBytes = 123_456
        }
        try await harness.signIn()
        _ = try await harness.enabler.authorize(resource: "news")
        let sent = transport.sent.withLock { $0 }
        #expect(sent.count >= 5, "DCR, configuration, login, authorization")
        #expect(sent.allSatisfy { $0.timeout == .seconds(7) })
        #expect(sent.allSatisfy { $0.maximumResponseBytes == 123_456 })
    }

    @Test func aRetryDeadlineShorterThanTheRequestTimeoutBoundsTheAttempt() async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let transport = RecordingTransport(inner: emulator.transport)
        let harness = Harness(clock: clock, emulator: emulator) {
            $0.transport = transport
            $0.retryPolicy = RetryPolicy(maxAttempts: 1, deadline: .seconds(4))
        }
        try await harness.configure()
        #expect(transport.sent.withLock { $0 }.allSatisfy { $0.timeout == .seconds(4) })
    }

    /// A server that never finishes its answer is cut off at the request timeout — configured to
    /// something other than the default — on the injected clock, and the transfer is cancelled.
    @Test(arguments: allBackends)
    func aStalledAnswerEndsAtTheConfiguredRequestTimeout(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend) { $0.requestTimeout = .seconds(7) }
        try await harness.signIn()
        let gate = EmulatorGate()
        await harness.emulator.inject(.hold(gate), on: backend.authorizeRoute)
        let call = Task { try await harness.enabler.authorize(resource: "news") }
        await eventually { gate.waiting == 1 && harness.clock.pendingTimeLimits == 1 }
        harness.clock.advance(by: .milliseconds(6999))
        #expect(gate.waiting == 1, "still in flight just short of the limit")
        harness.clock.advance(by: .milliseconds(1))
        let error = await #expect(throws: AccessEnablerError.self) {
            try await call.value(awaiting: "the call to the slow server")
        }
        #expect(error == .networkError)
        #expect(error?.status.details == "The service provider did not answer completely within 7 s.")
        await eventually { gate.waiting == 0 }
        #expect(await harness.enabler.checkAuthentication().isAuthenticated, "a time-out removes nothing")
    }

    /// How a test mounts the emulator: its in-process transport (the SDK races it in a task of
    /// its own), the default kind of URLSession transport (its session delegate enforces the
    /// limit), or a URLSession transport over a session of the app's (raced in a task).
    enum Mount: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case inProcess, delegateSession, appSession
        var testDescription: String { rawValue }

        func transport(for emulator: PassEmulator) -> any HTTPTransport {
            switch self {
            case .inProcess: emulator.transport
            case .delegateSession: URLSessionTransport(configuration: emulator.makeURLSessionConfiguration())
            case .appSession:
                URLSessionTransport(session: URLSession(configuration: emulator.makeURLSessionConfiguration()))
            }
        }
    }

    /// Whatever enforces it, the limit is one time limit per request on the injected clock: not
    /// reached a millisecond before it, reached on it, the held request let go, and the timer gone.
    @Test(arguments: Mount.allCases)
    func everyKindOfTransportIsBoundedOnTheInjectedClock(mount: Mount) async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let harness = Harness(clock: clock, emulator: emulator) {
            $0.transport = mount.transport(for: emulator)
            $0.requestTimeout = .seconds(7)
        }
        try await harness.signIn()
        let gate = EmulatorGate()
        await emulator.inject(.hold(gate), on: .authorizeDecisions)
        let call = Task { try await harness.enabler.authorize(resource: "news") }
        await eventually { gate.waiting == 1 && clock.pendingTimeLimits == 1 }
        clock.advance(by: .milliseconds(6999))
        #expect(gate.waiting == 1, "still in flight just short of the limit")
        clock.advance(by: .milliseconds(1))
        let error = await #expect(throws: AccessEnablerError.self) {
            try await call.value(awaiting: "the call to the slow server")
        }
        #expect(error == .networkError)
        #expect(error?.status.details == "The service provider did not answer completely within 7 s.")
        await eventually { gate.waiting == 0 }
        await eventually { clock.pendingTimeLimits == 0 }
    }

    /// A request that is answered stops its time limit at once.
    @Test(arguments: Mount.allCases)
    func anAnsweredRequestStopsItsTimeLimit(mount: Mount) async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let harness = Harness(clock: clock, emulator: emulator) { $0.transport = mount.transport(for: emulator) }
        try await harness.signIn()
        _ = try await harness.enabler.authorize(resource: "news")
        await eventually { clock.pendingTimeLimits == 0 }
        #expect(clock.pendingSleeps == 0)
    }

    /// On the system clock — a dispatch timer for the SDK's own URLSession transport, a sleeping
    /// task for the others — a stalled answer ends at the limit too (100 ms, reported rounded up).
    @Test(arguments: Mount.allCases)
    func aStalledAnswerEndsAtTheLimitOnTheSystemClock(mount: Mount) async throws {
        let emulator = PassEmulator()
        var configuration = AccessEnabler.Configuration()
        configuration.transport = mount.transport(for: emulator)
        configuration.storage = InMemoryTokenStorage()
        configuration.environment = .init(serviceProviders: [emulator.baseURL])
        configuration.retryPolicy = .none
        configuration.requestTimeout = .milliseconds(100)
        let enabler = AccessEnabler(softwareStatement: Harness.softwareStatement, configuration: configuration)
        let gate = EmulatorGate()
        await emulator.inject(.hold(gate), on: .configurationV2)
        let error = await #expect(throws: AccessEnablerError.self) { try await enabler.setRequestor(Harness.requestor) }
        #expect(error == .networkError)
        #expect(error?.status.details == "The service provider did not answer completely within 1 s.")
        await eventually { gate.waiting == 0 }
    }

    // MARK: Over a real socket, through URLSession

    static let json = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"

    /// An SDK on the test clock whose requests go to `server` through the default kind of
    /// transport (a session whose delegate streams the body).
    static func enabler(for server: LoopbackHTTPServer, clock: TestClock, maximumResponseBytes: Int? = nil)
        -> AccessEnabler
    {
        var configuration = AccessEnabler.Configuration()
        configuration.transport = URLSessionTransport(configuration: .ephemeral)
        configuration.storage = InMemoryTokenStorage()
        configuration.clock = clock
        configuration.retryPolicy = .none
        configuration.requestTimeout = .seconds(5)
        if let maximumResponseBytes { configuration.maximumResponseBytes = maximumResponseBytes }
        return AccessEnabler(softwareStatement: Harness.softwareStatement, configuration: configuration)
    }

    /// One byte every 20 ms, for ever: the first call (DCR registration) ends at the request
    /// timeout and the connection is dropped.
    @Test func aTricklingBodyEndsAtTheRequestTimeout() async throws {
        let server = try LoopbackHTTPServer(
            .init(
                head: Self.json + "Content-Length: 100000\r\n\r\n{", body: Data(" ".utf8), repeats: nil,
                interval: .milliseconds(20)))
        defer { server.stop() }
        let clock = TestClock()
        let enabler = Self.enabler(for: server, clock: clock)
        let call = Task { try await enabler.setRequestor("REF", serviceProviders: [server.baseURL]) }
        await eventually { server.stats.bytesWritten > 1 && clock.pendingTimeLimits == 1 }
        clock.advance(by: .seconds(5))
        let error = await #expect(throws: AccessEnablerError.self) {
            try await call.value(awaiting: "the call to the slow server")
        }
        #expect(error == .networkError)
        #expect(error?.status.details == "The service provider did not answer completely within 5 s.")
        await eventually { server.stats.closedByClient }
    }

    /// A body that never ends is stopped at the size limit, not read into memory, whether its
    /// length is not declared or declared (1 GB: stopped before the body). Sent at 64 MB/s, a
    /// fast network's pace: swift-corelibs-foundation queues every chunk for the delegate with no
    /// back-pressure, so a loopback server writing at memory speed would only measure how long
    /// that queue takes to drain.
    @Test(arguments: ["", "Content-Length: 1073741824\r\n"])
    func anEndlessBodyIsStoppedAtTheSizeLimit(declaredLength: String) async throws {
        let server = try LoopbackHTTPServer(
            .init(
                head: Self.json + declaredLength + "\r\n", body: Data(repeating: 0x20, count: 64 * 1024), repeats: nil,
                interval: .milliseconds(1)))
        defer { server.stop() }
        let enabler = Self.enabler(for: server, clock: TestClock(), maximumResponseBytes: 256 * 1024)
        // Bounded in real time: the test clock never reaches the request timeout, so a size limit
        // that stopped working would read the endless body for ever; the wait fails the test.
        let call = Task { try await enabler.setRequestor("REF", serviceProviders: [server.baseURL]) }
        let error = await #expect(throws: AccessEnablerError.self) {
            try await call.value(awaiting: "the call that reads the endless body")
        }
        #expect(error == .serverResponseFormatUnknown)
        #expect(error?.status.details == "The response was larger than 262144 bytes.")
        // The transfer was cancelled: the client hung up on the endless body.
        await eventually { server.stats.closedByClient }
    }

    /// 16 KiB of gzip that expands to 16 MiB: the limit counts the decompressed bytes.
    @Test func aCompressedBodyIsLimitedByItsDecompressedSize() async throws {
        // A raw-deflate run of 1 MiB of zeros, flushed to a byte boundary so that it can repeat.
        let mebibyteOfZeros =
            Self.bytes("ecc13101000000c2a0f54f6d085fa0") + Data(count: 1016) + Self.bytes("3e030000ffff")
        var gzip = Self.bytes("1f8b0800000000000003")
        for _ in 0..<16 { gzip += mebibyteOfZeros }
        // The final empty block, then CRC-32 and length of the 16 MiB (little-endian).
        gzip += Self.bytes("0300") + Self.bytes("4aa17ca4") + Self.bytes("00000001")
        let server = try LoopbackHTTPServer(
            .init(
                head: Self.json + "Content-Encoding: gzip\r\nContent-Length: \(gzip.count)\r\n\r\n", body: gzip,
                repeats: 1))
        defer { server.stop() }
        let enabler = Self.enabler(for: server, clock: TestClock())
        let call = Task { try await enabler.setRequestor("REF", serviceProviders: [server.baseURL]) }
        let error = await #expect(throws: AccessEnablerError.self) {
            try await call.value(awaiting: "the call that reads the compressed body")
        }
        #expect(error == .serverResponseFormatUnknown)
        #expect(error?.status.details == "The response was larger than 4194304 bytes.")
    }

    static func bytes(_ hex: String) -> Data {
        var data = Data()
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            data.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return data
    }
}
