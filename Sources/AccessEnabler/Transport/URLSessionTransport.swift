import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default ``HTTPTransport``: sends requests with a `URLSession` and returns redirects
/// unfollowed.
///
/// Redirects reach the SDK as 3xx responses: the browser steps of the protocol end at a
/// custom-scheme URL that `URLSession` must not try to load. Sessions this type creates refuse
/// redirects and stream each body through their delegate, stopping a body larger than
/// ``HTTPTransportRequest/maximumResponseBytes`` as soon as it is (a declared `Content-Length` stops it
/// before the first byte). For a session you create yourself its delegate decides about
/// redirects — the SDK's own API calls never depend on them — and the size is checked once the
/// body has arrived.
public struct URLSessionTransport: HTTPTransport {
    /// The session requests are sent with.
    public let session: URLSession

    /// Creates a transport over `session` (by default an ephemeral session that refuses
    /// redirects, so no cookies or cache entries of the SDK's calls outlive the process).
    ///
    /// On Linux (swift-corelibs-foundation, which asks only the session's delegate about
    /// redirects) a session with another delegate is replaced by one with its configuration and
    /// the SDK's delegate, so redirects are refused there too.
    public init(session: URLSession = URLSessionTransport.defaultSession) {
        #if canImport(FoundationNetworking)
        if !(session.delegate is SessionDelegate) {
            self.session = URLSession(
                configuration: session.configuration, delegate: SessionDelegate.shared,
                delegateQueue: SessionDelegate.makeQueue())
            return
        }
        #endif
        self.session = session
    }

    /// Creates a transport over a new session with `configuration` that refuses redirects and
    /// caps response sizes (for example a configuration with your own `protocolClasses`).
    public init(configuration: URLSessionConfiguration) {
        self.session = URLSession(
            configuration: configuration, delegate: SessionDelegate.shared, delegateQueue: SessionDelegate.makeQueue())
    }

    /// The ephemeral session the default transport shares; it refuses redirects, caps response
    /// sizes and allows 8 connections per host.
    public static let defaultSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        // As many HTTP/1.1 connections as preauthorization chunks in flight by default (Apple's
        // own default is 4 on iOS, 6 on macOS); HTTP/2 multiplexes them on one connection anyway.
        configuration.httpMaximumConnectionsPerHost = 8
        return URLSession(
            configuration: configuration, delegate: SessionDelegate.shared, delegateQueue: SessionDelegate.makeQueue())
    }()

    public func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        try await send(request, timeLimit: nil)
    }

    /// Sends `request` bounded by `limit` on `clock`: on the sessions this type creates, the
    /// session delegate ends the load and cancels the transfer when the limit passes; on any
    /// other session the exchange runs in a task of its own, cancelled then.
    func send(_ request: HTTPTransportRequest, within limit: Duration, on clock: any AccessEnablerClock) async throws
        -> HTTPTransportResponse
    {
        if session.delegate is SessionDelegate {
            return try await send(request, timeLimit: (limit, clock))
        }
        return try await TimeLimit.race(limit, on: clock) { try await send(request, timeLimit: nil) }
    }

    private func send(_ request: HTTPTransportRequest, timeLimit: (Duration, any AccessEnablerClock)?) async throws
        -> HTTPTransportResponse
    {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
        // URLSession's own timeout is an idle timeout; the SDK bounds the whole exchange.
        urlRequest.timeoutInterval = request.timeout.timeInterval
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        urlRequest.allHTTPHeaderFields = Self.headerFields(request.headers)
        let data: Data
        let response: URLResponse
        if let delegate = session.delegate as? SessionDelegate {
            (data, response) = try await delegate.load(
                urlRequest, in: session, maximumBytes: request.maximumResponseBytes, timeLimit: timeLimit)
        } else {
            #if canImport(FoundationNetworking)
            // Not reached: on Linux every session of this type has the SDK's delegate.
            (data, response) = try await session.data(for: urlRequest)
            #else
            (data, response) = try await session.data(for: urlRequest, delegate: SessionDelegate.shared)
            #endif
            guard data.count <= request.maximumResponseBytes else { throw HTTPTransportError.responseTooLarge }
        }
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        var headers = HTTPTransportHeaders()
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers.add(name: name, value: value)
            }
        }
        return HTTPTransportResponse(status: http.statusCode, headers: headers, body: data)
    }
}

extension URLSessionTransport: TimeLimitedTransport {}

extension URLSessionTransport {
    /// `headers` as the fields of a `URLRequest`, in one dictionary set at once, with what
    /// `addValue(_:forHTTPHeaderField:)` does: a name given twice (compared without case) gets
    /// the values joined with commas, and a value holding a NUL, CR or LF is left out (it could
    /// split the header). swift-corelibs-foundation's `addValue` checks each value character by
    /// character, capitalizes the name and searches the fields added before: for the SDK's seven
    /// fields that cost more than everything else the transport does with a request.
    static func headerFields(_ headers: HTTPTransportHeaders) -> [String: String] {
        var fields: [String: String] = [:]
        fields.reserveCapacity(headers.count)
        // The names added so far, for the case-insensitive check (names rarely repeat, and most
        // differ in length, which the check compares first).
        var names: [String] = []
        names.reserveCapacity(headers.count)
        for field in headers where isValidHeaderValue(field.value) {
            if let name = names.first(where: { HTTPTransportHeaders.namesMatch($0, field.name) }) {
                fields[name]! += "," + field.value
            } else {
                names.append(field.name)
                fields[field.name] = field.value
            }
        }
        return fields
    }

    /// Whether `value` can be sent as one header line: no NUL, CR or LF.
    static func isValidHeaderValue(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
            for byte in bytes where byte == 0 || byte == 0x0A || byte == 0x0D { return false }
            return true
        }
    }
}

/// The delegate of the sessions ``URLSessionTransport`` creates: refuses every redirect (so the
/// 3xx response reaches the caller) and collects each body, stopping one that outgrows its limit.
/// Also installed as the task delegate of sessions created elsewhere, on Apple platforms, for the
/// redirect decision only.
///
/// A load ends (its caller resumes) at the first of: completion, an oversize response, its time
/// limit, or the caller's cancellation; the data task is then cancelled off the current thread,
/// because swift-corelibs-foundation's `cancel()` waits for the task's queue, which may be
/// waiting for this very callback (a deadlock seen with a cancel made from `didReceive`).
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    static let shared = SessionDelegate()

    /// A delegate queue for a session ``URLSessionTransport`` creates: the system's own (nil) on
    /// Apple platforms; on swift-corelibs-foundation, which hands every callback (response, each
    /// chunk of body, completion) to the delegate queue, a queue that runs them in order on a
    /// serial dispatch queue, without building an `Operation` for each.
    static func makeQueue() -> OperationQueue? {
        #if canImport(FoundationNetworking)
        return SerialDelegateQueue()
        #else
        return nil
        #endif
    }

    /// One load in flight. A class, so that the callbacks change it where it is stored (the body
    /// is appended in place, never copied); only touched with `loads` locked.
    private final class Load {
        let continuation: CheckedContinuation<(Data, URLResponse), any Error>
        let maximumBytes: Int
        var data = Data()
        var response: URLResponse?
        /// The running time limit, stopped when the load ends.
        var timer: TimeLimitTimer?

        init(continuation: CheckedContinuation<(Data, URLResponse), any Error>, maximumBytes: Int) {
            self.continuation = continuation
            self.maximumBytes = maximumBytes
        }
    }

    /// Loads in flight, by task (one delegate serves several sessions, whose task identifiers
    /// overlap).
    private let loads = LockedValue<[ObjectIdentifier: Load]>([:])

    /// Sends `request` on `session` (whose delegate must be this one) and returns the body and
    /// response. Cancelling the calling task cancels the data task and returns at once; so does
    /// `timeLimit` (a duration on a clock) running out, with ``RequestTimedOut``.
    func load(
        _ request: URLRequest, in session: URLSession, maximumBytes: Int,
        timeLimit: (Duration, any AccessEnablerClock)? = nil
    ) async throws -> (Data, URLResponse) {
        let task = session.dataTask(with: request)
        let id = ObjectIdentifier(task)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                loads.withLock { $0[id] = Load(continuation: continuation, maximumBytes: maximumBytes) }
                // A cancellation that came before the load was registered ends it here.
                if Task.isCancelled {
                    end(task, with: .failure(CancellationError()))
                    return
                }
                if let (limit, clock) = timeLimit {
                    // Started once the load is registered, so that an expiry always finds it.
                    let timer = TimeLimitTimer.start(limit, on: clock) { [self] in
                        end(task, with: .failure(RequestTimedOut(limit: limit)))
                    }
                    let ended = loads.withLock { loads -> Bool in
                        guard let load = loads[id] else { return true }
                        load.timer = timer
                        return false
                    }
                    if ended { timer.cancel() }
                }
                task.resume()
            }
        } onCancel: {
            end(task, with: .failure(CancellationError()))
        }
    }

    /// Resumes the caller of `task`'s load, if it is still waiting, and stops the transfer.
    private func end(_ task: URLSessionTask, with result: Result<(Data, URLResponse), any Error>) {
        guard let load = loads.withLock({ $0.removeValue(forKey: ObjectIdentifier(task)) }) else { return }
        load.timer?.cancel()
        load.continuation.resume(with: result)
        if case .failure = result { Task.detached { task.cancel() } }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let tooLarge = loads.withLock { loads -> Bool in
            guard let load = loads[ObjectIdentifier(dataTask)] else { return false }
            load.response = response
            return response.expectedContentLength > Int64(load.maximumBytes)
        }
        // A declared length over the limit ends the load before the body; the transfer is
        // cancelled by `end` (swift-corelibs-foundation never completes a `.cancel`led task).
        completionHandler(.allow)
        if tooLarge { end(dataTask, with: .failure(HTTPTransportError.responseTooLarge)) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = loads.withLock { loads -> Bool in
            guard let load = loads[ObjectIdentifier(dataTask)] else { return false }
            guard load.data.count + data.count <= load.maximumBytes else { return true }
            load.data.append(data)
            return false
        }
        if tooLarge { end(dataTask, with: .failure(HTTPTransportError.responseTooLarge)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            end(task, with: .failure(error))
            return
        }
        guard let (data, received) = loads.withLock({ $0[ObjectIdentifier(task)].map { ($0.data, $0.response) } })
        else { return }
        if let response = received ?? task.response {
            end(task, with: .success((data, response)))
        } else {
            end(task, with: .failure(URLError(.badServerResponse)))
        }
    }
}

#if canImport(FoundationNetworking)
/// A delegate queue for swift-corelibs-foundation's `URLSession`, which hands its callbacks to
/// `addOperation(_:)` as blocks: they run one at a time, in the order added, on a serial dispatch
/// queue that targets the global concurrent queue (as an `OperationQueue`'s own queue does; a
/// serial queue's default target, the overcommitting one, was measured slower). An
/// `OperationQueue` limited to one operation at a time does the same with an `Operation`, its
/// locks and its state changes for every callback.
final class SerialDelegateQueue: OperationQueue, @unchecked Sendable {
    // @unchecked: the dispatch queue is thread-safe and never replaced.
    private let serial = DispatchQueue(label: "com.adobe.pass.AccessEnabler.session-delegate", target: .global())

    override init() {
        super.init()
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        serial.async(execute: block)
    }
}
#endif

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    package var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
