import AccessEnabler
import Foundation

/// The body format a REST v1 client asked for.
enum ResponseFormat: Sendable {
    case json, xml
}

/// A request as the router sees it: raw path and query split by hand, parameters decoded, the
/// response format negotiated.
struct IncomingRequest: Sendable {
    let http: HTTPTransportRequest
    /// The path as sent (still percent-encoded).
    let rawPath: String
    /// The decoded path segments, with a `.json` / `.xml` suffix removed from the last one.
    let segments: [String]
    /// The query string as sent (without `?`).
    let rawQuery: Substring
    /// The decoded query parameters.
    let query: FormParameters
    /// The decoded form body parameters (for `application/x-www-form-urlencoded` bodies).
    let form: FormParameters
    /// The negotiated response format.
    let format: ResponseFormat

    init(_ http: HTTPTransportRequest) {
        self.http = http
        let (path, query) = Self.splitPathAndQuery(http.url.absoluteString)
        rawPath = path.isEmpty ? "/" : String(path)
        rawQuery = query
        self.query = FormParameters(parsing: query)

        var segments = path.split(separator: "/", omittingEmptySubsequences: true).map {
            PercentEncoding.decode($0, plusAsSpace: false)
        }
        var suffixFormat: ResponseFormat?
        if let last = segments.last {
            if last.hasSuffix(".json") {
                suffixFormat = .json
                segments[segments.count - 1] = String(last.dropLast(5))
            } else if last.hasSuffix(".xml") {
                suffixFormat = .xml
                segments[segments.count - 1] = String(last.dropLast(4))
            }
        }
        self.segments = segments

        if let body = http.body, !body.isEmpty,
            http.headers["Content-Type"]?.lowercased().contains("application/x-www-form-urlencoded") ?? false
        {
            form = FormParameters(parsing: String(decoding: body, as: UTF8.self))
        } else {
            form = FormParameters()
        }

        if let suffixFormat {
            format = suffixFormat
        } else if let requested = self.query["format"]?.lowercased(), requested == "json" || requested == "xml" {
            format = requested == "json" ? .json : .xml
        } else if let accept = http.headers["Accept"]?.lowercased(), accept.contains("json") {
            format = .json
        } else {
            format = .xml
        }
    }

    var method: HTTPTransportMethod { http.method }

    /// A header value (case-insensitive name).
    func header(_ name: String) -> String? { http.headers[name] }

    /// A parameter from the query, or else from the form body.
    func parameter(_ name: String) -> String? { query[name] ?? form[name] }

    /// A parameter that is present and not empty.
    func nonEmptyParameter(_ name: String) -> String? {
        guard let value = parameter(name), !value.isEmpty else { return nil }
        return value
    }

    /// Whether the client asked for HTML (a browser's navigation does): errors on the pages a
    /// browser visits, and for paths the emulator does not serve, are then HTML pages.
    var prefersHTML: Bool { http.headers["Accept"]?.lowercased().contains("text/html") ?? false }

    /// The name of the first query or form parameter whose decoded value has more than `limit`
    /// characters (UTF-8 bytes), if any.
    func parameter(longerThan limit: Int) -> String? {
        for pair in query.pairs + form.pairs where (pair.value?.utf8.count ?? 0) > limit { return pair.name }
        return nil
    }

    /// Whether the path is part of the emulator's own control surface (not the fake MVPD pages).
    var isControl: Bool { segments.first == "emulator" && segments.dropFirst().first != "mvpd" }

    /// Splits an absolute URL string into its raw path and raw query.
    private static func splitPathAndQuery(_ url: String) -> (Substring, Substring) {
        var rest = url[...]
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        if let schemeEnd = rest.range(of: "://") {
            rest = rest[schemeEnd.upperBound...]
            guard let pathStart = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return ("", "") }
            rest = rest[pathStart...]
        }
        guard let questionMark = rest.firstIndex(of: "?") else { return (rest, "") }
        return (rest[..<questionMark], rest[rest.index(after: questionMark)...])
    }
}
