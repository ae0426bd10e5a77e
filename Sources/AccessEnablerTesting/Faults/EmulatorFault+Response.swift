import AccessEnabler
import Foundation

extension EmulatorFault {
    /// Adobe's throttling page, byte for byte as the docs show it (166 bytes).
    static let openrestyTooManyRequests = """
        <html>\r
        <head><title>429 Too Many Requests</title></head>\r
        <body>\r
        <center><h1>429 Too Many Requests</h1></center>\r
        <hr><center>openresty</center>\r
        </body>\r
        </html>\r

        """

    /// The response this fault answers with, or nil for faults that do not answer by themselves
    /// (`delay`, `hold`, `dropConnection`, `timeout`).
    func response(for route: EmulatorRoute) -> HTTPResponse? {
        switch self {
        case let .status(status, body, contentType):
            return HTTPResponse(status: status, headers: ["Content-Type": contentType], body: Data(body.utf8))
        case .malformedJSON:
            let body = Self.wellFormedBody(for: route)
            return Self.json(200, body.prefix(body.count / 2))
        case .html(let status):
            let page = """
                <!DOCTYPE html>
                <html><head><title>\(status) Error</title></head>
                <body><h1>\(status) Error</h1><p>The server could not handle the request.</p></body></html>

                """
            return HTTPResponse(status: status, headers: ["Content-Type": "text/html; charset=utf-8"],
                                body: Data(page.utf8))
        case .tooManyRequests(let retryAfter):
            var headers: HTTPHeaders = ["Content-Type": "text/html", "Server": "openresty"]
            if let retryAfter { headers["Retry-After"] = retryAfter }
            return HTTPResponse(status: 429, headers: headers, body: Data(Self.openrestyTooManyRequests.utf8))
        case .wrongTypes:
            return Self.json(200, Self.wrongTypesBody(for: route))
        case .emptyBody:
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/json;charset=UTF-8"])
        case .largeBody(let bytes):
            return Self.json(200, Self.padding(bytes: bytes))
        case .delay, .hold, .dropConnection, .timeout:
            return nil
        }
    }

    private static func json(_ status: Int, _ text: some StringProtocol) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json;charset=UTF-8"],
                     body: Data(text.utf8))
    }

    /// A plausible well-formed body of the route (cut in half for `malformedJSON`).
    private static func wellFormedBody(for route: EmulatorRoute) -> String {
        switch route {
        case .preauthorize:
            return #"{"resources":[{"id":"news","authorized":true},{"id":"sports","authorized":true}]}"#
        case .token:
            return #"{"access_token":"truncated-token","token_type":"bearer","expires_in":21600,"created_at":0}"#
        default:
            return #"{"requestor":"REF","mvpd":"Cablevision","userId":"user","expires":"1800000000000"}"#
        }
    }

    /// The route's success keys with values of the wrong JSON types.
    private static func wrongTypesBody(for route: EmulatorRoute) -> String {
        switch route {
        case .register:
            return #"{"client_id":42,"client_secret":true,"client_id_issued_at":"yesterday","redirect_uris":"x","grant_types":{},"scopes":7}"#
        case .token:
            return #"{"access_token":12345,"token_type":["bearer"],"expires_in":"six hours","created_at":"now","id":false}"#
        case .configuration:
            return #"{"requestor":{"id":17,"name":[],"domains":"adobe.com","mvpds":{"id":"Cablevision"}}}"#
        case .authnToken:
            return #"{"requestor":1,"mvpd":true,"userId":[],"expires":{"ms":1}}"#
        case .authorize:
            return #"{"mvpd":[],"resource":2,"requestor":false,"expires":[1]}"#
        case .mediaToken:
            return #"{"resource":1,"requestor":{},"expires":true,"serializedToken":42,"userId":[],"mvpdId":0}"#
        case .preauthorize:
            return #"{"resources":[{"id":7,"authorized":"yes"}]}"#
        case .userMetadata:
            return #"{"updated":"recently","encrypted":"zip","data":["userID"]}"#
        case .authenticate, .mvpdLogin, .freePreview, .logout, .browserLogout:
            return #"{"status":"ok","message":404,"details":[]}"#
        }
    }

    /// A JSON object of exactly `bytes` bytes (at least 16) with none of the expected keys.
    private static func padding(bytes: Int) -> String {
        let prefix = #"{"padding":""#
        let suffix = #""}"#
        let fill = max(bytes, 16) - prefix.utf8.count - suffix.utf8.count
        return prefix + String(repeating: "x", count: fill) + suffix
    }
}
