import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// An emulator on a test clock with a registered client and a valid access token.
struct Harness {
    static let deviceID = "device-1"
    static let redirectURL = "adobepass://ios.app"
    static let deviceInfo = Data(
        #"{"model":"iPhone","osName":"iOS","osVersion":"17.4","version":"15,2","manufacturer":"Apple","connectionType":"WiFi","applicationId":"REF30"}"#
            .utf8
    ).base64EncodedString()

    let clock: TestClock
    let emulator: PassEmulator
    let clientID: String
    let clientSecret: String
    let token: String

    var baseURL: URL { emulator.baseURL }

    static func make(_ scenario: EmulatorScenario = .standard, clock: TestClock = TestClock()) async throws -> Harness {
        let emulator = PassEmulator(scenario: scenario, clock: clock)
        let registration = try await emulator.handle(Self.registerRequest(emulator.baseURL))
        let credentials = try decodeObject(registration)
        let clientID = try #require(credentials["client_id"]?.stringValue)
        let clientSecret = try #require(credentials["client_secret"]?.stringValue)
        let tokenResponse = try await emulator.handle(
            Self.tokenRequest(emulator.baseURL, clientID: clientID, secret: clientSecret))
        let token = try #require(try decodeObject(tokenResponse)["access_token"]?.stringValue)
        return Harness(clock: clock, emulator: emulator, clientID: clientID, clientSecret: clientSecret, token: token)
    }

    static func registerRequest(
        _ base: URL, statement: String = "software-statement",
        redirect: String? = "adobepass://ios.app"
    ) -> HTTPTransportRequest {
        var object: [String: String] = ["software_statement": statement]
        if let redirect { object["redirect_uri"] = redirect }
        let body = try! JSONSerialization.data(withJSONObject: object)
        return HTTPTransportRequest(
            method: .post, url: base.appendingPathComponent("o/client/register"),
            headers: [
                "Content-Type": "application/json", "Accept": "application/json",
                "X-Device-Info": deviceInfo,
            ],
            body: body)
    }

    static func tokenRequest(
        _ base: URL, clientID: String, secret: String,
        grantType: String = "client_credentials"
    ) -> HTTPTransportRequest {
        let body = FormParameters.encode([
            ("client_id", clientID), ("client_secret", secret), ("grant_type", grantType),
        ])
        return HTTPTransportRequest(
            method: .post, url: base.appendingPathComponent("o/client/token"),
            headers: [
                "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json",
                "X-Device-Info": deviceInfo,
            ],
            body: Data(body.utf8))
    }

    /// A URL on the emulator with an RFC 3986-encoded query (in the order given).
    func url(_ path: String, _ query: [(String, String)] = []) -> URL {
        var text = baseURL.absoluteString + path
        if !query.isEmpty { text += "?" + FormParameters.encode(query) }
        return URL(string: text)!
    }

    /// A protected REST v1 request with the common headers and parameters.
    func v1Request(
        _ path: String, _ query: [(String, String)] = [], method: HTTPTransportMethod = .get,
        requestor: String? = "REF", deviceID: String? = Harness.deviceID,
        accept: String? = "application/json", bearer: String?? = .none,
        deviceInfo: String? = Harness.deviceInfo, headers extra: HTTPTransportHeaders = [:],
        body: Data? = nil
    ) -> HTTPTransportRequest {
        var items: [(String, String)] = []
        if let requestor { items.append(("requestor", requestor)) }
        if let deviceID { items.append(("deviceId", deviceID)) }
        items += query
        var headers = HTTPTransportHeaders()
        if let accept { headers["Accept"] = accept }
        switch bearer {
        case .none: headers["Authorization"] = "Bearer \(token)"
        case .some(.some(let value)): headers["Authorization"] = "Bearer \(value)"
        case .some(.none): break
        }
        if let deviceInfo { headers["X-Device-Info"] = deviceInfo }
        for field in extra { headers[field.name] = field.value }
        return HTTPTransportRequest(method: method, url: url(path, items), headers: headers, body: body)
    }

    func v1(
        _ path: String, _ query: [(String, String)] = [], method: HTTPTransportMethod = .get,
        requestor: String? = "REF", deviceID: String? = Harness.deviceID,
        accept: String? = "application/json", bearer: String?? = .none,
        headers: HTTPTransportHeaders = [:]
    ) async throws -> HTTPTransportResponse {
        try await emulator.handle(
            v1Request(
                path, query, method: method, requestor: requestor, deviceID: deviceID,
                accept: accept, bearer: bearer, headers: headers))
    }

    /// The REST API v1 browser login URL (`/api/v1/authenticate`).
    func loginURL(
        mvpd: String, requestor: String = "REF", deviceID: String = Harness.deviceID,
        domain: String = "adobe.com", genericData: String? = nil
    ) -> URL {
        var query: [(String, String)] = [
            ("requestor_id", requestor), ("mso_id", mvpd), ("domain_name", domain),
            ("deviceId", deviceID), ("noflash", "true"), ("no_iframe", "true"),
        ]
        if let genericData { query.append(("generic_data", genericData)) }
        query.append(("redirect_url", Harness.redirectURL))
        return url("/api/v1/authenticate", query)
    }

    /// Signs `deviceID` in through the browser flow with a headless presenter.
    @discardableResult
    func login(
        mvpd: String = "Cablevision", username: String? = "alice", password: String? = "alice-password",
        deviceID: String = Harness.deviceID, requestor: String = "REF"
    ) async throws -> URL {
        let presenter = HeadlessPresenter(
            mvpdID: mvpd, username: username, password: password,
            transport: emulator.transport)
        return try await presenter.presentLogin(
            url: loginURL(mvpd: mvpd, requestor: requestor, deviceID: deviceID),
            redirectURL: URL(string: Harness.redirectURL)!)
    }

    /// Starts a TempPass through `/api/v1/authenticate/freepreview`.
    func startTempPass(deviceID: String = Harness.deviceID, mvpd: String = "TempPass") async throws
        -> HTTPTransportResponse
    {
        let body = FormParameters.encode([
            ("requestor_id", "REF"), ("deviceId", deviceID), ("mso_id", mvpd),
            ("domain_name", "adobe.com"),
        ])
        var headers = HTTPTransportHeaders()
        headers["Authorization"] = "Bearer \(token)"
        headers["X-Device-Info"] = Harness.deviceInfo
        headers["Accept"] = "application/json"
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        return try await emulator.handle(
            HTTPTransportRequest(
                method: .post, url: url("/api/v1/authenticate/freepreview"),
                headers: headers, body: Data(body.utf8)))
    }
}

/// Decodes a JSON object body.
func decodeObject(_ response: HTTPTransportResponse) throws -> [String: JSONValue] {
    try JSONDecoder().decode([String: JSONValue].self, from: response.body)
}

/// The body as text.
func text(_ response: HTTPTransportResponse) -> String { String(decoding: response.body, as: UTF8.self) }

/// Checks an enhanced error body.
func expectEnhancedError(
    _ response: HTTPTransportResponse, status: Int, code: String, action: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    #expect(response.status == status, sourceLocation: sourceLocation)
    let body = try decodeObject(response)
    #expect(body["status"]?.numberValue == Double(status), sourceLocation: sourceLocation)
    #expect(body["code"]?.stringValue == code, sourceLocation: sourceLocation)
    #expect(body["action"]?.stringValue == action, sourceLocation: sourceLocation)
    #expect(body["message"]?.stringValue?.isEmpty == false, sourceLocation: sourceLocation)
    #expect(body["helpUrl"]?.stringValue?.hasPrefix("https://") == true, sourceLocation: sourceLocation)
    #expect(body["trace"]?.stringValue?.isEmpty == false, sourceLocation: sourceLocation)
}

/// Checks a plain (non-enhanced) v1 error body: only status, message and details.
func expectPlainError(
    _ response: HTTPTransportResponse, status: Int,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    #expect(response.status == status, sourceLocation: sourceLocation)
    let body = try decodeObject(response)
    #expect(Set(body.keys) == ["status", "message", "details"], sourceLocation: sourceLocation)
    #expect(body["status"]?.numberValue == Double(status), sourceLocation: sourceLocation)
}
