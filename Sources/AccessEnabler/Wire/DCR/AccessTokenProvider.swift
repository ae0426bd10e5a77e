import Foundation

/// Dynamic Client Registration: registers once per service provider (credentials are kept for
/// ever) and keeps a valid access token, renewing it before it expires.
///
/// Concurrent callers share one renewal per service provider: the in-flight work is stored as a
/// ``SharedOperation``, since a flag would not survive actor re-entrancy.
actor AccessTokenProvider {
    private let softwareStatement: String
    private let softwareStatementDigest: String
    /// The app's redirect URL as configured: the registration's, whatever page a call's context
    /// ends on (a Safari MVPD's login ends on the app's scheme).
    private let redirectURL: URL
    private let cache: TokenCache
    private let clock: any AccessEnablerClock
    private let caller: HTTPCaller
    private var log: Log { caller.log }
    /// The renewal in flight per service provider origin (read by tests that cancel one caller).
    private(set) var renewals: [String: SharedOperation<AccessTokenRecord>] = [:]
    /// Renewals started, so a token lookup that spanned the start of one looks again.
    private var renewalsStarted = 0

    init(
        softwareStatement: String, redirectURL: URL, cache: TokenCache, caller: HTTPCaller,
        clock: any AccessEnablerClock
    ) {
        self.softwareStatement = softwareStatement
        self.redirectURL = redirectURL
        self.softwareStatementDigest = SHA256.hexDigest(softwareStatement)
        self.cache = cache
        self.caller = caller
        self.clock = clock
    }

    /// A token that is valid for a while yet, renewing (once, shared) when needed. Nonisolated:
    /// a usable stored token (nearly every call) is read from the token cache without passing
    /// through this actor.
    nonisolated func validToken(for serviceProvider: ServiceProvider, context: RequestContext) async throws
        -> AccessTokenRecord
    {
        if let token = try await usableToken(for: serviceProvider, context: context) { return token }
        return try await sharedRenewal(for: serviceProvider, context: context)
    }

    /// A new token after the server rejected `rejected` (HTTP 401). Callers that saw the same
    /// rejection share one renewal; a token renewed meanwhile is returned as is.
    func renewToken(for serviceProvider: ServiceProvider, rejected: AccessTokenRecord, context: RequestContext)
        async throws -> AccessTokenRecord
    {
        // Compare and discard in one step on the cache actor, so a token renewed meanwhile survives.
        if let renewed = try await cache.discardAccessToken(
            rejected.token, for: serviceProvider.origin, before: storageDeadline(context))
        {
            return renewed
        }
        return try await sharedRenewal(for: serviceProvider, context: context)
    }

    /// New credentials and a token after the server rejected the client (`invalid_client`).
    func registerAgain(for serviceProvider: ServiceProvider, rejectedClientID: String, context: RequestContext)
        async throws -> AccessTokenRecord
    {
        // Compare and discard in one step on the cache actor: credentials registered meanwhile
        // by another caller that saw the same rejection survive.
        try await cache.discardClient(rejectedClientID, for: serviceProvider.origin, before: storageDeadline(context))
        return try await validToken(for: serviceProvider, context: context)
    }

    private nonisolated func usableToken(for serviceProvider: ServiceProvider, context: RequestContext) async throws
        -> AccessTokenRecord?
    {
        try await cache.usableAccessToken(
            for: serviceProvider.origin, softwareStatementDigest: softwareStatementDigest, now: clock.now,
            before: storageDeadline(context))
    }

    /// The storage deadline of the call `context` belongs to; a new one (the retry deadline from
    /// now) for a context made without one.
    private nonisolated func storageDeadline(_ context: RequestContext) -> TokenStorageDeadline {
        context.storageDeadline ?? TokenStorageDeadline(after: caller.retryPolicy.deadline, on: clock)
    }

    /// Joins the renewal in flight, or starts one. The stored token is checked again after every
    /// suspension, so a caller that saw the old token just before a renewal finished does not
    /// start a second one.
    private func sharedRenewal(for serviceProvider: ServiceProvider, context: RequestContext) async throws
        -> AccessTokenRecord
    {
        let origin = serviceProvider.origin
        return try await SingleFlight.value(
            inFlight: { renewals[origin] },
            setInFlight: { renewals[origin] = $0 },
            startedCount: { renewalsStarted },
            didStart: { renewalsStarted += 1 },
            cached: { try await usableToken(for: serviceProvider, context: context) },
            fetch: { [self] in try await self.obtainToken(for: serviceProvider, context: context) })
    }

    /// Registers when there are no credentials, then requests a token; a token call rejected with
    /// `invalid_client` leads to one new registration and one more token call.
    private func obtainToken(for serviceProvider: ServiceProvider, context: RequestContext) async throws
        -> AccessTokenRecord
    {
        var credentials = try await currentCredentials(for: serviceProvider, context: context)
        do {
            return try await requestToken(with: credentials, from: serviceProvider, context: context)
        } catch is InvalidClient {
            log.info("access token request: client unknown to the service provider; registering again")
            try await cache.storeClientCredentials(nil, for: serviceProvider.origin, before: storageDeadline(context))
            credentials = try await register(with: serviceProvider, context: context)
            do {
                return try await requestToken(with: credentials, from: serviceProvider, context: context)
            } catch is InvalidClient {
                throw AccessEnablerError.accessTokenUnavailable.with(details: "invalid_client")
            }
        }
    }

    private func currentCredentials(for serviceProvider: ServiceProvider, context: RequestContext) async throws
        -> ClientCredentialsRecord
    {
        if let stored = try await cache.clientCredentials(
            for: serviceProvider.origin, before: storageDeadline(context)),
            stored.softwareStatementDigest == softwareStatementDigest
        {
            return stored
        }
        return try await register(with: serviceProvider, context: context)
    }

    private struct InvalidClient: Error {}

    private func register(with serviceProvider: ServiceProvider, context: RequestContext) async throws
        -> ClientCredentialsRecord
    {
        let json = try JSONEncoder().encode(
            RegistrationRequestBody(
                software_statement: softwareStatement, redirect_uri: redirectURL.absoluteString))
        let response = try await caller.send(
            WireEndpoint.register.request(
                serviceProvider.url("/o/client/register"), context: context, body: .json(json)))
        guard response.isSuccess else {
            throw dcrFailure(response, endpoint: .register, oauthError: ErrorMapping.oauthError(in: response))
        }
        let body = try WireDecoding.decode(RegistrationResponseBody.self, from: response)
        let record = ClientCredentialsRecord(
            clientID: body.client_id.value, clientSecret: body.client_secret.value,
            issuedAt: body.client_id_issued_at.map { Date(timeIntervalSince1970: $0) },
            softwareStatementDigest: softwareStatementDigest, redirectURIs: body.redirect_uris)
        try await cache.storeClientCredentials(record, for: serviceProvider.origin, before: storageDeadline(context))
        log.info("registered with \(serviceProvider.origin)")
        return record
    }

    private func requestToken(
        with credentials: ClientCredentialsRecord, from serviceProvider: ServiceProvider, context: RequestContext
    ) async throws -> AccessTokenRecord {
        let form = [
            ("client_id", credentials.clientID), ("client_secret", credentials.clientSecret),
            ("grant_type", "client_credentials"),
        ]
        let response = try await caller.send(
            WireEndpoint.token.request(serviceProvider.url("/o/client/token"), context: context, body: .form(form)))
        guard response.isSuccess else {
            let oauthError = ErrorMapping.oauthError(in: response)
            if oauthError == "invalid_client" { throw InvalidClient() }
            throw dcrFailure(response, endpoint: .token, oauthError: oauthError)
        }
        let body = try WireDecoding.decode(AccessTokenResponseBody.self, from: response)
        guard body.expires_in.isFinite, body.expires_in > 0 else {
            throw AccessEnablerError.serverResponseFormatUnknown.with(underlying: "expires_in out of range")
        }
        // Expiry is counted from local receipt time, which is immune to device clock skew; the
        // token is renewed once less than a tenth of its life (at most 5 minutes) remains.
        let lifetime = min(body.expires_in, 10 * 365 * 24 * 3600)
        let margin = min(300, lifetime / 10)
        let record = AccessTokenRecord(
            token: body.access_token.value, expires: clock.now.addingTimeInterval(lifetime - margin),
            clientID: credentials.clientID)
        try await cache.storeAccessToken(record, for: serviceProvider.origin, before: storageDeadline(context))
        return record
    }

    /// A DCR failure: throttling and server errors keep their status; anything else means no
    /// token can be had (`access_token_unavailable`, with the OAuth error as details).
    private func dcrFailure(_ response: HTTPTransportResponse, endpoint: WireEndpoint, oauthError: String?)
        -> AccessEnablerError
    {
        if response.status == 429 || response.status >= 500 {
            return ErrorMapping.error(for: response, endpoint: endpoint, now: clock.now)
        }
        return AccessEnablerError.accessTokenUnavailable.with(details: oauthError ?? "HTTP \(response.status)")
    }
}
