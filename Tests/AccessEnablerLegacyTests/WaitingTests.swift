import Foundation
import Testing

/// The legacy helpers' waits end: a callback that never comes fails the test with a message
/// naming what was awaited, instead of hanging the run. The limits here are short; the tests
/// assert the failure and its message, never how long the wait took.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct LegacyWaitingTests {
    @Test func aDelegateCallbackThatNeverComesFailsNamingIt() async {
        let delegate = RecordingDelegate()
        delegate.setRequestorComplete(1)
        var received: [String] = ["not asked yet"]
        await withKnownIssue {
            received = await delegate.next(2, within: .milliseconds(20))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("2 more delegate callbacks") }
        }
        #expect(
            received == [RecordingDelegate.missingCallback, RecordingDelegate.missingCallback],
            "next returns the callbacks that came (none here), then a placeholder for each missing one")
        // Indexing what a timed-out wait returned fails the test, not the process.
        #expect(received[1] != "setAuthenticationStatus(1, \"\")")
    }

    @Test func aCallbackThatComesEndsTheWait() async {
        let delegate = RecordingDelegate()
        Task { delegate.setRequestorComplete(1) }
        #expect(await delegate.next(1, within: .seconds(600)) == ["setRequestorComplete(1)"])
    }

    @Test func eventuallyFailsNamingWhatItAwaited() async {
        await withKnownIssue {
            await eventually("a callback nobody sends", within: .milliseconds(20)) { false }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("a callback nobody sends") }
        }
    }
}
