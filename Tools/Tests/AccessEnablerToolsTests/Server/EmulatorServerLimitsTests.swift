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
                HTTPTransportRequest(
                    method: .post, url: server.url.appendingPathComponent("emulator/faults"),
                    headers: ["Content-Type": "application/json"], body: big))
            #expect(response.status == 413)
            let reason = String(decoding: response.body, as: UTF8.self)
            #expect(reason.contains("larger than the emulator accepts"), "\(reason)")
            let scenario = try await URLSessionTransport.browser().send(
                HTTPTransportRequest(
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
            HTTPTransportRequest(
                url: server.url.appendingPathComponent("emulator/scenario")))
        #expect(answer.status == 200)
    }

    @Test("a body sent one byte at a time, never idle for long, is cut off at the request timeout")
    func tricklingBodyIsCutOff() async throws {
        var configuration = EmulatorServer(port: 0)
        // Bytes come every 100 ms, well within the idle timeout; the whole request may take 1 s.
        configuration.idleTimeout = .seconds(5)
        configuration.requestTimeout = .seconds(1)
        let server = try await configuration.start()
        defer { Task { await server.stop() } }
        let port = try #require(server.url.port)
        // 100 bytes at one every 100 ms would take 10 s: the server must close the connection first.
        let outcome = try await SlowClient.trickle(port: UInt16(port), bodyBytes: 100, every: .milliseconds(100))
        #expect(outcome == .closedByServer)
        // A request being answered is not cut short: a 2 s answer outlives the 1 s request timeout.
        await server.emulator.inject(.delay(.seconds(2)), on: .configurationV2)
        let delayed = try await URLSessionTransport.browser().send(
            HTTPTransportRequest(url: server.url.appendingPathComponent("api/v2/REF/configuration")))
        #expect(delayed.status == 401, "answered (without a token) after the delay")
    }

    @Test("over HTTP, the control routes refuse a foreign Host (DNS rebinding) and a write that is not JSON")
    func controlGuardsOverHTTP() async throws {
        try await withEmulatorServer { server in
            let transport = URLSessionTransport.browser()
            let port = UInt16(try #require(server.url.port))
            // What a page whose name was rebound to 127.0.0.1 sends: its own name as the Host.
            let rebound = try await SlowClient.exchange(
                port: port, "GET /emulator/scenario HTTP/1.1\r\nHost: rebind.example:8080\r\nConnection: close\r\n\r\n")
            #expect(rebound.hasPrefix("HTTP/1.1 403"), "\(rebound.prefix(200))")
            #expect(!rebound.contains("alice-password"))
            let loopback = try await SlowClient.exchange(
                port: port, "GET /emulator/scenario HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
            #expect(loopback.hasPrefix("HTTP/1.1 200"), "\(loopback.prefix(200))")
            let form = try await transport.send(
                HTTPTransportRequest(
                    method: .post, url: server.url.appendingPathComponent("emulator/degradation"),
                    headers: ["Content-Type": "application/x-www-form-urlencoded"],
                    body: Data(#"{"mvpd": "Cablevision", "rule": "authorizeAll"}"#.utf8)))
            #expect(form.status == 415)
            #expect(await server.emulator.scenario.mvpd(withID: "Cablevision")?.degradation == nil)
        }
    }

    @Test("an idle timeout beyond what nanoseconds hold is clamped: the server starts and serves")
    func hugeIdleTimeout() async throws {
        var configuration = EmulatorServer(port: 0)
        configuration.idleTimeout = .seconds(Int64.max)
        let server = try await configuration.start()
        defer { Task { await server.stop() } }
        let answer = try await URLSessionTransport.browser().send(
            HTTPTransportRequest(url: server.url.appendingPathComponent("emulator/scenario")))
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
                HTTPTransportRequest(
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

/// A client that opens a TCP connection, sends the start of a request head, and waits; or sends a
/// whole head and then its body a byte at a time.
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

    /// Sends `request` as it is and returns everything the server answered until it closed.
    static func exchange(port: UInt16, _ request: String) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        let descriptor = try openConnection(port: port, deadlineSeconds: 30)
                        defer { close(descriptor) }
                        let bytes = Array(request.utf8)
                        guard bytes.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, 0) }) == bytes.count
                        else { throw Failure(step: "send") }
                        var answer: [UInt8] = []
                        var buffer = [UInt8](repeating: 0, count: 4096)
                        while true {
                            let read = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                            if read <= 0 { break }
                            answer += buffer[0..<read]
                        }
                        return String(decoding: answer, as: UTF8.self)
                    })
            }
        }
    }

    /// Sends a head announcing `bodyBytes`, then one body byte per `every`, until the server closes
    /// the connection (`closedByServer`) or the body is sent (`answered`: the server waited for it).
    static func trickle(port: UInt16, bodyBytes: Int, every: Duration) async throws -> Outcome {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result { try connectAndTrickle(port: port, bodyBytes: bodyBytes, every: every) })
            }
        }
    }

    private static func connectAndTrickle(port: UInt16, bodyBytes: Int, every: Duration) throws -> Outcome {
        let descriptor = try openConnection(port: port, deadlineSeconds: 30)
        defer { close(descriptor) }
        // A write to a connection the server closed fails with EPIPE instead of killing the process.
        signal(SIGPIPE, SIG_IGN)
        let head = Array(
            ("POST /emulator/faults HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(bodyBytes)\r\n\r\n").utf8)
        guard head.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, 0) }) == head.count else {
            throw Failure(step: "send")
        }
        let pause = useconds_t(every.components.seconds * 1_000_000 + every.components.attoseconds / 1_000_000_000_000)
        for _ in 0..<bodyBytes {
            usleep(pause)
            var byte = UInt8(ascii: " ")
            if send(descriptor, &byte, 1, 0) != 1 { return .closedByServer }
            // A closed connection shows as the end of the stream (or a reset) on a read that does not wait.
            var peek: UInt8 = 0
            let read = recv(descriptor, &peek, 1, Int32(MSG_DONTWAIT))
            if read == 0 || (read < 0 && errno == ECONNRESET) { return .closedByServer }
        }
        return .answered
    }

    /// A TCP connection to the loopback `port`, whose reads wait at most `deadlineSeconds`.
    private static func openConnection(port: UInt16, deadlineSeconds: Int) throws -> Int32 {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(step: "socket") }
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
        guard connected == 0 else {
            close(descriptor)
            throw Failure(step: "connect")
        }
        return descriptor
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
