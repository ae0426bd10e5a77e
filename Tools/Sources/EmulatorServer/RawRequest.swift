import Foundation

/// A request as it arrived on the socket, before it is given to the emulator: no framework or
/// SDK types, so that the HTTP server and the emulator stay on their own sides.
struct RawRequest: Sendable {
    /// The method, for example `GET`.
    var method: String
    /// The request target as sent: a path with its query (`/api/v2/REF/configuration?x=1`), or an
    /// absolute URL.
    var target: String
    /// The header fields, in order.
    var headers: [(name: String, value: String)]
    /// The body (empty when there is none).
    var body: Data
}
