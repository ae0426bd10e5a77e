import Foundation
import Testing
@testable import AccessEnabler

/// The error mapping (each HTTP status and enhanced error, and what it becomes), row by row, on
/// the mapping function itself. The same rows are exercised
/// end to end against the emulator in `WireErrorRowTests`.
@Suite(.timeLimit(.minutes(5))) struct ErrorMappingTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func response(_ status: Int, _ body: String = "", headers: HTTPTransportHeaders = [:]) -> HTTPTransportResponse {
        HTTPTransportResponse(status: status, headers: headers, body: Data(body.utf8))
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var endpoint: WireEndpoint
        var status: Int
        var body: String
        var code: String
        var action: Status.Action
        var testDescription: String { "\(endpoint.rawValue) \(status) → \(code)" }
    }

    static let rows: [Row] = [
        Row(
            endpoint: .authenticationToken, status: 404, body: #"{"status":404,"message":"Not Found"}"#,
            code: "authentication_session_missing", action: .authentication),
        Row(
            endpoint: .authenticationToken, status: 410, body: "", code: "authentication_session_expired",
            action: .authentication),
        Row(
            endpoint: .authorize, status: 412, body: #"{"status":412,"message":"User not authenticated"}"#,
            code: "authentication_session_missing", action: .authentication),
        Row(
            endpoint: .mediaToken, status: 412, body: "", code: "authentication_session_missing",
            action: .authentication),
        Row(
            endpoint: .preauthorize, status: 412, body: "", code: "authentication_session_missing",
            action: .authentication),
        Row(
            endpoint: .userMetadata, status: 412, body: "", code: "authentication_session_missing",
            action: .authentication),
        Row(
            endpoint: .authorize, status: 403,
            body: #"{"status":403,"message":"User not authorized","details":"No sports"}"#,
            code: "authorization_denied_by_mvpd", action: .none),
        Row(endpoint: .mediaToken, status: 404, body: "", code: "authorization_not_found", action: .authorization),
        Row(endpoint: .mediaToken, status: 410, body: "", code: "authorization_expired", action: .authorization),
        Row(
            endpoint: .preauthorize, status: 403, body: #"{"status":403,"message":"Too many resources"}"#,
            code: "too_many_resources", action: .configuration),
        Row(
            endpoint: .authorize, status: 429, body: "<html>429 Too Many Requests</html>", code: "too_many_requests",
            action: .retryAfter),
        Row(
            endpoint: .preauthorize, status: 502, body: "<html>Bad Gateway</html>", code: "internal_error",
            action: .retry),
        Row(endpoint: .configuration, status: 500, body: "", code: "internal_error", action: .retry),
        Row(
            endpoint: .authorize, status: 401, body: "", code: "access_token_unavailable",
            action: .applicationRegistration),
        Row(endpoint: .configuration, status: 400, body: "", code: "invalid_requestor", action: .none),
        Row(endpoint: .configurationV2, status: 400, body: "", code: "invalid_requestor", action: .none),
        Row(endpoint: .authorizeDecisions, status: 403, body: "", code: "authorization_denied_by_mvpd", action: .none),
        Row(
            endpoint: .preauthorizeDecisions, status: 412, body: "", code: "authentication_session_missing",
            action: .authentication),
    ]

    @Test(arguments: rows)
    func mapsRow(_ row: Row) {
        let error = ErrorMapping.error(for: response(row.status, row.body), endpoint: row.endpoint, now: now)
        #expect(error.status.status == row.status)
        #expect(error.code.rawValue == row.code)
        #expect(error.action == row.action)
        #expect(!error.isFromSDK)
    }

    @Test func missingServerAuthorizationIsTheServersNotTheSDKs() {
        let error = ErrorMapping.error(for: response(404), endpoint: .mediaToken, now: now)
        #expect(error == .authorizationNotFound)
        #expect(!error.isFromSDK)
        #expect(error.status.status == 404)
    }

    @Test func deniedAuthorizationKeepsTheMVPDText() {
        let body = #"{"status":403,"message":"User not authorized","details":"Your package lacks \"X\"."}"#
        let error = ErrorMapping.error(for: response(403, body), endpoint: .authorize, now: now)
        #expect(error == .authorizationDeniedByMVPD)
        #expect(error.status.details == "Your package lacks \"X\".")
        #expect(error.status.message == "User not authorized")
    }

    @Test func enhancedBodiesPassThroughUntouched() {
        let body =
            #"{"status":403,"code":"preauthorization_denied_by_mvpd","message":"m","details":"d","helpUrl":"h","trace":"t","action":"none"}"#
        let error = ErrorMapping.error(for: response(403, body), endpoint: .preauthorize, now: now)
        #expect(
            error.status
                == Status(
                    status: 403, code: "preauthorization_denied_by_mvpd", message: "m", details: "d",
                    helpUrl: "h", trace: "t", action: Status.Action.none))
    }

    @Test func retryAfterSecondsAndDate() {
        let seconds = ErrorMapping.error(
            for: response(429, "", headers: ["Retry-After": "7"]), endpoint: .authorize, now: now)
        #expect(seconds.retryAfter == .seconds(7))
        let missing = ErrorMapping.error(for: response(429, "<html/>"), endpoint: .authorize, now: now)
        #expect(missing.retryAfter == .seconds(1), "without Retry-After the SDK waits at least 1 s")
    }

    @Test func retryAfterDateIsRelativeToTheClock() {
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let header = formatter.string(from: date.addingTimeInterval(30))
        let error = ErrorMapping.error(
            for: response(429, "", headers: ["Retry-After": header]), endpoint: .authorize, now: date)
        #expect(error.retryAfter == .seconds(30))
    }

    @Test func transportFailureIsNetworkErrorWithStatusZero() {
        let error = ErrorMapping.transportError(URLError(.notConnectedToInternet))
        #expect(error == .networkError)
        #expect(error.status.status == 0)
        #expect(error.action == Status.Action.none)
    }

    @Test func unparseableSuccessBodyIsFormatUnknown() {
        struct Body: Decodable { var value: Int }
        #expect(throws: AccessEnablerError.serverResponseFormatUnknown) {
            try WireDecoding.decode(Body.self, from: HTTPTransportResponse(status: 200, body: Data("<html>".utf8)))
        }
        #expect(throws: AccessEnablerError.serverResponseFormatUnknown) {
            try WireDecoding.decode(
                Body.self, from: HTTPTransportResponse(status: 200, body: Data(#"{"value":"x"}"#.utf8)))
        }
    }

    @Test func epochMillisecondsAcceptStringOrNumber() throws {
        struct Body: Decodable { var expires: EpochMilliseconds }
        let fromString = try JSONDecoder().decode(Body.self, from: Data(#"{"expires":"1601114932000"}"#.utf8))
        let fromNumber = try JSONDecoder().decode(Body.self, from: Data(#"{"expires":1601114932000}"#.utf8))
        #expect(fromString.expires == fromNumber.expires)
        #expect(fromString.expires.value == 1_601_114_932_000)
    }
}

/// Out-of-range numbers from the server (found by fuzzing) are clamped, never a trap.
@Suite(.timeLimit(.minutes(5))) struct OutOfRangeNumberTests {
    @Test func hugeRetryAfterIsClamped() {
        let response = HTTPTransportResponse(status: 429, headers: ["Retry-After": String(repeating: "1", count: 27)])
        let error = ErrorMapping.error(for: response, endpoint: .authorize, now: Date())
        #expect(error.retryAfter == .milliseconds(Int64.max))
    }

    @Test func hugeAndNonFiniteEpochMillisecondsDecode() throws {
        struct Body: Decodable { var expires: EpochMilliseconds }
        #expect(try JSONDecoder().decode(Body.self, from: Data(#"{"expires":1e300}"#.utf8)).expires.value == .max)
        #expect(try JSONDecoder().decode(Body.self, from: Data(#"{"expires":-1e300}"#.utf8)).expires.value == .min)
        #expect(Date(epochMilliseconds: .max).epochMilliseconds == .max, "round trip at the edge does not trap")
    }

    @Test func saturatingConversion() {
        #expect(Int64(saturating: .nan) == 0)
        #expect(Int64(saturating: .infinity) == .max)
        #expect(Int64(saturating: -.infinity) == .min)
        #expect(Int64(saturating: 42.9) == 42)
    }
}
