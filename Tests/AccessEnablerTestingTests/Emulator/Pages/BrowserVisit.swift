import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// What a browser got for one request: the status, the page and where a redirect leads, with
/// just enough HTML reading to check an element's attributes.
struct BrowserVisit {
    let response: HTTPTransportResponse

    var status: Int { response.status }
    var html: String { String(decoding: response.body, as: UTF8.self) }
    var location: String? { response.headers["Location"] }
    var isHTML: Bool { response.headers["Content-Type"]?.hasPrefix("text/html") == true }

    /// The opening tag of the element whose `id` is `id`, if any.
    func tag(id: String) -> String? {
        guard let marker = html.range(of: #"id="\#(id)""#),
            let start = html[..<marker.lowerBound].lastIndex(of: "<"),
            let end = html[marker.upperBound...].firstIndex(of: ">")
        else { return nil }
        return String(html[start...end])
    }

    /// The value of `name` in the opening tag of the element `id` (nil when absent).
    func attribute(_ name: String, of id: String) -> String? {
        guard let tag = tag(id: id), let start = tag.range(of: #" \#(name)=""#),
            let end = tag[start.upperBound...].firstIndex(of: "\"")
        else { return nil }
        return String(tag[start.upperBound..<end])
    }

    /// Whether the opening tag of the element `id` has the boolean attribute `name`.
    func has(_ name: String, on id: String) -> Bool {
        guard let tag = tag(id: id) else { return false }
        return tag.contains(" \(name) ") || tag.contains(" \(name)>") || tag.contains(" \(name)=")
    }

    /// The text of the element `id` (up to its first child tag), entities left as they are.
    func text(of id: String) -> String? {
        guard let tag = tag(id: id), let start = html.range(of: tag),
            let end = html[start.upperBound...].firstIndex(of: "<")
        else { return nil }
        return String(html[start.upperBound..<end])
    }
}

/// The login link's ID in a redirect to an MVPD login page (`…/login?login=<id>`).
func loginID(in location: String?, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let items = URLComponents(string: try #require(location, sourceLocation: sourceLocation))?.queryItems
    return try #require(items?.first { $0.name == "login" }?.value, sourceLocation: sourceLocation)
}

extension Harness {
    /// A request as a browser sends it: `Accept` asks for HTML; a form is url-encoded.
    func browse(
        _ path: String, _ query: [(String, String)] = [], method: HTTPTransportMethod = .get,
        form: [(String, String)]? = nil, headers extra: HTTPTransportHeaders = [:]
    ) async throws -> BrowserVisit {
        var headers: HTTPTransportHeaders = ["Accept": "text/html,application/xhtml+xml,*/*;q=0.8"]
        var body: Data?
        if let form {
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            body = Data(FormParameters.encode(form).utf8)
        }
        for field in extra { headers[field.name] = field.value }
        return BrowserVisit(
            response: try await emulator.handle(
                HTTPTransportRequest(method: method, url: url(path, query), headers: headers, body: body)))
    }

    /// Follows a relative or absolute `Location` as a browser would.
    func follow(_ location: String?) async throws -> BrowserVisit {
        let location = try #require(location)
        let target = try #require(URL(string: location, relativeTo: baseURL)?.absoluteURL)
        return BrowserVisit(
            response: try await emulator.handle(HTTPTransportRequest(url: target, headers: ["Accept": "text/html"])))
    }

    /// A REST v2 authentication code, as a TV shows it (no MVPD chosen unless `mvpd` is given).
    func activationCode(mvpd: String? = nil) async throws -> String {
        let session = try decodeObject(try await createSession(mvpd: mvpd))
        return try #require(session["code"]?.stringValue)
    }
}
