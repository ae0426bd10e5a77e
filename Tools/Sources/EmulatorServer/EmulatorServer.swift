import AccessEnabler
import AccessEnablerTesting
import Foundation
import Hummingbird
import Logging
import NIOCore

/// Serves a ``PassEmulator`` over real HTTP/1.1, so that any client — the SDK through
/// `URLSessionTransport`, an app in a simulator, a browser, `curl` — can use it as an Adobe Pass
/// service provider.
///
/// Every request goes to `PassEmulator.handle`, so the REST API v1 and v2 routes, Dynamic Client
/// Registration, the fake MVPD login page and the `/emulator/` control routes all work. The
/// emulator's base URL is the real listening URL (`http://127.0.0.1:<port>`). An injected
/// transport fault (`dropConnection`, `timeout`) closes the connection without an answer.
///
/// A port already in use throws ``EmulatorServerError/addressInUse(host:port:)``.
///
/// ```swift
/// let server = EmulatorServer(port: 0)
/// let running = try await server.start()
/// print(running.url)          // http://127.0.0.1:49731
/// await running.stop()
/// ```
public struct EmulatorServer: Sendable {
    /// The address to listen on (default `127.0.0.1`; `0.0.0.0` listens on every interface).
    public var host: String
    /// The port to listen on; 0 lets the system pick a free one.
    public var port: Int
    /// What the emulator serves.
    public var scenario: EmulatorScenario
    /// The emulator's clock (a `TestClock` makes `POST /emulator/clock/advance` work).
    public var clock: any AccessEnablerClock
    /// The largest request body accepted, in bytes; a larger one is answered 413 with the reason.
    public var maximumBodySize: Int
    /// How long a connection may stay without receiving anything (headers that stop, a body that
    /// stops, an idle keep-alive connection) before it is closed, so stalled connections do not
    /// pile up. A request being answered is not cut short.
    public var idleTimeout: Duration = .seconds(30)
    /// How long a connection may take to send a whole request, counted from when it is ready for
    /// one (opened, or its previous answer written): a request sent one byte at a time, which the
    /// idle timeout never sees idle, is cut off there too. A request being answered is not cut short.
    public var requestTimeout: Duration = .seconds(30)
    /// Whether the emulator keeps its request log without secrets (default true): the software
    /// statement, client secrets, bearer tokens, MVPD passwords and device identifiers are
    /// replaced before a record is kept. `GET /emulator/requests` never serves them either way.
    public var redactsRequestLog = true
    /// Called after every request (for a request log); the record holds no query string.
    public var onRequest: (@Sendable (ServedRequest) -> Void)?
    /// Called with each warning of the emulator (`PassEmulator.warnings`); nil leaves them on
    /// standard error, the emulator's default.
    public var onWarning: (@Sendable (String) -> Void)?

    /// Creates a server description; nothing listens until ``run(handlingSignals:onListening:)``
    /// or ``start()``.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        scenario: EmulatorScenario = .standard,
        clock: any AccessEnablerClock = SystemClock(),
        maximumBodySize: Int = 1 << 20,
        onRequest: (@Sendable (ServedRequest) -> Void)? = nil
    ) {
        self.host = host
        self.port = port
        self.scenario = scenario
        self.clock = clock
        self.maximumBodySize = maximumBodySize
        self.onRequest = onRequest
    }

    /// Listens and serves until the calling task is cancelled or, with `handlingSignals`, until
    /// the process receives SIGINT or SIGTERM (then it shuts down gracefully).
    ///
    /// - Parameter onListening: Called once the socket is bound, with the emulator (whose
    ///   `baseURL` is the listening URL).
    public func run(
        handlingSignals: Bool = false, onListening: @escaping @Sendable (PassEmulator) async -> Void = { _ in }
    ) async throws {
        let slot = EmulatorSlot()
        let responder = EmulatorResponder(slot: slot, maximumBodySize: maximumBodySize, onRequest: onRequest)
        var logger = Logger(label: "accessenabler.emulator")
        logger.logLevel = .critical
        let scenario = self.scenario
        let clock = self.clock
        let host = self.host
        let port = self.port
        let onWarning = self.onWarning
        let redactsRequestLog = self.redactsRequestLog
        // NIO's conversion clamps a timeout beyond Int64 nanoseconds instead of trapping.
        let idle = TimeAmount.nanoseconds(max(1, TimeAmount(idleTimeout).nanoseconds))
        let requestDeadline = TimeAmount.nanoseconds(max(1, TimeAmount(requestTimeout).nanoseconds))
        let application = Application(
            responder: responder,
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [RequestDeadlineHandler(deadline: requestDeadline)],
                    idleTimeout: idle)),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? port
                let emulator = PassEmulator(
                    scenario: scenario, baseURL: Self.baseURL(host: host, port: port), clock: clock)
                if let onWarning { await emulator.setWarningHandler(onWarning) }
                await emulator.setRequestLogRedaction(redactsRequestLog)
                await slot.fill(with: emulator)
                await onListening(emulator)
            },
            logger: logger)
        do {
            if handlingSignals {
                try await application.runService()
            } else {
                try await application.run()
            }
        } catch let error where Self.isAddressInUse(error) {
            throw EmulatorServerError.addressInUse(host: host, port: port)
        }
    }

    /// Whether `error` (NIO's, possibly wrapped by the service lifecycle) says that the address is
    /// already in use.
    static func isAddressInUse(_ error: any Error) -> Bool {
        if let error = error as? IOError { return error.errnoCode == EADDRINUSE }
        let text = String(describing: error)
        return text.contains("Address already in use") || text.contains("errno: \(EADDRINUSE)")
    }

    /// Starts serving in a background task and returns once the server listens.
    ///
    /// - Throws: The server's error when it could not start (for example, the port is in use).
    public func start() async throws -> RunningEmulatorServer {
        let (events, continuation) = AsyncStream<Result<PassEmulator, any Error>>.makeStream()
        let server = self
        let task = Task {
            do {
                try await server.run { emulator in continuation.yield(.success(emulator)) }
                continuation.finish()
            } catch {
                continuation.yield(.failure(error))
                continuation.finish()
            }
        }
        for await event in events {
            switch event {
            case .success(let emulator):
                return RunningEmulatorServer(emulator: emulator, task: task)
            case .failure(let error):
                throw error
            }
        }
        throw CancellationError()
    }

    /// A warning for a `host` beyond the loopback interface (nil for `127.0.0.0/8`, `::1` and
    /// `localhost`): the emulator has no authentication, so whoever reaches the address can drive
    /// it and read its request log.
    public static func beyondLoopbackWarning(host: String) -> String? {
        if isLoopback(host) { return nil }
        return "listening on \(host), beyond loopback: anyone who can reach it can use the emulator, "
            + "change its state and read its request log (secrets are redacted there). Use 127.0.0.1 unless "
            + "another machine must reach it."
    }

    /// Whether `host` names the loopback interface: `localhost`, `127.0.0.0/8` in dotted decimal,
    /// or `::1`.
    static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if name == "localhost" || name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
                && Int(part).map { $0 <= 255 } == true
        }
    }

    /// The URL clients use: the configured host (the loopback address for a wildcard host) and
    /// the bound port.
    static func baseURL(host: String, port: Int) -> URL {
        var name = host
        if ["", "0.0.0.0", "::", "[::]"].contains(name) {
            name = "127.0.0.1"
        } else if name.contains(":"), !name.hasPrefix("[") {
            name = "[\(name)]"
        }
        return URL(string: "http://\(name):\(port)")!
    }
}

/// Why an emulator server could not start.
public enum EmulatorServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Something else listens on the address already.
    case addressInUse(host: String, port: Int)

    public var description: String {
        switch self {
        case let .addressInUse(host, port):
            "The port \(port) on \(host) is in use already (another emulator serve?): choose another with --port, "
                + "or --port 0 for any free port."
        }
    }
}
