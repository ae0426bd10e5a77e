import Foundation

/// Sends requests for the backends: plain calls, and protected calls that carry the DCR access
/// token, and recover from its expiry or loss (401 → renew once and retry once;
/// `invalid_client` → register again once and retry once). A call whose page lists
/// `AD-Service-Token` carries the app's service token, when it gives one; a refused token
/// (a 400 `invalid_header_service_token`, this SDK's name for the refusal: Adobe names no code) is
/// asked for again once and the request sent again once. A class of `let`s, made once per
/// instance: each call's async frames copy one reference instead of its fields.
final class WireClient: Sendable {
    let caller: HTTPCaller
    let tokens: AccessTokenProvider
    /// The app's service tokens.
    let serviceTokens: ServiceTokens

    init(caller: HTTPCaller, tokens: AccessTokenProvider, serviceTokens: ServiceTokens) {
        (self.caller, self.tokens, self.serviceTokens) = (caller, tokens, serviceTokens)
    }

    var log: Log { caller.log }

    /// Sends `request` with the access token of `serviceProvider`, after the token recovery
    /// rules. Returns the response whatever its status.
    func sendProtected(_ request: WireRequest, to serviceProvider: ServiceProvider, context: RequestContext)
        async throws -> HTTPTransportResponse
    {
        let endpoint = request.endpoint
        var serviceToken: ServiceToken?
        if endpoint.carriesServiceToken { serviceToken = try await serviceTokens.token() }
        var token = try await tokens.validToken(for: serviceProvider, context: context)
        var response = try await caller.send(prepared(request, token, serviceToken))
        if response.status == 401 {
            log.info("\(endpoint.rawValue): access token rejected; renewing once")
            token = try await tokens.renewToken(for: serviceProvider, rejected: token, context: context)
            response = try await caller.send(prepared(request, token, serviceToken))
        } else if response.status == 403, Self.isInvalidClient(response) {
            log.info("\(endpoint.rawValue): client credentials rejected; registering again once")
            token = try await tokens.registerAgain(
                for: serviceProvider, rejectedClientID: token.clientID, context: context)
            response = try await caller.send(prepared(request, token, serviceToken))
        }
        if let refused = serviceToken, isServiceTokenRefusal(response, endpoint) {
            let replacement = try await serviceTokens.replacement(forRefused: refused)
            guard replacement != refused else {
                log.info("\(endpoint.rawValue): service token refused; the app gave no other")
                return response
            }
            log.info("\(endpoint.rawValue): service token refused; sending again once with the app's next one")
            serviceToken = replacement
            response = try await caller.send(prepared(request, token, replacement))
        }
        if endpoint.carriesServiceToken { context.serviceTokenUse?.record(serviceToken) }
        return response
    }

    /// Sends `request` protected and decodes a 2xx body as `Body`; any other status throws the
    /// error ``ErrorMapping`` maps it to.
    func fetch<Body: Decodable>(
        _ body: Body.Type, _ request: WireRequest, to serviceProvider: ServiceProvider, context: RequestContext
    ) async throws -> Body {
        let response = try await sendProtected(request, to: serviceProvider, context: context)
        try requireSuccess(response, request.endpoint)
        return try WireDecoding.decode(Body.self, from: response)
    }

    /// Throws the mapped error unless `response` is a 2xx.
    func requireSuccess(_ response: HTTPTransportResponse, _ endpoint: WireEndpoint) throws(AccessEnablerError) {
        try ErrorMapping.requireSuccess(response, endpoint, now: caller.clock.now)
    }

    /// `request` with its `Authorization` and, when given, its `AD-Service-Token`.
    private func prepared(_ request: WireRequest, _ token: AccessTokenRecord, _ serviceToken: ServiceToken?)
        -> WireRequest
    {
        var request = request
        request.http.headers["Authorization"] = "Bearer " + token.token
        if let serviceToken { request.http.headers["AD-Service-Token"] = serviceToken.value }
        return request
    }

    /// Whether the service provider refused the request's service token: a 400 with the code the
    /// emulator and ``KnownErrorCode`` give it.
    private func isServiceTokenRefusal(_ response: HTTPTransportResponse, _ endpoint: WireEndpoint) -> Bool {
        response.status == 400
            && ErrorMapping.error(for: response, endpoint: endpoint, now: caller.clock.now).meaning.contains(
                .serviceTokenRefused)
    }

    /// Whether the body is the OAuth error `invalid_client`.
    static func isInvalidClient(_ response: HTTPTransportResponse) -> Bool {
        ErrorMapping.oauthError(in: response) == "invalid_client"
    }
}

/// Sends one request through the transport, retrying idempotent calls as the ``RetryPolicy``
/// says, and logging only what is safe to log.
///
/// Each attempt is bounded as a whole — connecting, waiting and reading the body — by
/// `requestTimeout` and by what is left of the call's ``RetryPolicy/deadline``, on the injected
/// clock: a server that trickles its body a byte at a time cannot keep a call waiting longer.
/// Bodies larger than `maximumResponseBytes` are refused (the transport stops reading them).
/// A class of `let`s, as ``WireClient`` is.
final class HTTPCaller: Sendable {
    let transport: any HTTPTransport
    let log: Log
    let clock: any AccessEnablerClock
    let retryPolicy: RetryPolicy
    let requestTimeout: Duration
    let maximumResponseBytes: Int
    /// `transport`, when it bounds an exchange by itself (looked up once, not per request).
    private let timeLimitedTransport: (any TimeLimitedTransport)?

    init(
        transport: any HTTPTransport, log: Log, clock: any AccessEnablerClock, retryPolicy: RetryPolicy,
        requestTimeout: Duration = .seconds(30),
        maximumResponseBytes: Int = HTTPTransportRequest.defaultMaximumResponseBytes
    ) {
        self.transport = transport
        self.log = log
        self.clock = clock
        self.retryPolicy = retryPolicy
        self.requestTimeout = requestTimeout
        self.maximumResponseBytes = maximumResponseBytes
        self.timeLimitedTransport = transport as? any TimeLimitedTransport
    }

    /// Sends `request`. Transport failures and time-outs become `network_error`, a body over the
    /// size limit `server_response_format_unknown`; cancellation stays `CancellationError`.
    /// Retryable failures are retried; the last response (or failure) is returned (or thrown)
    /// when the retries are exhausted.
    func send(_ wireRequest: WireRequest) async throws -> HTTPTransportResponse {
        let request = wireRequest.http
        let endpoint = wireRequest.endpoint
        let started = clock.uptime
        var attempt = 1
        while true {
            try Task.checkCancellation()
            log.debug("\(request.method) \(Log.redacted(request.url))\(attempt > 1 ? " (attempt \(attempt))" : "")")
            let wait: Duration
            do {
                let response = try await exchange(request, started: started)
                log.debug("\(endpoint.rawValue) answered \(response.status)")
                guard let delay = retryDelay(for: response, endpoint: endpoint, attempt: attempt, started: started)
                else {
                    return response
                }
                wait = delay
            } catch let error as HTTPTransportError where error == .responseTooLarge {
                log.error("\(endpoint.rawValue): the response exceeded \(maximumResponseBytes) bytes; transfer stopped")
                throw AccessEnablerError.serverResponseFormatUnknown.with(
                    details: "The response was larger than \(maximumResponseBytes) bytes.",
                    underlying: "response too large")
            } catch {
                if error is CancellationError || Task.isCancelled { throw CancellationError() }
                let mapped = ErrorMapping.transportError(error)
                log.error("\(endpoint.rawValue) failed: \(mapped.underlyingSummary ?? "transport error")")
                guard endpoint.isRetryable,
                    let delay = delayIfAllowed(
                        retryPolicy.backoff(afterAttempt: attempt, random: Double.random(in: 0...1)),
                        attempt: attempt, started: started)
                else { throw mapped }
                wait = delay
            }
            log.info("\(endpoint.rawValue): retrying in \(wait)")
            try await clock.sleep(for: wait)
            attempt += 1
        }
    }

    /// One attempt: the transport's exchange bounded by its time limit (the request timeout, or
    /// what is left of the call's deadline if that is shorter). The timer starts when the
    /// request is handed to the transport, so a request that waits for its turn (a bounded
    /// preauthorization chunk) does not spend its time waiting. The SDK's own URLSession
    /// transport enforces the limit in its session delegate, which ends the load and cancels the
    /// transfer; any other transport runs in a task of its own, cancelled when the limit passes.
    private func exchange(_ request: HTTPTransportRequest, started: Duration) async throws -> HTTPTransportResponse {
        let left = retryPolicy.deadline - (clock.uptime - started)
        let timeout = min(requestTimeout, left)
        guard timeout > .zero else { throw RequestTimedOut(limit: requestTimeout) }
        var limited = request
        limited.timeout = timeout
        limited.maximumResponseBytes = maximumResponseBytes
        let sent = limited
        let response: HTTPTransportResponse
        if let transport = timeLimitedTransport {
            response = try await transport.send(sent, within: timeout, on: clock)
        } else {
            let transport = self.transport
            response = try await TimeLimit.race(timeout, on: clock) { try await transport.send(sent) }
        }
        // A transport that ignored the limit (any custom one may): refuse what it returned.
        guard response.body.count <= maximumResponseBytes else { throw HTTPTransportError.responseTooLarge }
        return response
    }

    /// The wait before retrying after `response`, or nil to return it as it is.
    private func retryDelay(
        for response: HTTPTransportResponse, endpoint: WireEndpoint, attempt: Int, started: Duration
    )
        -> Duration?
    {
        guard endpoint.isRetryable else { return nil }
        let wait: Duration
        if response.status == 429 {
            let asked = ErrorMapping.retryAfter(response, now: clock.now) ?? retryPolicy.minimumThrottleDelay
            wait = max(asked, retryPolicy.minimumThrottleDelay)
            // A server asking for longer than the policy allows ends the retries: the caller
            // gets the 429 with its Retry-After.
            guard wait <= retryPolicy.maximumBackoff else { return nil }
        } else if (500...599).contains(response.status) {
            wait = retryPolicy.backoff(afterAttempt: attempt, random: Double.random(in: 0...1))
        } else {
            return nil
        }
        return delayIfAllowed(wait, attempt: attempt, started: started)
    }

    /// `wait`, if another attempt is allowed and would start before the deadline.
    private func delayIfAllowed(_ wait: Duration, attempt: Int, started: Duration) -> Duration? {
        guard attempt < retryPolicy.maxAttempts else { return nil }
        let elapsed = clock.uptime - started
        guard elapsed + wait < retryPolicy.deadline else { return nil }
        return wait
    }
}

/// An exchange that did not complete within its time limit.
struct RequestTimedOut: Error, Sendable {
    var limit: Duration
}
