import AccessEnabler
import Foundation

extension PassEmulator {
    static let jsonContentType = "application/json;charset=UTF-8"
    static let xmlContentType = "application/xml; charset=utf-8"
    static let htmlContentType = "text/html; charset=utf-8"
    static let xmlDeclaration = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#

    func jsonResponse(_ status: Int, _ body: JSONText, headers: HTTPTransportHeaders = [:]) -> HTTPTransportResponse {
        var headers = headers
        headers["Content-Type"] = Self.jsonContentType
        return HTTPTransportResponse(status: status, headers: headers, body: body.data)
    }

    func xmlResponse(_ status: Int, _ body: String, headers: HTTPTransportHeaders = [:]) -> HTTPTransportResponse {
        var headers = headers
        headers["Content-Type"] = Self.xmlContentType
        return HTTPTransportResponse(status: status, headers: headers, body: Data((Self.xmlDeclaration + body).utf8))
    }

    func htmlResponse(_ status: Int, _ page: String) -> HTTPTransportResponse {
        HTTPTransportResponse(status: status, headers: ["Content-Type": Self.htmlContentType], body: Data(page.utf8))
    }

    func redirect(to location: String) -> HTTPTransportResponse {
        HTTPTransportResponse(status: 302, headers: ["Location": location, "Content-Length": "0"])
    }

    func noContent() -> HTTPTransportResponse { HTTPTransportResponse(status: 204) }

    /// Renders a rejection.
    func response(for rejection: Rejection, format: ResponseFormat) -> HTTPTransportResponse {
        switch rejection {
        case .service(let error): return errorResponse(error, format: format)
        case .v2(let error): return v2ErrorResponse(error)
        case .oauth(let error): return oauthResponse(error)
        case .response(let response): return response
        }
    }

    /// A REST v1 error body: the enhanced object when enhanced error reporting is on, else the
    /// plain `{status, message, details}`.
    func errorResponse(_ error: ServiceError, format: ResponseFormat) -> HTTPTransportResponse {
        switch format {
        case .json: return jsonResponse(error.status, errorJSON(error))
        case .xml: return xmlResponse(error.status, errorXML(error))
        }
    }

    /// The error object (also used item-level in preauthorize).
    func errorJSON(_ error: ServiceError) -> JSONText {
        guard scenario.enhancedErrorReporting else {
            return .object([
                ("status", .integer(Int64(error.status))),
                ("message", .string(error.message)),
                ("details", .optional(error.details)),
            ])
        }
        var members: [(String, JSONText)] = [
            ("status", .integer(Int64(error.status))),
            ("code", .string(error.code)),
            ("message", .string(error.message)),
        ]
        if let details = error.details { members.append(("details", .string(details))) }
        members.append(("helpUrl", .string(ServiceError.helpURL)))
        members.append(("trace", .string(UUID().uuidString.lowercased())))
        members.append(("action", .string(error.action)))
        return .object(members)
    }

    /// A REST v2 error: always the enhanced object, as JSON, whatever the scenario's
    /// enhanced-error switch says.
    func v2ErrorResponse(_ error: ServiceError) -> HTTPTransportResponse {
        jsonResponse(error.status, v2ErrorJSON(error))
    }

    /// The REST v2 error object (top-level body, or `error` inside a decision), in the field
    /// order of Adobe's samples.
    func v2ErrorJSON(_ error: ServiceError) -> JSONText {
        var members: [(String, JSONText)] = [
            ("action", .string(error.action)),
            ("status", .integer(Int64(error.status))),
            ("code", .string(error.code)),
            ("message", .string(error.message)),
        ]
        if let details = error.details { members.append(("details", .string(details))) }
        members.append(("helpUrl", .string(ServiceError.helpURL)))
        members.append(("trace", .string(RandomIdentifier.uuid())))
        return .object(members)
    }

    func errorXML(_ error: ServiceError) -> String {
        var xml = "<error>" + MarkupEscaping.element("status", String(error.status))
        if scenario.enhancedErrorReporting {
            xml += MarkupEscaping.element("code", error.code)
        }
        xml += MarkupEscaping.element("message", error.message)
        if let details = error.details { xml += MarkupEscaping.element("details", details) }
        if scenario.enhancedErrorReporting {
            xml += MarkupEscaping.element("helpUrl", ServiceError.helpURL)
            xml += MarkupEscaping.element("trace", UUID().uuidString.lowercased())
            xml += MarkupEscaping.element("action", error.action)
        }
        return xml + "</error>"
    }

    func oauthResponse(_ error: OAuthError) -> HTTPTransportResponse {
        var members: [(String, JSONText)] = [("error", .string(error.error))]
        if let description = error.description { members.append(("error_description", .string(description))) }
        return jsonResponse(error.status, .object(members))
    }
}
