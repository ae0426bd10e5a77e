import Foundation
import Testing

@testable import AccessEnabler

/// An error made on another thread and carried by a continuation resumed before its task awaits
/// (as a login page that fails at once does) arrives whole. Under Thread Sanitizer this is also
/// the check that `.ci/tsan-suppressions.txt` still names the error's storage: the runtime's
/// hand-off in this order is invisible to it on Linux, and without a matching entry the
/// sanitizer run reports a race here on every run.
@Suite(.timeLimit(.minutes(1)))
struct ErrorHandOffTests {
    @Test func errorResumedBeforeTheAwaitArrivesWhole() async {
        for round in 1...3 {
            let error: AccessEnablerError = await withCheckedContinuation { continuation in
                let thread = Thread {
                    continuation.resume(
                        returning: AccessEnablerError(
                            status: Status(
                                status: 0, code: "code_\(round)", message: "message \(round)", action: .retry),
                            retryAfter: .seconds(round), underlyingSummary: "summary \(round)"))
                }
                thread.start()
                // Gives the thread time to resume first; the expectations hold in either order.
                usleep(50_000)
            }
            #expect(error.status.code == "code_\(round)")
            #expect(error.status.message == "message \(round)")
            #expect(error.retryAfter == .seconds(round))
            #expect(error.underlyingSummary == "summary \(round)")
        }
    }
}
