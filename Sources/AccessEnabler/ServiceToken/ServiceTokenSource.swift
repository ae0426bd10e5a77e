import Foundation

/// The app's service tokens (REST API v2's `AD-Service-Token`) for the requests whose page lists
/// the header: the token the app last gave while its `exp` has not passed on the SDK's clock,
/// else a new one from the app's provider.
///
/// Concurrent requests share one question to the provider. A token is never logged; the log says
/// only when and why the provider was asked.
actor ServiceTokenSource {
    /// The app's provider (``AccessEnabler/Configuration/serviceTokenProvider``).
    typealias Provider = @Sendable (ServiceTokenReason) async throws -> String?

    /// A token whose `exp` is this close (in seconds) counts as expired: it could expire on its
    /// way to the service provider.
    static let expiryMargin: TimeInterval = 10

    private let provider: Provider
    private let clock: any AccessEnablerClock
    private let log: Log
    /// The token the app last gave; nil before the first question and while the app gives none.
    private var current: ServiceToken?
    /// The question in flight, which concurrent requests wait for.
    private var asking: SharedOperation<ServiceToken?>?
    /// How many questions were started (``SingleFlight``'s stale-lookup check).
    private var started = 0
    /// Counts ``discard()`` calls: an answer to a question asked before one is not kept.
    private var discards: UInt64 = 0

    init(provider: @escaping Provider, clock: any AccessEnablerClock, log: Log) {
        self.provider = provider
        self.clock = clock
        self.log = log
    }

    /// The token to send now: the one held until its `exp` passes, else the app's next one; nil
    /// when the app gives none.
    func token() async throws -> ServiceToken? {
        try await ask(current == nil ? .initial : .expired) { [clock] current in
            guard let current, !current.hasExpired(at: clock.now, margin: Self.expiryMargin) else { return nil }
            return current
        }
    }

    /// The token to send again after the service provider refused `refused`: the one another
    /// request already obtained in its place, else the app's next one (nil: the app gives none).
    func replacement(forRefused refused: ServiceToken) async throws -> ServiceToken? {
        if let current, current != refused { return current }
        current = nil
        return try await ask(.refused) { current in current.flatMap { $0 != refused ? $0 : nil } }
    }

    /// Forgets the token held and any answer still on its way: the next request asks anew.
    func discard() {
        current = nil
        asking = nil
        discards += 1
    }

    /// The token `usable` finds in the one held, else the provider's answer: the question in
    /// flight, or a new one (``SingleFlight``). The answer is kept unless ``discard()`` came
    /// meanwhile.
    private func ask(_ reason: ServiceTokenReason, usable: @escaping (ServiceToken?) -> ServiceToken?) async throws
        -> ServiceToken?
    {
        let discardsBefore = discards
        let (provider, clock, log) = (self.provider, self.clock, self.log)
        let answer = try await SingleFlight.value(
            inFlight: { asking }, setInFlight: { asking = $0 }, startedCount: { started }, didStart: { started += 1 },
            cached: { usable(current).map { .some($0) } },
            fetch: {
                log.debug("service token: asking the app (\(reason))")
                guard let text = try await Self.answer(of: provider, reason, log: log), !text.isEmpty else {
                    return nil
                }
                guard let token = ServiceToken(text) else {
                    log.error("service token: the app's is not a compact JWS (three Base64URL parts); none sent")
                    return nil
                }
                return Self.checked(token, clock: clock, log: log)
            })
        if discards == discardsBefore { current = answer }
        return answer
    }

    /// The provider's answer, trimmed. A provider that throws (its identity service cannot say)
    /// fails the call with ``AccessEnablerError/serviceTokenUnavailable``: unlike nil ("no
    /// identity"), it must not send the request without a token.
    private static func answer(of provider: Provider, _ reason: ServiceTokenReason, log: Log) async throws -> String? {
        do {
            return try await provider(reason)?.trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            if error is CancellationError || Task.isCancelled { throw CancellationError() }
            let kind = String(describing: type(of: error))
            log.error("service token: the app's provider failed (\(kind)); nothing sent, the call fails")
            throw AccessEnablerError.serviceTokenUnavailable.with(underlying: kind)
        }
    }

    /// `token`, after logging what the SDK can tell about it without its value.
    private static func checked(_ token: ServiceToken, clock: any AccessEnablerClock, log: Log) -> ServiceToken {
        if token.hasExpired(at: clock.now, margin: 0) {
            log.info(
                "service token: the one the app gave has expired on the SDK's clock; sent all the same "
                    + "(the service provider's clock decides)")
        }
        return token
    }
}
