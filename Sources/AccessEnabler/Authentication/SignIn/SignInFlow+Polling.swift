import Foundation

extension SignInFlow {
    /// Asks `poll` once per ``AccessEnabler/Configuration/profilePollingInterval`` (at least 1 s) until it finds a value, and returns nil once
    /// `deadline` has passed: as soon as the next poll would come after it when `endsAtLastPoll`
    /// (a browser login: the MVPD login is over, nothing is shown meanwhile), else at `deadline`
    /// itself (a second-screen code, shown until it expires). `beforeEachPoll` runs before every
    /// poll that follows a wait and may end the polling by throwing.
    ///
    /// One rule for every sign-in poll (the browser login's profile, the second-screen code's):
    /// a transient failure — no answer, or a 5xx — is asked again at the next interval, and a
    /// `429` waits as long as its `Retry-After` says (at most ``maximumPollingBackoff``), within
    /// the deadline; any other answer is definitive and ends the polling. The viewer has done
    /// their part (the MVPD login reached the redirect URL, or the code was typed), the code
    /// stays valid until it expires, and the service provider answers the same question again:
    /// ending the sign-in on one failed request would throw that away, while waiting longer
    /// than the deadline would only delay the same outcome. When the deadline passes right
    /// after a failed poll, that failure is thrown: it says more than "no profile".
    ///
    /// `deadline` is an ``AccessEnablerClock/uptime`` of the SDK's clock: a wall clock set back or
    /// forward meanwhile neither extends nor shortens the polling.
    @_semantics("optimize.sil.specialize.generic.never")  // One copy for all types: docs/performance.md
    static func pollForSignIn<Value: Sendable>(
        _ what: String, until deadline: Duration, endsAtLastPoll: Bool, waitsFirst: Bool,
        on enabler: isolated AccessEnabler, beforeEachPoll: () async throws -> Void = {},
        poll: () async throws -> Value?
    ) async throws -> Value? {
        let (clock, log, pollingInterval) = (enabler.clock, enabler.log, pollingInterval(of: enabler.configuration))
        var wait = waitsFirst ? pollingInterval : .zero
        var lastFailure: AccessEnablerError?
        func passed() throws -> Value? {
            if let lastFailure { throw lastFailure }
            return nil
        }
        while true {
            if wait > .zero {
                if endsAtLastPoll {
                    guard clock.uptime + wait < deadline else { return try passed() }
                    try await clock.sleep(for: wait)
                } else {
                    let left = deadline - clock.uptime
                    guard left > .zero else { return try passed() }
                    try await clock.sleep(for: Swift.min(wait, left))
                    guard clock.uptime < deadline else { return try passed() }
                }
                try await beforeEachPoll()
            }
            wait = pollingInterval
            do {
                if let found = try await poll() { return found }
                lastFailure = nil
                log.info("no \(what) yet; asking again in \(wait)")
            } catch let error as AccessEnablerError {
                guard let retryIn = retryDelay(afterPollFailure: error, pollingInterval: pollingInterval) else {
                    throw error
                }
                wait = retryIn
                lastFailure = error
                let why = error.status.status == 429 ? "was throttled" : "failed (\(error.code))"
                log.info("the poll for the \(what) \(why); next poll in \(wait)")
            }
        }
    }

    /// How long to wait before polling again after `error`; nil when it is definitive.
    private static func retryDelay(afterPollFailure error: AccessEnablerError, pollingInterval: Duration) -> Duration? {
        if error == .tooManyRequests || error.status.status == 429 {
            return Swift.min(
                Swift.max(error.retryAfter ?? pollingInterval, pollingInterval), Self.maximumPollingBackoff)
        }
        if error == .networkError || (500...599).contains(error.status.status) { return pollingInterval }
        return nil
    }

    /// The longest wait between two polls a `429`'s `Retry-After` may ask for.
    static let maximumPollingBackoff: Duration = .seconds(60)

    /// ``AccessEnabler/Configuration/profilePollingInterval``, at least 1 s.
    static func pollingInterval(of configuration: AccessEnabler.Configuration) -> Duration {
        Swift.max(configuration.profilePollingInterval, .seconds(1))
    }
}
