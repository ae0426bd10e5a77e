import Foundation
import Synchronization
import Testing

@testable import AccessEnabler

/// An error made on another thread and carried by a continuation resumed before its task awaits
/// (as a login page that fails at once does) arrives whole. Under Thread Sanitizer this is also
/// the check that `.ci/tsan-suppressions.txt` still names the error's storage: the runtime's
/// hand-off in this order is invisible to it on Linux, and without a matching entry the
/// sanitizer run reports a race here on every run.
@Suite(.timeLimit(.minutes(1)))
struct ErrorHandOffTests {
    /// Set by the thread once it has resumed. Relaxed, so that it gives Thread Sanitizer no
    /// ordering of its own: the hand-off it checks is the continuation's.
    final class Resumed: Sendable {
        let flag = Atomic<Bool>(false)
    }

    @Test func errorResumedBeforeTheAwaitArrivesWhole() async {
        for round in 1...3 {
            let resumed = Resumed()
            let error: AccessEnablerError = await withCheckedContinuation { continuation in
                let thread = Thread {
                    continuation.resume(
                        returning: AccessEnablerError(
                            status: Status(
                                status: 0, code: "code_\(round)", message: "message \(round)", action: .retry),
                            retryAfter: .seconds(round), underlyingSummary: "summary \(round)"))
                    resumed.flag.store(true, ordering: .relaxed)
                }
                thread.start()
                // The continuation is resumed before this closure returns, so before the await.
                while !resumed.flag.load(ordering: .relaxed) { sched_yield() }
            }
            #expect(error.status.code == "code_\(round)")
            #expect(error.status.message == "message \(round)")
            #expect(error.retryAfter == .seconds(round))
            #expect(error.underlyingSummary == "summary \(round)")
        }
    }

    @Test func detailsKeepTheRestOfTheError() {
        let error = AccessEnablerError(
            status: Status(status: 429, code: "too_many_requests", message: "slow down", action: .retry),
            retryAfter: .seconds(7), underlyingSummary: "URLError(-1001)")
        let detailed = error.with(details: "after 3 tries")
        #expect(detailed.status.details == "after 3 tries")
        #expect(detailed.status.message == "slow down")
        #expect(detailed.retryAfter == .seconds(7))
        #expect(detailed.underlyingSummary == "URLError(-1001)")
        #expect(error.status.details == nil, "the original is unchanged")
        #expect(AccessEnablerError.networkError.with(details: "offline") == .networkError)
    }
}
