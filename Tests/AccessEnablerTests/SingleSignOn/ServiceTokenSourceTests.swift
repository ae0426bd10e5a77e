@testable import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// An identity service whose answers the test releases one at a time: each question waits until
/// the test answers it.
final class GatedIdentityService: Sendable {
    private struct State {
        var reasons: [ServiceTokenReason] = []
        var waiting: [CheckedContinuation<String?, any Error>] = []
    }

    private let state = LockedValue(State())

    var provider: ServiceTokenSource.Provider {
        { [state] reason in
            try await withCheckedThrowingContinuation { continuation in
                state.withLock {
                    $0.reasons.append(reason)
                    $0.waiting.append(continuation)
                }
            }
        }
    }

    var reasons: [ServiceTokenReason] { state.withLock { $0.reasons } }
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Answers the oldest question waiting.
    func answer(_ result: Result<String?, any Error>) {
        let continuation = state.withLock { $0.waiting.removeFirst() }
        continuation.resume(with: result)
    }
}

/// The service-token source's single flight (``SingleFlight``): one question for concurrent
/// requests, and only answers to questions asked after the last ``ServiceTokenSource/discard()``
/// are kept.
@Suite(.timeLimit(.minutes(3))) struct ServiceTokenSourceTests {
    let clock = TestClock()
    let identity = GatedIdentityService()
    var source: ServiceTokenSource {
        ServiceTokenSource(provider: identity.provider, clock: clock, log: Log(handler: nil))
    }

    func token(_ subject: String) -> String { ServiceTokenIssuer.emulator.token(subject, on: clock) }

    @Test func concurrentRequestsShareOneQuestionAndTheAnswerIsKept() async throws {
        let source = self.source
        let first = Task { try await source.token() }
        let second = Task { try await source.token() }
        await eventually("the provider asked") { identity.waitingCount == 1 }
        // The second request joins the question in flight rather than asking again.
        let token = token("viewer-1")
        identity.answer(.success(token))
        #expect(try await first.value(awaiting: "the first request")?.value == token)
        #expect(try await second.value(awaiting: "the second request")?.value == token)
        #expect(try await source.token()?.value == token, "kept")
        #expect(identity.reasons == [.initial])
    }

    @Test func anAnswerToAQuestionAskedBeforeADiscardIsNotKept() async throws {
        let source = self.source
        let early = Task { try await source.token() }
        await eventually("the provider asked") { identity.waitingCount == 1 }
        await source.discard()
        let stale = token("viewer-1")
        identity.answer(.success(stale))
        #expect(try await early.value(awaiting: "the early request")?.value == stale, "its own caller gets it")

        let later = Task { try await source.token() }
        await eventually("the provider asked again") { identity.waitingCount == 1 }
        let fresh = token("viewer-2")
        identity.answer(.success(fresh))
        #expect(try await later.value(awaiting: "the later request")?.value == fresh)
        #expect(identity.reasons == [.initial, .initial])
    }

    @Test func aThrowingProviderFailsTheRequestAndIsAskedAgain() async throws {
        let source = self.source
        let failing = Task { try await source.token() }
        await eventually("the provider asked") { identity.waitingCount == 1 }
        identity.answer(.failure(TokenDesk.Unreachable()))
        let error = await #expect(throws: AccessEnablerError.self) {
            try await failing.value(awaiting: "the failing request")
        }
        #expect(error == .serviceTokenUnavailable)
        #expect(error?.underlyingSummary == "Unreachable")

        let retry = Task { try await source.token() }
        await eventually("the provider asked again") { identity.waitingCount == 1 }
        identity.answer(.success(nil))
        #expect(try await retry.value(awaiting: "the retry") == nil)
        #expect(identity.reasons == [.initial, .initial])
    }
}
