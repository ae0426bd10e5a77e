import Foundation

/// A failure the emulator can inject into the next request(s) to a route, to test how the SDK
/// copes with a misbehaving server or network.
///
/// Inject with ``PassEmulator/inject(_:on:times:)``. Faults that answer (`status`, `html`,
/// `malformedJSON`, …) replace the real handling; `delay` and `hold` only postpone it;
/// `dropConnection` and `timeout` make the transport throw.
public enum EmulatorFault: Sendable, Equatable {
    /// Answers with this status, body and `Content-Type`.
    case status(Int, body: String, contentType: String)
    /// Answers 200 with JSON cut off in the middle.
    case malformedJSON
    /// Answers with an HTML error page, as a load balancer or proxy would (for example 502).
    case html(status: Int)
    /// Waits this long in real time (`Task.sleep`), then handles the request normally.
    case delay(Duration)
    /// The connection drops: the transport throws `URLError(.networkConnectionLost)`.
    case dropConnection
    /// The request times out: the transport throws `URLError(.timedOut)`.
    case timeout
    /// Answers 429 with Adobe's openresty HTML page and, when given, a `Retry-After` header.
    case tooManyRequests(retryAfter: String?)
    /// Answers 200 with the route's JSON keys but values of the wrong types.
    case wrongTypes
    /// Answers 200 with `Content-Type: application/json` and no body.
    case emptyBody
    /// Answers 200 with a JSON body of exactly this many bytes (at least 16) that has none of the
    /// expected fields.
    case largeBody(bytes: Int)
    /// Holds the request until the gate opens, then handles it normally. Not `Codable`.
    case hold(EmulatorGate)

    /// The kind's name, as in the JSON form (`status`, `tooManyRequests`, …; `hold` for a hold).
    public var kindName: String {
        switch self {
        case .status: "status"
        case .malformedJSON: "malformedJSON"
        case .html: "html"
        case .delay: "delay"
        case .dropConnection: "dropConnection"
        case .timeout: "timeout"
        case .tooManyRequests: "tooManyRequests"
        case .wrongTypes: "wrongTypes"
        case .emptyBody: "emptyBody"
        case .largeBody: "largeBody"
        case .hold: "hold"
        }
    }

    /// Compares kinds and parameters; gates compare by identity.
    public static func == (lhs: EmulatorFault, rhs: EmulatorFault) -> Bool {
        switch (lhs, rhs) {
        case let (.status(a, b, c), .status(d, e, f)): return a == d && b == e && c == f
        case (.malformedJSON, .malformedJSON), (.dropConnection, .dropConnection), (.timeout, .timeout),
            (.wrongTypes, .wrongTypes), (.emptyBody, .emptyBody):
            return true
        case let (.html(a), .html(b)): return a == b
        case let (.delay(a), .delay(b)): return a == b
        case let (.tooManyRequests(a), .tooManyRequests(b)): return a == b
        case let (.largeBody(a), .largeBody(b)): return a == b
        case let (.hold(a), .hold(b)): return a === b
        default: return false
        }
    }
}
