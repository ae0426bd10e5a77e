import Foundation

/// Sends one HTTP request and returns the response, without following redirects.
///
/// The SDK talks to every service provider through this protocol, so tests and tools can replace
/// the network (``URLSessionTransport`` is the default). Implementations must return 3xx responses
/// as they are, and should throw (any error) for transport failures: the SDK reports those as
/// `network_error`. Cancelling the calling task must cancel the request: the SDK enforces
/// ``HTTPTransportRequest/timeout`` for the whole exchange by cancelling it. Stop reading a body larger
/// than ``HTTPTransportRequest/maximumResponseBytes`` and throw ``HTTPTransportError/responseTooLarge``
/// (the SDK also checks the size of what a transport returns).
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response as received.
    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse
}

/// An HTTP method.
public struct HTTPTransportMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method name as sent on the wire, for example `GET`.
    public let rawValue: String
    /// Creates a method from its wire name.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }
    /// `GET`
    public static let get = HTTPTransportMethod(rawValue: "GET")
    /// `POST`
    public static let post = HTTPTransportMethod(rawValue: "POST")
    /// `PUT`
    public static let put = HTTPTransportMethod(rawValue: "PUT")
    /// `DELETE`
    public static let delete = HTTPTransportMethod(rawValue: "DELETE")
    public var description: String { rawValue }
}

/// An ordered list of HTTP header fields with case-insensitive lookup.
public struct HTTPTransportHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field.
    public struct Field: Sendable, Equatable {
        /// The field name, as given.
        public var name: String
        /// The field value.
        public var value: String
        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    private var fields: [Field]

    /// Creates headers from fields, keeping their order.
    public init(_ fields: [Field] = []) { self.fields = fields }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value for `name` (case-insensitive); setting replaces every field of that name.
    public subscript(name: String) -> String? {
        get { fields.first { Self.namesMatch($0.name, name) }?.value }
        set {
            fields.removeAll { Self.namesMatch($0.name, name) }
            if let newValue { fields.append(Field(name: name, value: newValue)) }
        }
    }

    /// Whether two field names are the same, ignoring ASCII case (field names are ASCII tokens;
    /// this avoids Foundation's locale-aware comparison on every lookup).
    static func namesMatch(_ first: String, _ second: String) -> Bool {
        let a = first.utf8, b = second.utf8
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) where x != y {
            let lower = x | 0x20
            guard lower == y | 0x20, lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "z") else { return false }
        }
        return true
    }

    /// Appends a field, keeping any existing field of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// The number of fields.
    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}

/// An HTTP request as the SDK builds it.
public struct HTTPTransportRequest: Sendable, Equatable {
    /// The method.
    public var method: HTTPTransportMethod
    /// The absolute URL, query included.
    public var url: URL
    /// The header fields.
    public var headers: HTTPTransportHeaders
    /// The body, if any.
    public var body: Data?
    /// How long the whole exchange may take, the body included (the SDK sets
    /// ``AccessEnabler/Configuration/requestTimeout``, shortened to what is left of the call's
    /// retry deadline).
    public var timeout: Duration
    /// The largest response body the caller accepts, in bytes (decompressed).
    public var maximumResponseBytes: Int

    /// Creates a request.
    public init(
        method: HTTPTransportMethod = .get,
        url: URL,
        headers: HTTPTransportHeaders = [:],
        body: Data? = nil,
        timeout: Duration = .seconds(30),
        maximumResponseBytes: Int = HTTPTransportRequest.defaultMaximumResponseBytes
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maximumResponseBytes = maximumResponseBytes
    }

    /// 4 MiB: far more than any Adobe Pass answer (a configuration with hundreds of MVPDs is a
    /// few hundred kilobytes), far less than what would strain a phone's memory.
    public static let defaultMaximumResponseBytes = 4 << 20
}

/// A failure of the transport itself, as opposed to the network's.
///
/// ```swift
/// catch let error as HTTPTransportError where error == .responseTooLarge { … }
/// ```
public struct HTTPTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case responseTooLarge
    }

    private let code: Code

    /// The response body was larger than ``HTTPTransportRequest/maximumResponseBytes``; the transfer was
    /// cancelled. The SDK reports it as `server_response_format_unknown`.
    public static let responseTooLarge = HTTPTransportError(code: .responseTooLarge)

    public var description: String {
        switch code {
        case .responseTooLarge: "the response body exceeded the size limit"
        }
    }
}

/// An HTTP response as a transport received it.
public struct HTTPTransportResponse: Sendable, Equatable {
    /// The status code, for example 200.
    public var status: Int
    /// The header fields.
    public var headers: HTTPTransportHeaders
    /// The body (empty when there is none).
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: HTTPTransportHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Whether the status is in the 2xx range.
    public var isSuccess: Bool { (200..<300).contains(status) }
    /// Whether the status is a redirect with a `Location` header.
    public var isRedirect: Bool { (300..<400).contains(status) && headers["Location"] != nil }
}
