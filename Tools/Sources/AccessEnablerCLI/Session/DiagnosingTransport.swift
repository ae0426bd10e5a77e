import AccessEnabler
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The tool's transport: `URLSessionTransport`, plus a note of which origin each request went
/// to and why one got no answer, so that a `network_error` can name the host and the cause
/// (connection refused, DNS, TLS, timeout) without `--verbose`.
///
/// It notes origins (`http://127.0.0.1:8080`) and error kinds only: never a path, a query or a
/// header.
final class DiagnosingTransport: HTTPTransport {
    /// Why an origin gave no answer.
    struct Failure: Sendable, Equatable {
        /// `scheme://host[:port]`.
        var origin: String
        /// For example `connection refused`.
        var cause: String
    }

    private struct State {
        var lastOrigin: String?
        var lastFailure: Failure?
        var failures: [String: Failure] = [:]
    }

    private let base: any HTTPTransport
    private let state = Locked(State())

    init(base: any HTTPTransport = URLSessionTransport()) {
        self.base = base
    }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        let origin = Self.origin(of: request.url)
        state.withLock { $0.lastOrigin = origin }
        do {
            return try await base.send(request)
        } catch {
            if let cause = Self.cause(of: error) {
                let failure = Failure(origin: origin, cause: cause)
                state.withLock {
                    $0.lastFailure = failure
                    $0.failures[origin] = failure
                }
            }
            throw error
        }
    }

    /// The origin of the last request sent.
    var lastOrigin: String? { state.withLock { $0.lastOrigin } }
    /// The last request that got no answer.
    var lastFailure: Failure? { state.withLock { $0.lastFailure } }
    /// The last failure of `url`'s origin.
    func failure(for url: URL) -> Failure? { state.withLock { $0.failures[Self.origin(of: url)] } }

    /// `scheme://host[:port]` of `url`.
    static func origin(of url: URL) -> String {
        var components = URLComponents()
        components.scheme = url.scheme
        components.host = url.host
        components.port = url.port
        return components.string ?? url.host ?? "the service provider"
    }

    /// A few words on why a request got no answer; nil for a cancellation (the SDK cancels a
    /// request when its call is cancelled or runs out of time, and says so itself).
    static func cause(of error: any Error) -> String? {
        if error is CancellationError { return nil }
        if let transportError = error as? HTTPTransportError, transportError == .responseTooLarge {
            return "the response was larger than the SDK accepts"
        }
        if let urlError = error as? URLError {
            return cause(ofURLErrorCode: urlError.code.rawValue)
        }
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain { return cause(ofURLErrorCode: nsError.code) }
        if nsError.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(nsError.code)) {
            switch code {
            case .ECONNREFUSED: return "connection refused (nothing listens on that port)"
            case .ETIMEDOUT: return "timed out"
            case .ECONNRESET: return "the connection was reset"
            case .EHOSTUNREACH, .ENETUNREACH: return "the host is unreachable"
            default: return "\(code)"
            }
        }
        return "\(nsError.domain) error \(nsError.code)"
    }

    private static func cause(ofURLErrorCode code: Int) -> String? {
        switch URLError.Code(rawValue: code) {
        case .cancelled: return nil
        case .cannotConnectToHost: return "connection refused (nothing listens on that port)"
        case .cannotFindHost, .dnsLookupFailed: return "the host name could not be resolved (DNS)"
        case .timedOut: return "timed out"
        case .networkConnectionLost: return "the connection was closed before the answer"
        case .notConnectedToInternet: return "no network connection"
        case .secureConnectionFailed: return "the TLS handshake failed"
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
            .serverCertificateHasUnknownRoot, .clientCertificateRejected, .clientCertificateRequired:
            return "TLS: the server's certificate was not accepted"
        case .badServerResponse: return "the server's answer was not valid HTTP"
        case .appTransportSecurityRequiresSecureConnection: return "plain HTTP was refused (App Transport Security)"
        default: return "URLError \(code)"
        }
    }
}
