import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// REST API v2 helpers: requests with the v2 headers, sessions, decisions and the browser login.
extension Harness {
    /// `fingerprint <Base64 of the device ID>`.
    static func deviceIdentifier(_ deviceID: String) -> String {
        "fingerprint " + Data(deviceID.utf8).base64EncodedString()
    }

    /// A REST v2 request: bearer token, `AP-Device-Identifier` and `X-Device-Info` unless told
    /// otherwise, and a form or JSON body.
    func v2Request(
        _ path: String, method: HTTPTransportMethod = .get, query: [(String, String)] = [],
        form: [(String, String)]? = nil, json: String? = nil,
        deviceID: String? = Harness.deviceID, deviceInfo: String? = Harness.deviceInfo,
        bearer: String?? = .none, headers extra: HTTPTransportHeaders = [:]
    ) -> HTTPTransportRequest {
        var headers = HTTPTransportHeaders()
        headers["Accept"] = "application/json"
        switch bearer {
        case .none: headers["Authorization"] = "Bearer \(token)"
        case .some(.some(let value)): headers["Authorization"] = "Bearer \(value)"
        case .some(.none): break
        }
        if let deviceID { headers["AP-Device-Identifier"] = Self.deviceIdentifier(deviceID) }
        if let deviceInfo { headers["X-Device-Info"] = deviceInfo }
        var body: Data?
        if let form {
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            body = Data(FormParameters.encode(form).utf8)
        } else if let json {
            headers["Content-Type"] = "application/json"
            body = Data(json.utf8)
        }
        for field in extra { headers[field.name] = field.value }
        return HTTPTransportRequest(method: method, url: url(path, query), headers: headers, body: body)
    }

    func v2(
        _ path: String, method: HTTPTransportMethod = .get, query: [(String, String)] = [],
        form: [(String, String)]? = nil, json: String? = nil,
        deviceID: String? = Harness.deviceID, deviceInfo: String? = Harness.deviceInfo,
        bearer: String?? = .none, headers: HTTPTransportHeaders = [:]
    ) async throws -> HTTPTransportResponse {
        try await emulator.handle(
            v2Request(
                path, method: method, query: query, form: form, json: json,
                deviceID: deviceID, deviceInfo: deviceInfo, bearer: bearer,
                headers: headers))
    }

    /// A call a second device makes with the authentication code (resume, session information,
    /// profile by code), with that device's own headers.
    func v2WithCode(
        _ path: String, method: HTTPTransportMethod = .get, form: [(String, String)]? = nil,
        headers: HTTPTransportHeaders = [:]
    ) async throws -> HTTPTransportResponse {
        try await v2(path, method: method, form: form, deviceID: Self.companionDeviceID, headers: headers)
    }

    /// The device ID of the second device in the code calls.
    static let companionDeviceID = "companion-device-1"

    /// The session form with the parameters given (nil leaves one out).
    static func sessionForm(
        mvpd: String?, domain: String? = "adobe.com",
        redirect: String? = Harness.redirectURL
    ) -> [(String, String)] {
        var form: [(String, String)] = []
        if let mvpd { form.append(("mvpd", mvpd)) }
        if let domain { form.append(("domainName", domain)) }
        if let redirect { form.append(("redirectUrl", redirect)) }
        return form
    }

    /// `POST /api/v2/REF/sessions`.
    func createSession(
        mvpd: String? = "Cablevision", domain: String? = "adobe.com",
        redirect: String? = Harness.redirectURL, deviceID: String? = Harness.deviceID,
        headers: HTTPTransportHeaders = [:]
    ) async throws -> HTTPTransportResponse {
        try await v2(
            "/api/v2/REF/sessions", method: .post,
            form: Self.sessionForm(mvpd: mvpd, domain: domain, redirect: redirect),
            deviceID: deviceID, headers: headers)
    }

    /// `POST /api/v2/REF/decisions/{kind}/{mvpd}` with `{"resources": [...]}`.
    func decide(
        _ kind: String, mvpd: String = "Cablevision", resources: [String],
        deviceID: String = Harness.deviceID, headers: HTTPTransportHeaders = [:]
    ) async throws -> HTTPTransportResponse {
        let list = resources.map { "\"\($0)\"" }.joined(separator: ",")
        return try await v2(
            "/api/v2/REF/decisions/\(kind)/\(mvpd)", method: .post, json: #"{"resources":[\#(list)]}"#,
            deviceID: deviceID, headers: headers)
    }

    /// The one decision of an answer.
    func singleDecision(_ response: HTTPTransportResponse, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [String: JSONValue]
    {
        #expect(response.status == 200, sourceLocation: sourceLocation)
        let decisions = try #require(
            try decodeObject(response)["decisions"]?.arrayValue,
            sourceLocation: sourceLocation)
        #expect(decisions.count == 1, sourceLocation: sourceLocation)
        return try #require(decisions.first?.objectValue, sourceLocation: sourceLocation)
    }

    /// Signs in through v2: creates a session, then a headless browser opens its `url`. Returns
    /// the session's code and the URL the browser ended at.
    @discardableResult
    func loginV2(
        mvpd: String = "Cablevision", username: String? = "alice", password: String? = "alice-password",
        deviceID: String = Harness.deviceID
    ) async throws -> (code: String, landed: URL) {
        let session = try decodeObject(try await createSession(mvpd: mvpd, deviceID: deviceID))
        #expect(session["actionName"] == "authenticate")
        let path = try #require(session["url"]?.stringValue)
        let code = try #require(session["code"]?.stringValue)
        let presenter = HeadlessPresenter(
            mvpdID: mvpd, username: username, password: password,
            transport: emulator.transport)
        let landed = try await presenter.presentLogin(url: url(path), redirectURL: URL(string: Harness.redirectURL)!)
        return (code, landed)
    }
}

/// Checks a REST v2 error object: the fields of Adobe's enhanced errors and nothing else.
func expectV2Error(
    _ object: [String: JSONValue], status: Int, code: String, action: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        Set(object.keys).isSubset(of: ["action", "status", "code", "message", "details", "helpUrl", "trace"]),
        sourceLocation: sourceLocation)
    #expect(object["status"] == .number(Double(status)), sourceLocation: sourceLocation)
    #expect(object["code"] == .string(code), sourceLocation: sourceLocation)
    #expect(object["action"] == .string(action), sourceLocation: sourceLocation)
    #expect(object["message"]?.stringValue?.isEmpty == false, sourceLocation: sourceLocation)
    #expect(object["helpUrl"]?.stringValue?.hasPrefix("https://") == true, sourceLocation: sourceLocation)
    #expect(object["trace"]?.stringValue?.isEmpty == false, sourceLocation: sourceLocation)
}

/// Checks a top-level REST v2 error response.
func expectV2Error(
    _ response: HTTPTransportResponse, status: Int, code: String, action: String = "none",
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    #expect(response.status == status, sourceLocation: sourceLocation)
    #expect(response.headers["Content-Type"]?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
    expectV2Error(
        try decodeObject(response), status: status, code: code, action: action,
        sourceLocation: sourceLocation)
}

/// Epoch milliseconds on the test clock's start (1_800_000_000 s) plus `seconds`.
func ms(_ seconds: Int64 = 0) -> Int64 { (1_800_000_000 + seconds) * 1000 }
