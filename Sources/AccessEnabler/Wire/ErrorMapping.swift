import Foundation

/// Maps an HTTP outcome to an ``AccessEnablerError``: the server's enhanced error when the body
/// carries one (Adobe's enhanced error codes:
/// https://experienceleague.adobe.com/docs/pass/authentication/auth-features/error-reportn/enhanced-error-codes.html),
/// else a typed error per status and call.
enum ErrorMapping {
    /// Throws the mapped error unless `response` is a 2xx.
    static func requireSuccess(_ response: HTTPTransportResponse, _ endpoint: WireEndpoint, now: Date)
        throws(AccessEnablerError)
    {
        guard response.isSuccess else { throw error(for: response, endpoint: endpoint, now: now) }
    }

    /// The error for a non-2xx `response` of `endpoint`.
    ///
    /// An enhanced error body (with `status` and `code`) is passed through untouched. Otherwise
    /// the code comes from the table, with `message` and `details` taken from a plain v1 body.
    static func error(for response: HTTPTransportResponse, endpoint: WireEndpoint, now: Date) -> AccessEnablerError {
        let retryAfter = retryAfter(response, now: now)
        let body = try? JSONDecoder().decode(ErrorBody.self, from: response.body)
        if let body, let status = body.status, let code = body.code, !code.isEmpty {
            var passed = Status(
                status: status, code: code, message: body.message, details: body.details, helpUrl: body.helpUrl,
                trace: body.trace, action: body.action.map(Status.Action.init(rawValue:)))
            if passed.action == nil { passed.action = KnownErrorCode.defaultAction(of: .init(rawValue: code)) }
            return AccessEnablerError(passed, retryAfter: retryAfter)
        }
        var error = tableError(status: response.status, endpoint: endpoint)
        var status = error.status
        status.status = response.status
        if let message = body?.message, !message.isEmpty { status.message = message }
        if let details = body?.details, !details.isEmpty { status.details = details }
        if let trace = body?.trace { status.trace = trace }
        if let helpUrl = body?.helpUrl { status.helpUrl = helpUrl }
        error = AccessEnablerError(status, retryAfter: retryAfter ?? (response.status == 429 ? .seconds(1) : nil))
        return error
    }

    private static func tableError(status: Int, endpoint: WireEndpoint) -> AccessEnablerError {
        switch (endpoint, status) {
        case (.authenticationToken, 404): return .authenticationSessionMissing
        case (.authenticationToken, 410): return .authenticationSessionExpired
        case (.authorize, 412), (.authorizeDecisions, 412), (.mediaToken, 412), (.preauthorize, 412),
            (.preauthorizeDecisions, 412), (.userMetadata, 412):
            return .authenticationSessionMissing
        case (.authorize, 403), (.authorizeDecisions, 403): return .authorizationDeniedByMVPD
        case (.mediaToken, 404): return .authorizationNotFoundOnServer
        case (.mediaToken, 410): return .authorizationExpired
        case (.preauthorize, 403), (.preauthorizeDecisions, 403): return .tooManyResources
        case (.configuration, 400), (.configurationV2, 400): return .invalidRequestor
        case (_, 401):
            return AccessEnablerError(
                Status(
                    status: 401, code: AccessEnablerError.accessTokenUnavailable.code.rawValue,
                    message: AccessEnablerError.accessTokenUnavailable.status.message, action: .applicationRegistration)
            )
        case (_, 429): return .tooManyRequests
        case (_, 500...599): return .internalError
        case (_, 400), (_, 405): return .badRequest
        default: return .unexpectedStatus
        }
    }

    /// The OAuth `error` of a DCR failure body (`invalid_client`, …), if it has one.
    static func oauthError(in response: HTTPTransportResponse) -> String? {
        (try? JSONDecoder().decode(ErrorBody.self, from: response.body))?.error
    }

    /// `Retry-After` as seconds or as an HTTP date, relative to `now`.
    static func retryAfter(_ response: HTTPTransportResponse, now: Date) -> Duration? {
        guard let value = response.headers["Retry-After"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty
        else { return nil }
        if let seconds = Double(value), seconds.isFinite, seconds >= 0 {
            return .milliseconds(Int64(saturating: seconds * 1000))
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        let interval = max(0, date.timeIntervalSince(now))
        return .milliseconds(Int64(saturating: interval * 1000))
    }

    /// The error for a transport failure (no HTTP answer): `network_error`, status 0.
    static func transportError(_ error: any Error) -> AccessEnablerError {
        let summary: String
        if let timedOut = error as? RequestTimedOut {
            let seconds = Int(timedOut.limit.timeInterval.rounded(.up))
            return AccessEnablerError.networkError.with(
                details: "The service provider did not answer completely within \(seconds) s.", underlying: "timed out")
        } else if let urlError = error as? URLError {
            summary = "URLError \(urlError.code.rawValue)"
        } else {
            let nsError = error as NSError
            summary = "\(nsError.domain) \(nsError.code)"
        }
        return AccessEnablerError.networkError.with(underlying: summary)
    }

    /// Any body shape the servers use for errors; every field optional and leniently typed.
    final class ErrorBody: Decodable {
        let status: Int?
        let code: String?
        let message: String?
        let details: String?
        let helpUrl: String?
        let trace: String?
        let action: String?
        /// The OAuth error of the DCR endpoints (`invalid_client`, …).
        let error: String?

        init(from decoder: any Decoder) throws {
            let body = try decoder.container(keyedBy: JSONKey.self)
            if let number = try? body.decode(Int.self, forKey: "status") {
                status = number
            } else if let text = try? body.decode(String.self, forKey: "status") {
                status = Int(text)
            } else {
                status = nil
            }
            code = try? body.decode(String.self, forKey: "code")
            message = try? body.decode(String.self, forKey: "message")
            details = try? body.decode(String.self, forKey: "details")
            helpUrl = try? body.decode(String.self, forKey: "helpUrl")
            trace = try? body.decode(String.self, forKey: "trace")
            action = try? body.decode(String.self, forKey: "action")
            error = try? body.decode(String.self, forKey: "error")
        }
    }
}
