import Foundation
import Testing

@testable import AccessEnabler

#if canImport(FoundationNetworking)
import FoundationNetworking

/// The delegate queue of the sessions the SDK creates on swift-corelibs-foundation runs each
/// callback at once, in the order handed over: no thread is woken for a request's response, body
/// and completion (docs/performance.md). The real sessions' use of it is covered by the loopback
/// tests in `TransportLimitsTests` and `RedirectRefusalTests`.
@Suite(.timeLimit(.minutes(1)))
struct DelegateQueueTests {
    @Test func theSDKsSessionsRunTheirCallbacksOnTheThreadThatHandsThemOver() throws {
        let queue = try #require(SessionDelegate.makeQueue())
        #expect(URLSessionTransport.defaultSession.delegateQueue is InlineDelegateQueue)
        let ran = LockedValue<[Int]>([])
        for index in 1...3 {
            queue.addOperation { ran.withLock { $0.append(index) } }
            // Already run when addOperation returns: nothing was left for another thread.
            #expect(ran.withLock { $0 } == Array(1...index))
        }
    }
}
#endif
