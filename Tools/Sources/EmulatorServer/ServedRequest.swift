/// One request the server answered, as reported to ``EmulatorServer/onRequest``.
///
/// It holds the path without its query string, so a log of it shows no parameter values.
public struct ServedRequest: Sendable, Hashable {
    /// The method, for example `POST`.
    public var method: String
    /// The path, without the query string.
    public var path: String
    /// The status answered, or nil when the connection was closed without an answer (an injected
    /// transport fault).
    public var status: Int?

    /// Creates a record.
    public init(method: String, path: String, status: Int?) {
        self.method = method
        self.path = path
        self.status = status
    }
}
