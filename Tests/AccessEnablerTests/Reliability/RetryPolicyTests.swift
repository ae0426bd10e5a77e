import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing
@testable import AccessEnabler

/// Runs `body` while advancing the test clock in `step`s whenever something sleeps on it, so
/// retries happen without the test waiting for real time.
///
/// The deadline is on the test clock: once the driver has moved it by `limit` (a day by default,
/// far beyond any retry schedule) and `body` still runs, or `body` has run for ``waitLimit`` of
/// real time, the test fails naming the driven work and `body` is cancelled.
func driving<T: Sendable>(
    _ clock: TestClock, step: Duration = .milliseconds(500), limit: Duration = .seconds(86_400),
    sourceLocation: SourceLocation = #_sourceLocation, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    let task = Task { try await body() }
    let done = LockedValue(false)
    let driver = Task {
        var advanced = Duration.zero
        let deadline = ContinuousClock.now.advanced(by: waitLimit)
        while !done.withLock({ $0 }) {
            if advanced >= limit || ContinuousClock.now >= deadline {
                let spent = advanced >= limit ? "\(limit) on the test clock" : "\(waitLimit) of real time"
                Issue.record("The driven work was still running after \(spent)", sourceLocation: sourceLocation)
                task.cancel()
                return
            }
            if clock.pendingSleeps > 0 {
                clock.advance(by: step)
                advanced += step
            }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
    defer {
        done.withLock { $0 = true }
        driver.cancel()
    }
    return try await task.value(awaiting: "the retried call")
}

@Suite(.timeLimit(.minutes(5))) struct RetryPolicyTests {
    func harness(_ backend: AccessEnabler.Backend = .restV1, policy: RetryPolicy = .default) -> Harness {
        Harness(backend: backend) { $0.retryPolicy = policy }
    }

    @Test(arguments: allBackends)
    func serverErrorsAreRetriedUntilTheCallSucceeds(backend: AccessEnabler.Backend) async throws {
        let harness = harness(backend)
        try await harness.signIn()
        await harness.emulator.inject(.html(status: 503), on: backend.preauthorizeRoute, times: 2)
        let enabler = harness.enabler
        let response = try await driving(harness.clock) {
            try await enabler.preauthorize(PreauthorizeRequest(resources: ["news"], disabledFeatures: [.localCache]))
        }
        #expect(response.authorizedResources == ["news"])
        let statuses = await harness.emulator.requests(to: backend.preauthorizeRoute).map(\.responseStatus)
        #expect(statuses == [503, 503, 200])
    }

    @Test func restV2AuthorizationDecisionsAreSentOnce() async throws {
        // A decision may use up a TempPass or degradation quota: a 5xx is not sent again.
        let harness = harness(.restV2)
        try await harness.signIn()
        await harness.emulator.inject(.html(status: 503), on: .authorizeDecisions, times: 1)
        let enabler = harness.enabler
        let error = await #expect(throws: AccessEnablerError.self) {
            try await driving(harness.clock) { try await enabler.authorize(resource: "news") }
        }
        #expect(error == .internalError)
        #expect(await harness.emulator.requests(to: .authorizeDecisions).map(\.responseStatus) == [503])
    }

    @Test func exhaustedRetriesSurfaceTheLastStatusWithItsAction() async throws {
        let harness = harness()
        try await harness.signIn()
        await harness.emulator.inject(.html(status: 502), on: .preauthorize, times: nil)
        let enabler = harness.enabler
        let error = await #expect(throws: AccessEnablerError.self) {
            try await driving(harness.clock) {
                try await enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
            }
        }
        #expect(error == .internalError)
        #expect(error?.status.status == 502)
        #expect(error?.action == .retry)
        #expect(await harness.emulator.requests(to: .preauthorize).count == RetryPolicy.default.maxAttempts)
    }

    @Test func transportFailuresAreRetriedAndThenReportedAsNetworkError() async throws {
        let harness = harness()
        try await harness.signIn()
        await harness.emulator.inject(.dropConnection, on: .authorize, times: 1)
        let enabler = harness.enabler
        _ = try await driving(harness.clock) { try await enabler.authorize(resource: "news") }
        await harness.emulator.inject(.timeout, on: .authorize, times: nil)
        let error = await #expect(throws: AccessEnablerError.self) {
            try await driving(harness.clock) { try await enabler.authorize(resource: "sports") }
        }
        #expect(error == .networkError)
    }

    @Test func throttlingHonoursRetryAfterSecondsOnTheClock() async throws {
        let harness = harness()
        try await harness.signIn()
        await harness.emulator.inject(.tooManyRequests(retryAfter: "3"), on: .authorize)
        let attempt = Task { try await harness.enabler.authorize(resource: "news") }
        await eventually { harness.clock.pendingSleeps > 0 }
        // advance(by:) wakes due sleepers before it returns: a sleeper still pending is one whose
        // deadline lies beyond the new time.
        harness.clock.advance(by: .milliseconds(2999))
        #expect(harness.clock.pendingSleeps == 1, "still waiting for Retry-After")
        #expect(await harness.emulator.requests(to: .authorize).count == 1)
        harness.clock.advance(by: .milliseconds(1))
        #expect(try await attempt.value(awaiting: "the retried authorize").resource == "news")
        #expect(await harness.emulator.requests(to: .authorize).map(\.responseStatus) == [429, 200])
    }

    @Test func throttlingWithoutRetryAfterWaitsAtLeastOneSecond() async throws {
        let harness = harness()
        try await harness.signIn()
        await harness.emulator.inject(.tooManyRequests(retryAfter: nil), on: .authorize)
        let attempt = Task { try await harness.enabler.authorize(resource: "news") }
        await eventually { harness.clock.pendingSleeps > 0 }
        harness.clock.advance(by: .milliseconds(999))
        #expect(harness.clock.pendingSleeps == 1, "still waiting a second")
        #expect(await harness.emulator.requests(to: .authorize).count == 1)
        harness.clock.advance(by: .milliseconds(1))
        #expect(try await attempt.value(awaiting: "the retried authorize").resource == "news")
    }

    @Test func aRetryAfterBeyondThePolicyEndsTheRetries() async throws {
        let harness = harness()
        try await harness.signIn()
        await harness.emulator.inject(.tooManyRequests(retryAfter: "120"), on: .authorize)
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.authorize(resource: "news")
        }
        #expect(error == .tooManyRequests)
        #expect(error?.action == .retryAfter)
        #expect(error?.retryAfter == .seconds(120))
        #expect(await harness.emulator.requests(to: .authorize).count == 1)
    }

    @Test func retryAfterAsAnHTTPDateIsHonoured() async throws {
        let harness = harness()
        try await harness.signIn()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let date = formatter.string(from: harness.clock.now.addingTimeInterval(5))
        await harness.emulator.inject(.tooManyRequests(retryAfter: date), on: .authorize)
        let attempt = Task { try await harness.enabler.authorize(resource: "news") }
        await eventually { harness.clock.pendingSleeps > 0 }
        harness.clock.advance(by: .milliseconds(4990))
        #expect(harness.clock.pendingSleeps == 1, "still waiting for the Retry-After date")
        #expect(await harness.emulator.requests(to: .authorize).count == 1)
        harness.clock.advance(by: .milliseconds(10))
        #expect(try await attempt.value(awaiting: "the retried authorize").resource == "news")
    }

    @Test(arguments: allBackends)
    func callsThatChangeServerStateAreNotRetried(backend: AccessEnabler.Backend) async throws {
        let harness = harness(backend)
        try await harness.configure()
        // Logging in (v1 TempPass POST, v2 POST /sessions) is sent once.
        await harness.emulator.inject(.html(status: 503), on: backend == .restV2 ? .createSession : .freePreview)
        let presenter = ScriptedPresenter(mvpdID: "TempPass", landing: URL(string: "about:blank")!)
        await #expect(throws: AccessEnablerError.internalError) {
            try await harness.enabler.authenticate(presenter: presenter)
        }
        #expect(await harness.emulator.requests(to: backend == .restV2 ? .createSession : .freePreview).count == 1)
        // Logout is idempotent and retried (OwedLogoutTests.theServerLogoutIsRetried).
    }

    @Test func registrationIsNotRetriedButTheTokenCallIs() async throws {
        let harness = harness()
        await harness.emulator.inject(.html(status: 503), on: .register)
        await #expect(throws: AccessEnablerError.internalError) { try await harness.configure() }
        #expect(await harness.emulator.requests(to: .register).count == 1)
        await harness.emulator.inject(.html(status: 503), on: .token)
        let enabler = harness.enabler
        // Not `driving`: the configuration's deadline sleeps beside the token call's backoff, and
        // a driver would keep advancing past it while the configuration request is on its way.
        let configuring = Task { try await enabler.setRequestor("REF") }
        await eventually("the token call's backoff") {
            harness.logLines.all.contains { $0.message.contains("retrying in") }
        }
        await eventually("the backoff and the configuration deadline asleep") { harness.clock.pendingSleeps == 2 }
        harness.clock.advance(by: RetryPolicy.default.initialBackoff)
        _ = try await configuring.value(awaiting: "the configuration after the retried token call")
        #expect(await harness.emulator.requests(to: .token).map(\.responseStatus) == [503, 201])
    }

    @Test func noWaitStartsAfterTheDeadline() async throws {
        let policy = RetryPolicy(
            maxAttempts: 10, initialBackoff: .seconds(2), maximumBackoff: .seconds(2), deadline: .seconds(5))
        let harness = harness(policy: policy)
        try await harness.signIn()
        await harness.emulator.inject(.html(status: 500), on: .authorize, times: nil)
        let enabler = harness.enabler
        await #expect(throws: AccessEnablerError.internalError) {
            try await driving(harness.clock, step: .seconds(2)) { try await enabler.authorize(resource: "news") }
        }
        // Waits of 1–2 s: at most three fit in 5 s, so at most four attempts of the ten allowed.
        let attempts = await harness.emulator.requests(to: .authorize).count
        #expect(attempts >= 3 && attempts <= 4)
    }

    @Test func cancellingDuringABackoffStopsAtOnce() async throws {
        let harness = harness()
        try await harness.signIn()
        await harness.emulator.inject(.html(status: 503), on: .authorize, times: nil)
        let attempt = Task { try await harness.enabler.authorize(resource: "news") }
        await eventually { harness.clock.pendingSleeps > 0 }
        attempt.cancel()
        await #expect(throws: CancellationError.self) { try await attempt.value(awaiting: "the cancelled authorize") }
        #expect(await harness.emulator.requests(to: .authorize).count == 1, "no attempt after the cancellation")
    }

    @Test func backoffGrowsWithJitterWithinBounds() {
        let policy = RetryPolicy(initialBackoff: .seconds(1), maximumBackoff: .seconds(8))
        #expect(policy.backoff(afterAttempt: 1, random: 0) == .milliseconds(500))
        #expect(policy.backoff(afterAttempt: 1, random: 1) == .seconds(1))
        #expect(policy.backoff(afterAttempt: 3, random: 1) == .seconds(4))
        #expect(policy.backoff(afterAttempt: 10, random: 1) == .seconds(8), "capped")
        #expect(policy.backoff(afterAttempt: 10, random: 0) == .seconds(4))
        #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
    }
}
