@testable import AccessEnablerCLI
import AccessEnabler
import AccessEnablerTesting
@testable import EmulatorServer
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The standalone emulator against a hostile client: a too-large request, connections that never
/// finish their headers, a request log read over HTTP, an address beyond loopback.
@Suite("Emulator server limits", .timeLimit(.minutes(5)))
struct EmulatorServerLimitsTests {
    @Test("a too-large control request gets 413 with the reason, and the server keeps serving")
    func tooLargeRequest() async throws {
        try await withEmulatorServer { server in
            let big = Data(repeating: UInt8(ascii: "x"), count: 3 << 20)
            let response = try await URLSessionTransport.browser().send(
                HTTPRequest(
                    method: .post, url: server.url.appendingPathComponent("emulator/faults"),
                    headers: ["Content-Type": "application/json"], body: big))
            #expect(response.status == 413)
            let reason = String(decoding: response.body, as: UTF8.self)
            #expect(reason.contains("larger than the emulator accepts"), "\(reason)")
            let scenario = try await URLSessionTransport.browser().send(
                HTTPRequest(
                    url: server.url.appendingPathComponent("emulator/scenario")))
            #expect(scenario.status == 200)
        }
    }

    @Test("connections that never finish their headers are closed after the idle timeout")
    func slowConnectionsAreClosed() async throws {
        var configuration = EmulatorServer(port: 0)
        configuration.idleTimeout = .milliseconds(200)
        let server = try await configuration.start()
        defer { Task { await server.stop() } }
        let port = try #require(server.url.port)
        // A bounded number of local connections, each sending part of a request head and then
        // nothing; each read waits at most 30 s for the server to close it.
        let outcomes = try await withThrowingTaskGroup(of: SlowClient.Outcome.self) { group in
            for _ in 0..<5 {
                group.addTask { try await SlowClient.run(port: UInt16(port), deadlineSeconds: 30) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes == Array(repeating: .closedByServer, count: 5))
        // The server still answers complete requests.
        let answer = try await URLSessionTransport.browser().send(
            HTTPRequest(
                url: server.url.appendingPathComponent("emulator/scenario")))
        #expect(answer.status == 200)
    }

    @Test("an idle timeout beyond what nanoseconds hold is clamped: the server starts and serves")
    func hugeIdleTimeout() async throws {
        var configuration = EmulatorServer(port: 0)
        configuration.idleTimeout = .seconds(Int64.max)
        let server = try await configuration.start()
        defer { Task { await server.stop() } }
        let answer = try await URLSessionTransport.browser().send(
            HTTPRequest(url: server.url.appendingPathComponent("emulator/scenario")))
        #expect(answer.status == 200)
    }

    @Test("the standalone server keeps and serves its request log without secrets")
    func redactedRequestLog() async throws {
        try await withEmulatorServer(redactingRequestLog: true) { server in
            var configuration = AccessEnabler.Configuration()
            configuration.transport = URLSessionTransport()
            configuration.storage = InMemoryTokenStorage()
            configuration.environment = .init(serviceProviders: [server.url])
            let statement = "server-test-software-statement"
            let enabler = AccessEnabler(softwareStatement: statement, configuration: configuration)
            _ = try await enabler.setRequestor("REF")
            let presenter = HTTPLoginPresenter(
                mvpdID: "Cablevision", username: "alice", password: "alice-password",
                transport: URLSessionTransport.browser(), prompt: nil)
            try await enabler.authenticate(presenter: presenter)
            _ = try await enabler.authorize(resource: "news")

            let kept = String(decoding: try JSONEncoder().encode(await server.emulator.requests), as: UTF8.self)
            let served = try await URLSessionTransport.browser().send(
                HTTPRequest(
                    url: server.url.appendingPathComponent("emulator/requests")))
            let servedText = String(decoding: served.body, as: UTF8.self)
            #expect(servedText.contains("/decisions/authorize/Cablevision"), "the log is served")
            for (name, text) in [("the kept log", kept), ("the served log", servedText)] {
                // Computed first: a failing #expect prints its operands, and the secret is one.
                let leakedStatement = text.contains(statement)
                let leakedPassword = text.contains("alice-password")
                #expect(!leakedStatement, "\(name) holds the software statement")
                #expect(!leakedPassword, "\(name) holds the password")
                #expect(!text.contains("fingerprint "), "no device identifier in \(name)")
                #expect(text.contains("Bearer <redacted>"), "\(name)")
                // Every client secret redacted: none left once the redacted ones are taken out.
                let unredactedSecret = text.replacingOccurrences(of: "client_secret=%3Credacted%3E", with: "")
                    .contains("client_secret=")
                #expect(!unredactedSecret, "\(name) holds a client secret")
            }
        }
    }

    @Test(
        "an address beyond loopback is warned about",
        arguments: [
            ("127.0.0.1", false), ("127.1.2.3", false), ("localhost", false), ("::1", false), ("[::1]", false),
            ("0.0.0.0", true), ("::", true), ("192.168.1.20", true), ("127.0.0.1.example.com", true),
            ("example.com", true),
        ])
    func beyondLoopbackWarning(host: String, warns: Bool) {
        let warning = EmulatorServer.beyondLoopbackWarning(host: host)
        #expect((warning != nil) == warns)
        if let warning { #expect(warning.contains("beyond loopback") && warning.contains(host)) }
    }
}

/// A client that opens a TCP connection, sends the start of a request head, and waits.
enum SlowClient {
    enum Outcome: Equatable, Sendable { case closedByServer, stillOpenAtDeadline, answered }

    struct Failure: Error { var step: String }

    /// Runs the blocking client on a thread of its own, off the cooperative pool, so that a
    /// server that never closes cannot starve the other tests while the read waits.
    static func run(port: UInt16, deadlineSeconds: Int) async throws -> Outcome {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result { try connectSendHalfAHeadAndRead(port: port, deadlineSeconds: deadlineSeconds) })
            }
        }
    }

    static func connectSendHalfAHeadAndRead(port: UInt16, deadlineSeconds: Int) throws -> Outcome {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(step: "socket") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: deadlineSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(step: "connect") }
        let head = Array("GET /emulator/scenario HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
        guard head.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, 0) }) == head.count else {
            throw Failure(step: "send")
        }
        var buffer = [UInt8](repeating: 0, count: 512)
        let read = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if read == 0 { return .closedByServer }
        if read > 0 { return .answered }
        return errno == ECONNRESET ? .closedByServer : .stillOpenAtDeadline
    }
}
