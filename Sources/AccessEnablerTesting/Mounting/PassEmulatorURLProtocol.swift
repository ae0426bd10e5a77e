import AccessEnabler
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `URLProtocol` that answers a `URLSession`'s requests from in-process emulators.
///
/// Do not register it globally: build the session from
/// ``PassEmulator/makeURLSessionConfiguration(routing:base:)``, which installs this class and
/// tags the configuration with a routing ID (an extra header, and a cookie in a private cookie
/// store because swift-corelibs-foundation does not pass `httpAdditionalHeaders` to protocol
/// classes). The tag is removed before the emulator sees the request. Responses, 3xx included,
/// are delivered as they are, never followed.
public final class PassEmulatorURLProtocol: URLProtocol {
    /// The header that carries the routing ID.
    public static let routingHeaderName = "X-Pass-Emulator-Routing"
    /// The cookie that carries the routing ID.
    public static let routingCookieName = "pass_emulator_routing"

    private struct Loading {
        var task: Task<Void, Never>?
        var stopped = false
    }

    private let loading = LockedValue(Loading())

    override public class func canInit(with request: URLRequest) -> Bool { true }

    override public class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override public func startLoading() {
        let (routingID, httpRequest) = Self.emulatorRequest(from: request)
        let emulator =
            routingID.flatMap { EmulatorRegistry.transport(for: $0)?.emulator(for: httpRequest.url) }
            ?? EmulatorRegistry.uniqueEmulator(for: httpRequest.url)
        guard let emulator else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotFindHost))
            return
        }
        let delivery = Delivery(self)
        let task = Task {
            do {
                let response = try await emulator.handle(httpRequest)
                delivery.deliver(response)
            } catch {
                delivery.fail(error)
            }
        }
        let alreadyStopped = loading.withLock { state -> Bool in
            state.task = task
            return state.stopped
        }
        if alreadyStopped { task.cancel() }
    }

    override public func stopLoading() {
        let task = loading.withLock { state -> Task<Void, Never>? in
            state.stopped = true
            return state.task
        }
        task?.cancel()
    }

    fileprivate var isStopped: Bool { loading.withLock { $0.stopped } }

    /// Converts the `URLRequest` into the emulator's request, removing the routing tag; returns
    /// the routing ID too.
    static func emulatorRequest(from request: URLRequest) -> (String?, HTTPTransportRequest) {
        let url = request.url ?? URL(string: "about:blank")!
        var routingID: String?
        var headers = HTTPTransportHeaders()
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            if name.caseInsensitiveCompare(routingHeaderName) == .orderedSame {
                routingID = value
            } else if name.caseInsensitiveCompare("Cookie") == .orderedSame {
                var kept: [String] = []
                for pair in value.split(separator: ";") {
                    let trimmed = pair.trimmingCharacters(in: .whitespaces)
                    if trimmed.hasPrefix(routingCookieName + "=") {
                        routingID = routingID ?? String(trimmed.dropFirst(routingCookieName.count + 1))
                    } else if !trimmed.isEmpty {
                        kept.append(trimmed)
                    }
                }
                if !kept.isEmpty { headers.add(name: name, value: kept.joined(separator: "; ")) }
            } else {
                headers.add(name: name, value: value)
            }
        }
        let timeout = request.timeoutInterval > 0 ? request.timeoutInterval : 60
        let httpRequest = HTTPTransportRequest(
            method: HTTPTransportMethod(rawValue: request.httpMethod ?? "GET"),
            url: url,
            headers: headers,
            body: request.httpBody ?? request.httpBodyStream.map(readAll),
            timeout: .milliseconds(Int64(timeout * 1000)))
        return (routingID, httpRequest)
    }

    private static func readAll(_ stream: InputStream) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        stream.open()
        defer { stream.close() }
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }
}

/// Carries the protocol instance into the loading task. `URLProtocolClient` calls are made from
/// that one task, once, and never after `stopLoading()`.
private final class Delivery: @unchecked Sendable {
    private let urlProtocol: PassEmulatorURLProtocol

    init(_ urlProtocol: PassEmulatorURLProtocol) { self.urlProtocol = urlProtocol }

    func deliver(_ response: HTTPTransportResponse) {
        guard !urlProtocol.isStopped, let url = urlProtocol.request.url else { return }
        var fields: [String: String] = [:]
        for field in response.headers {
            if let existing = fields[field.name] {
                fields[field.name] = existing + ", " + field.value
            } else {
                fields[field.name] = field.value
            }
        }
        guard
            let httpResponse = HTTPURLResponse(
                url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: fields)
        else {
            urlProtocol.client?.urlProtocol(urlProtocol, didFailWithError: URLError(.badServerResponse))
            return
        }
        urlProtocol.client?.urlProtocol(urlProtocol, didReceive: httpResponse, cacheStoragePolicy: .notAllowed)
        if !response.body.isEmpty {
            urlProtocol.client?.urlProtocol(urlProtocol, didLoad: response.body)
        }
        urlProtocol.client?.urlProtocolDidFinishLoading(urlProtocol)
    }

    func fail(_ error: any Error) {
        guard !urlProtocol.isStopped else { return }
        let failure = (error as? URLError) ?? URLError(.unknown)
        urlProtocol.client?.urlProtocol(urlProtocol, didFailWithError: failure)
    }
}
