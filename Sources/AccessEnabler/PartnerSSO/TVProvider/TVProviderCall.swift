/// One VideoSubscriberAccount request in flight, waited for by a task.
///
/// Apple calls the completion exactly once, "on any queue", possibly before the call that
/// started the request returns; that call returns a handle (`VSAccountManagerResult`) that
/// cancels the request. A cancelled task cancels it through the handle — also when the task was
/// cancelled before the handle existed — so that a superseded sign-in does not leave Apple's
/// picker on screen. The binding only adapts Apple's types; this runs on every platform.
enum TVProviderCall {
    /// Starts a request with `start`, which gets the `deliver` closure to give Apple as the
    /// completion, and returns what it delivers. On cancellation `cancel` gets the handle once.
    ///
    /// `deliver` is `@Sendable` and isolated to no actor: Apple may call it on any queue, and a
    /// completion isolated to the caller's actor would trap there (Swift 6 checks the isolation
    /// of a closure handed to Objective-C when it is called).
    static func run<Handle: Sendable, Answer: Sendable>(
        isolation: isolated (any Actor)? = #isolation,
        start: (_ deliver: @escaping @Sendable (Answer) -> Void) -> Handle,
        cancel: @escaping @Sendable (Handle) -> Void
    ) async -> Answer {
        let state = TVProviderCallState<Handle>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Answer, Never>) in
                let deliver: @Sendable (Answer) -> Void = { answer in
                    state.finish()
                    continuation.resume(returning: answer)
                }
                let handle = start(deliver)
                if state.started(handle) { cancel(handle) }
            }
        } onCancel: {
            if let handle = state.cancel() { cancel(handle) }
        }
    }
}

/// Where a request stands between its start, its answer and the task's cancellation.
final class TVProviderCallState<Handle: Sendable>: Sendable {
    private enum Phase {
        case starting
        case started
        case cancelledBeforeStart
        case finished
    }

    // The phase and the handle (set while `.started`) as a tuple: an enum with a `Handle`
    // payload needs value witnesses compiled for any `Handle` (1.9 KB of an app's code), a tuple
    // and an optional use the runtime's.
    private let state = LockedValue<(phase: Phase, handle: Handle?)>((.starting, nil))

    /// Records the handle; true when the task was cancelled before it existed: cancel it now.
    func started(_ handle: Handle) -> Bool {
        state.withLock { state in
            switch state.phase {
            case .starting:
                state = (.started, handle)
                return false
            case .cancelledBeforeStart:
                state.phase = .finished
                return true
            case .started, .finished:
                return false
            }
        }
    }

    /// The handle to cancel, once; nil before the start (``started(_:)`` then says so) and after
    /// the answer.
    func cancel() -> Handle? {
        state.withLock { state in
            switch state.phase {
            case .starting:
                state.phase = .cancelledBeforeStart
                return nil
            case .started:
                let handle = state.handle
                state = (.finished, nil)
                return handle
            case .cancelledBeforeStart, .finished:
                return nil
            }
        }
    }

    /// The answer arrived: nothing is left to cancel.
    func finish() {
        state.withLock { $0 = (.finished, nil) }
    }
}
