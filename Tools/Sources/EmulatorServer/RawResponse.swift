import Foundation

/// A response to write back to the socket.
struct RawResponse: Sendable {
    /// The status code.
    var status: Int
    /// The header fields to send, without framing fields (the server sets `Content-Length`).
    var headers: [(name: String, value: String)]
    /// The body.
    var body: Data
}
