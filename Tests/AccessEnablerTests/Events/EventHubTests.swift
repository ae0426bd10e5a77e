@testable import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// The event hub tells whether anyone listens, and the checks that build their event only for a
/// listener still report to one.
@Suite(.timeLimit(.minutes(5))) struct EventHubTests {
    @Test func aHubIsObservedWhileAStreamIsConsumed() async {
        let hub = EventHub()
        #expect(!hub.isObserved, "a new hub has no subscriber")
        let stream = hub.makeStream()
        #expect(hub.isObserved, "a stream subscribes when it is made")
        let consumer = Task { for await _ in stream {} }
        consumer.cancel()
        await eventually("the cancelled subscriber to leave the hub") { !hub.isObserved }
    }

    @Test func aCachedCheckReachesASubscriber() async throws {
        let harness = Harness()
        let authentication = try await harness.signIn()
        let events = EventRecorder(harness.enabler.events)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated)
        await events.waitFor("the cached check's event") { event in
            guard case .authenticationChecked(let check) = event else { return false }
            return check.fromCache && check.isAuthenticated && check.mvpdID == authentication.mvpd.id
                && check.userID == authentication.userID
        }
    }
}
