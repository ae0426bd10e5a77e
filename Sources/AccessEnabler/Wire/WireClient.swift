import Foundation

/// Sends requests for the backends: plain calls, and protected calls that carry the DCR access
/// token with the recovery rules of wire-protocol.md §2.3 (401 → renew once and retry once;
/// `invalid_client` → register again once and retry once).
struct WireClient: Sendable {
    let caller: HTTPCaller
    let tokens: AccessTokenProvider

    var log: Log { caller.log }

    /// Sends `request` once, without an access token.
    func send(_ request: HTTPRequest, endpoint: WireEndpoint) async throws -> HTTPResponse {
        try await caller.send(request, endpoint: endpoint)
    }


    /// Sends a protected request built by `build` around the access token of `serviceProvider`.
    /// Returns the response whatever its status, after the token recovery rules.
    func sendProtected(
        _ endpoint: WireEndpoint,
        to serviceProvider: ServiceProvider,
        context: RequestContext,
        build: (_ accessToken: String) -> HTTPRequest
    ) async throws -> HTTPResponse {
        var token = try await tokens.validToken(for: serviceProvider, context: context)
        var response = try await send(authorized(build(token.token), token), endpoint: endpoint)
        if response.status == 401 {
            log.info("\(endpoint.rawValue): access token rejected; renewing once")
            token = try await tokens.renewToken(for: serviceProvider, rejected: token, context: context)
            response = try await send(authorized(build(token.token), token), endpoint: endpoint)
        } else if response.status == 403, Self.isInvalidClient(response) {
            log.info("\(endpoint.rawValue): client credentials rejected; registering again once")
            token = try await tokens.registerAgain(for: serviceProvider, rejectedClientID: token.clientID, context: context)
            response = try await send(authorized(build(token.token), token), endpoint: endpoint)
        }
        return response
    }

    private func authorized(_ request: HTTPRequest, _ token: AccessTokenRecord) -> HTTPRequest {
        var request = request
        request.headers["Authorization"] = "Bearer " + token.token
        return request
    }

    /// Whether the body is the OAuth error `invalid_client`.
    static func isInvalidClient(_ response: HTTPResponse) -> Bool {
        (try? JSONDecoder().decode(ErrorMapping.ErrorBody.self, from: response.body))?.error == "invalid_client"
    }
}

/// Sends one request through the transport, logging only what is safe to log.
struct HTTPCaller: Sendable {
    let transport: any HTTPTransport
    let log: Log

    /// Sends `request` once. Transport failures become `network_error`; cancellation stays
    /// `CancellationError`.
    func send(_ request: HTTPRequest, endpoint: WireEndpoint) async throws -> HTTPResponse {
        try Task.checkCancellation()
        log.debug("\(request.method) \(Log.redacted(request.url))")
        do {
            let response = try await transport.send(request)
            log.debug("\(endpoint.rawValue) answered \(response.status)")
            return response
        } catch {
            if error is CancellationError || Task.isCancelled { throw CancellationError() }
            let mapped = ErrorMapping.transportError(error)
            log.error("\(endpoint.rawValue) failed: \(mapped.underlyingSummary ?? "transport error")")
            throw mapped
        }
    }
}
