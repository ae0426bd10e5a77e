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
    func response(for route: EmulatorRoute) -> HTTPTransportResponse? {
        switch self {
        case let .status(status, body, contentType):
            return HTTPTransportResponse(status: status, headers: ["Content-Type": contentType], body: Data(body.utf8))
        case .malformedJSON:
            let body = Self.wellFormedBody(for: route)
            return Self.json(200, body.prefix(body.count / 2))
        case .html(let status):
            let page = """
                <!DOCTYPE html>
                <html><head><title>\(status) Error</title></head>
                <body><h1>\(status) Error</h1><p>The server could not handle the request.</p></body></html>

                """
            return HTTPTransportResponse(
                status: status, headers: ["Content-Type": "text/html; charset=utf-8"],
                body: Data(page.utf8))
        case .tooManyRequests(let retryAfter):
            var headers: HTTPTransportHeaders = ["Content-Type": "text/html", "Server": "openresty"]
            if let retryAfter { headers["Retry-After"] = retryAfter }
            return HTTPTransportResponse(status: 429, headers: headers, body: Data(Self.openrestyTooManyRequests.utf8))
        case .wrongTypes:
            return Self.json(200, Self.wrongTypesBody(for: route))
        case .emptyBody:
            return HTTPTransportResponse(status: 200, headers: ["Content-Type": "application/json;charset=UTF-8"])
        case .largeBody(let bytes):
            return Self.json(200, Self.padding(bytes: bytes))
        case .delay, .hold, .dropConnection, .timeout:
            return nil
        }
    }

    private static func json(_ status: Int, _ text: some StringProtocol) -> HTTPTransportResponse {
        HTTPTransportResponse(
            status: status, headers: ["Content-Type": "application/json;charset=UTF-8"],
            body: Data(text.utf8))
    }

    /// A plausible well-formed body of the route (cut in half for `malformedJSON`).
    private static func wellFormedBody(for route: EmulatorRoute) -> String {
        switch route {
        case .preauthorize:
            return #"{"resources":[{"id":"news","authorized":true},{"id":"sports","authorized":true}]}"#
        case .token:
            return #"{"access_token":"truncated-token","token_type":"bearer","expires_in":21600,"created_at":0}"#
        case .configurationV2:
            return
                #"{"device":"unknown","clientType":"html5","os":"Unknown","requestor":{"id":"REF","name":"Reference","domains":[{"name":"adobe.com","mvpdInitiated":false}],"mvpds":[{"id":"Cablevision","displayName":"Cablevision"}]}}"#
        case .createSession, .resumeSession:
            return
                #"{"actionName":"authenticate","actionType":"interactive","reasonType":"none","url":"/api/v2/authenticate/REF/8ER640M","code":"8ER640M","sessionId":"1b614390-6610-4d14-9421-6565f6e75958","mvpd":"Cablevision","serviceProvider":"REF","notBefore":"1733735289035","notAfter":"1733737089035"}"#
        case .partnerSession:
            return
                #"{"actionName":"partner_profile","actionType":"direct","reasonType":"none","url":"/api/v2/REF/profiles/sso/Apple","sessionId":"83c046be-ea4b-4581-b5f2-13e56e69dee9","mvpd":"Cablevision","serviceProvider":"REF","authenticationRequest":{"type":"saml","request":"PHNhbWxwOkF1dGhuUmVxdWVzdC8+","attributesNames":["uid"]}}"#
        case .partnerProfile:
            return
                #"{"profiles":{"Cablevision":{"notBefore":1752149281000,"notAfter":1783685280000,"issuer":"Apple","type":"appleSSO","attributes":{"userID":{"value":"user","state":"plain"}}}}}"#
        case .sessionInfo:
            return
                #"{"existingParameters":{"mvpd":"Cablevision","domainName":"adobe.com","redirectUrl":"adobepass://ios.app","serviceProvider":"REF"},"notBefore":"1733735289035","notAfter":"1733737089035"}"#
        case .profiles, .profile, .profileForCode:
            return
                #"{"profiles":{"Cablevision":{"notBefore":1752149281000,"notAfter":1783685280000,"issuer":"Cablevision","type":"regular","attributes":{"userID":{"value":"user","state":"plain"}}}}}"#
        case .preauthorizeDecisions, .authorizeDecisions:
            return
                #"{"decisions":[{"resource":"news","serviceProvider":"REF","mvpd":"Cablevision","source":"mvpd","authorized":true},{"resource":"sports","serviceProvider":"REF","mvpd":"Cablevision","source":"mvpd","authorized":true}]}"#
        case .logoutV2:
            return
                #"{"logouts":{"Cablevision":{"actionName":"logout","actionType":"interactive","mvpd":"Cablevision","url":"/adobe-services/logout?noflash=true&mso_id=Cablevision&requestor_id=REF&redirect_url=adobepass%3A%2F%2Fios.app"}}}"#
        default:
            return #"{"requestor":"REF","mvpd":"Cablevision","userId":"user","expires":"1800000000000"}"#
        }
    }

    /// The route's success keys with values of the wrong JSON types.
    private static func wrongTypesBody(for route: EmulatorRoute) -> String {
        switch route {
        case .register:
            return
                #"{"client_id":42,"client_secret":true,"client_id_issued_at":"yesterday","redirect_uris":"x","grant_types":{},"scopes":7}"#
        case .token:
            return
                #"{"access_token":12345,"token_type":["bearer"],"expires_in":"six hours","created_at":"now","id":false}"#
        case .configuration:
            return #"{"requestor":{"id":17,"name":[],"domains":"adobe.com","mvpds":{"id":"Cablevision"}}}"#
        case .authenticationToken:
            return #"{"requestor":1,"mvpd":true,"userId":[],"expires":{"ms":1}}"#
        case .authorize:
            return #"{"mvpd":[],"resource":2,"requestor":false,"expires":[1]}"#
        case .mediaToken:
            return #"{"resource":1,"requestor":{},"expires":true,"serializedToken":42,"userId":[],"mvpdId":0}"#
        case .preauthorize:
            return #"{"resources":[{"id":7,"authorized":"yes"}]}"#
        case .userMetadata:
            return #"{"updated":"recently","encrypted":"zip","data":["userID"]}"#
        case .configurationV2:
            return
                #"{"device":1,"clientType":false,"os":[],"requestor":{"id":17,"name":[],"domains":"adobe.com","mvpds":{"id":"Cablevision"}}}"#
        case .createSession, .resumeSession, .partnerSession:
            return
                #"{"actionName":7,"actionType":[],"reasonType":{},"url":42,"missingParameters":"mvpd","code":true,"sessionId":1,"mvpd":[],"serviceProvider":0,"notBefore":{},"notAfter":[]}"#
        case .sessionInfo:
            return
                #"{"existingParameters":["mvpd"],"missingParameters":"domain","device":"phone","notBefore":true,"notAfter":{}}"#
        case .profiles, .profile, .profileForCode, .partnerProfile:
            return #"{"profiles":[{"notBefore":"soon","notAfter":true,"issuer":1,"type":[],"attributes":"userID"}]}"#
        case .preauthorizeDecisions, .authorizeDecisions:
            return
                #"{"decisions":{"resource":7,"serviceProvider":[],"mvpd":1,"source":false,"authorized":"yes","token":"abc","notBefore":"x","notAfter":[]}}"#
        case .logoutV2:
            return #"{"logouts":[{"actionName":1,"actionType":true,"mvpd":[],"url":42}]}"#
        case .authenticate, .mvpdLogin, .freePreview, .logout, .browserLogout, .authenticateV2, .activation:
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
