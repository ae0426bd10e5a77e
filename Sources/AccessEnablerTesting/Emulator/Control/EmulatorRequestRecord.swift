import AccessEnabler
import Foundation

/// One request the emulator received, with the status it answered.
public struct EmulatorRequestRecord: Sendable, Equatable, Codable {
    /// One query parameter, decoded.
    public struct QueryItem: Sendable, Hashable, Codable {
        /// The decoded name.
        public var name: String
        /// The decoded value; nil when the parameter had no `=`.
        public var value: String?

        /// Creates a query item.
        public init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// The sequence number of the request (1 for the first request the emulator received).
    public var id: Int
    /// The route, or nil when no route serves the path.
    public var route: EmulatorRoute?
    /// The method, for example `GET`.
    public var method: String
    /// The path as sent (percent-encoded).
    public var path: String
    /// The query parameters, in order.
    public var queryItems: [QueryItem]
    /// The header fields (without the emulator's own routing header).
    public var headers: HTTPTransportHeaders
    /// The body, if any.
    public var body: Data?
    /// The status answered; nil while the request is in flight or when a fault made the transport throw.
    public var responseStatus: Int?
    /// The error the transport threw, when it did (for example `URLError.timedOut`).
    public var failure: String?
    /// When the request arrived, on the emulator's clock.
    public var date: Date

    /// Creates a record.
    public init(
        id: Int, route: EmulatorRoute?, method: String, path: String, queryItems: [QueryItem],
        headers: HTTPTransportHeaders, body: Data?, responseStatus: Int? = nil, failure: String? = nil, date: Date
    ) {
        self.id = id
        self.route = route
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.responseStatus = responseStatus
        self.failure = failure
        self.date = date
    }

    /// The decoded value of the first query parameter called `name`.
    public func query(_ name: String) -> String? {
        queryItems.first { $0.name == name }.map { $0.value ?? "" }
    }

    /// The body as UTF-8 text, if it is.
    public var bodyText: String? { body.flatMap { String(data: $0, encoding: .utf8) } }

    /// The decoded value of the form-body parameter called `name`.
    public func formValue(_ name: String) -> String? {
        guard let bodyText else { return nil }
        return FormParameters(parsing: bodyText)[name]
    }

    private enum CodingKeys: String, CodingKey {
        case id, route, method, path, queryItems, headers, body, bodyBase64, responseStatus, failure, date
    }

    private struct Header: Codable {
        var name: String
        var value: String
    }

    /// Decodes a record from the form ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        route = try container.decodeIfPresent(EmulatorRoute.self, forKey: .route)
        method = try container.decode(String.self, forKey: .method)
        path = try container.decode(String.self, forKey: .path)
        queryItems = try container.decodeIfPresent([QueryItem].self, forKey: .queryItems) ?? []
        let fields = try container.decodeIfPresent([Header].self, forKey: .headers) ?? []
        headers = HTTPTransportHeaders(fields.map { HTTPTransportHeaders.Field(name: $0.name, value: $0.value) })
        if let text = try container.decodeIfPresent(String.self, forKey: .body) {
            body = Data(text.utf8)
        } else if let base64 = try container.decodeIfPresent(String.self, forKey: .bodyBase64) {
            body = Data(base64Encoded: base64)
        } else {
            body = nil
        }
        responseStatus = try container.decodeIfPresent(Int.self, forKey: .responseStatus)
        failure = try container.decodeIfPresent(String.self, forKey: .failure)
        date = try container.decode(Date.self, forKey: .date)
    }

    /// Encodes the body as text when it is UTF-8 (`body`), else as Base64 (`bodyBase64`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(route, forKey: .route)
        try container.encode(method, forKey: .method)
        try container.encode(path, forKey: .path)
        try container.encode(queryItems, forKey: .queryItems)
        try container.encode(headers.map { Header(name: $0.name, value: $0.value) }, forKey: .headers)
        if let body {
            if let text = String(data: body, encoding: .utf8) {
                try container.encode(text, forKey: .body)
            } else {
                try container.encode(body.base64EncodedString(), forKey: .bodyBase64)
            }
        }
        try container.encodeIfPresent(responseStatus, forKey: .responseStatus)
        try container.encodeIfPresent(failure, forKey: .failure)
        try container.encode(date, forKey: .date)
    }
}
