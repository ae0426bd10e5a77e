import Dispatch
import Foundation
import Testing
@testable import AccessEnabler

/// How the Apple binding waits for VideoSubscriberAccount: an answer from any queue, possibly
/// before the request's start returns, and the request cancelled when the task is.
@Suite(.timeLimit(.minutes(5))) struct TVProviderCallTests {
    /// A scripted account manager: the handles it was asked to cancel, and the pending completion.
    final class FakeAccountManager: Sendable {
        private let state = LockedValue<(cancelled: [Int], pending: (@Sendable (TVProviderMetadata) -> Void)?)>(
            ([], nil))
        let started: AsyncStream<Void>
        private let startedContinuation: AsyncStream<Void>.Continuation

        init() { (started, startedContinuation) = AsyncStream.makeStream() }

        var cancelled: [Int] { state.withLock { $0.cancelled } }

        /// Keeps the completion for later and returns `handle`.
        func enqueue(_ deliver: @escaping @Sendable (TVProviderMetadata) -> Void, handle: Int) -> Int {
            state.withLock { $0.pending = deliver }
            startedContinuation.yield()
            return handle
        }

        /// Apple answers a cancelled request with its user-cancelled error.
        func cancel(_ handle: Int) {
            let deliver = state.withLock { state in
                state.cancelled.append(handle)
                return state.pending
            }
            deliver?(TVProviderMetadata(errorDomain: TVProviderMetadata.errorDomain, errorCode: 2))
        }
    }

    final class Handle: Sendable {}

    /// The handle is held while the request runs and let go once it is answered or cancelled;
    /// one that comes after the answer is not kept.
    @Test(arguments: ["finish", "cancel"])
    func theHandleIsReleasedWhenTheRequestEnds(end: String) {
        let state = TVProviderCallState<Handle>()
        weak var released: Handle?
        do {
            let handle = Handle()
            released = handle
            #expect(!state.started(handle))
        }
        #expect(released != nil, "held while the request runs")
        if end == "finish" {
            state.finish()
        } else {
            #expect(state.cancel() != nil, "the handle to cancel")
            #expect(state.cancel() == nil, "only once")
        }
        #expect(released == nil, "let go after \(end)")
        weak var late: Handle?
        do {
            let handle = Handle()
            late = handle
            #expect(!state.started(handle), "nothing to cancel after the end")
        }
        #expect(late == nil, "a handle that comes after the end is not kept")
    }

    @MainActor @Test func answerFromAnotherQueueReachesAMainActorCaller() async {
        // Apple calls the completion "on any queue": here a background one while the caller
        // waits on the main actor. The completion is isolated to no actor, so it may run there.
        let manager = FakeAccountManager()
        let answer: TVProviderMetadata = await TVProviderCall.run(
            start: { deliver in
                DispatchQueue.global().async {
                    precondition(!MainQueue.isCurrent)
                    deliver(TVProviderMetadata(providerID: "Cablevision-Apple"))
                }
                return 1
            },
            cancel: { manager.cancel($0) })
        #expect(answer.providerID == "Cablevision-Apple")
        #expect(manager.cancelled.isEmpty)
    }

    @Test func answerBeforeTheStartReturnsIsKept() async {
        let manager = FakeAccountManager()
        let answer: TVProviderMetadata = await TVProviderCall.run(
            start: { deliver in
                deliver(TVProviderMetadata(providerID: "P"))
                return 2
            },
            cancel: { manager.cancel($0) })
        #expect(answer.providerID == "P")
        #expect(manager.cancelled.isEmpty)
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        let manager = FakeAccountManager()
        let task = Task {
            await TVProviderCall.run(
                start: { manager.enqueue($0, handle: 42) }, cancel: { manager.cancel($0) })
        }
        _ = try await manager.started.first(awaiting: "the account manager to start the request")
        task.cancel()
        let answer = await task.value(awaiting: "the TV provider call")
        #expect(manager.cancelled == [42])
        #expect(try answer.statusOutcome() == .userCancelled)
    }

    @Test func aTaskCancelledBeforeTheStartCancelsTheRequestOnceItExists() async throws {
        let manager = FakeAccountManager()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await TVProviderCall.run(
                start: { manager.enqueue($0, handle: 7) }, cancel: { manager.cancel($0) })
        }
        let answer = await task.value(awaiting: "the TV provider call")
        #expect(manager.cancelled == [7])
        #expect(try answer.statusOutcome() == .userCancelled)
    }

    @Test func aRequestAnsweredAtOnceIsNotCancelled() async {
        let manager = FakeAccountManager()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await TVProviderCall.run(
                start: { deliver in
                    deliver(TVProviderMetadata(providerID: "P"))
                    return 3
                },
                cancel: { manager.cancel($0) })
        }
        #expect(await task.value(awaiting: "the TV provider call").providerID == "P")
        #expect(manager.cancelled.isEmpty)
    }

    @MainActor @Test func presentingOnTheMainActorHappensBeforeReturning() {
        // Apple asks the delegate to begin presenting before it returns.
        let shown = LockedValue(false)
        MainQueue.run { shown.withLock { $0 = true } }
        #expect(shown.withLock { $0 })
    }

    @Test func presentingFromAnotherQueueRunsOnTheMainActor() async {
        let onMain: Bool = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                MainQueue.run { continuation.resume(returning: MainQueue.isCurrent) }
            }
        }
        #expect(onMain)
    }
}
