@testable import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// The event hub builds an event only when a stream would receive it, and the calls that emit
/// often still report to a subscriber.
@Suite(.timeLimit(.minutes(5))) struct EventHubTests {
    @Test func anEventIsBuiltOnlyWhileAStreamIsConsumed() async {
        let hub = EventHub()
        let built = LockedValue(0)
        func event() -> EntitlementEvent {
            built.withLock { $0 += 1 }
            return .loggedOut
        }
        hub.emit(event())
        #expect(built.withLock { $0 } == 0, "nobody listens: nothing is built")

        let stream = hub.makeStream()
        hub.emit(event())
        #expect(built.withLock { $0 } == 1, "built once for the subscriber")
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == .loggedOut)

        let consumer = Task { for await _ in stream {} }
        consumer.cancel()
        await eventually("the cancelled subscriber to leave the hub, so that emitting builds nothing") {
            let before = built.withLock { $0 }
            hub.emit(event())
            return built.withLock { $0 } == before
        }
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
