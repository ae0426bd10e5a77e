import AccessEnabler
import Foundation

/// The app's delegates, held weakly as the legacy SDK held them, readable and settable from any
/// thread.
final class LegacyReceivers: Sendable {
    private struct References {
        weak var delegate: (any EntitlementDelegate)?
        weak var statusDelegate: (any EntitlementStatus)?
    }

    private let references = LockedValue(References())

    var delegate: (any EntitlementDelegate)? {
        get { references.withLock { $0.delegate } }
        set { references.withLock { $0.delegate = newValue } }
    }

    var statusDelegate: (any EntitlementStatus)? {
        get { references.withLock { $0.statusDelegate } }
        set { references.withLock { $0.statusDelegate = newValue } }
    }
}

/// Delivers the callbacks: on the main actor, always after the call that produced them returns
/// (never re-entrantly), one at a time, in the order they were produced. The delegate is read when
/// a callback is delivered, as the legacy SDK read its weak delegate.
@MainActor
final class LegacyCallbacks {
    nonisolated let receivers: LegacyReceivers
    private var pending: [@MainActor () -> Void] = []
    private var isDelivering = false

    nonisolated init(receivers: LegacyReceivers) {
        self.receivers = receivers
    }

    /// Queues an `EntitlementDelegate` callback.
    func emit(_ callback: @escaping @MainActor (any EntitlementDelegate) -> Void) {
        let receivers = self.receivers
        enqueue {
            if let delegate = receivers.delegate { callback(delegate) }
        }
    }

    /// Queues an `EntitlementStatus` report.
    func emit(_ status: LegacyStatus) {
        let receivers = self.receivers
        enqueue {
            receivers.statusDelegate?.status(status.dictionary)
        }
    }

    /// Queues a status dictionary the app handed to `dispatchStatus:`, delivered as it is.
    func emit(statusDictionary: Untouched<[AnyHashable: Any]?>) {
        let receivers = self.receivers
        enqueue {
            receivers.statusDelegate?.status(statusDictionary.value)
        }
    }

    private func enqueue(_ delivery: @escaping @MainActor () -> Void) {
        pending.append(delivery)
        guard !isDelivering else { return }
        isDelivering = true
        Task { @MainActor in
            while !self.pending.isEmpty {
                self.pending.removeFirst()()
            }
            self.isDelivering = false
        }
    }
}

/// The legacy SDK's runtime on the main actor, over the async core. The rules of its interleavings
/// (the configuration phase, which flow reports, what a logout interrupts, what a re-sync reports)
/// are ``LegacyBridgeStateMachine``'s pure transitions: this class feeds it the events, executes
/// the actions it returns, and makes every call into the core. It also holds what cannot be a
/// value: the calls queued behind the configuration, the flows' tasks, the authentication
/// conversation's continuations (``AuthenticationBridge``). ``LegacyAccessEnabler`` hands every
/// call to it on the main actor.
@MainActor
final class LegacySession {
    nonisolated let core: AsyncAccessEnabler
    nonisolated let callbacks: LegacyCallbacks
    nonisolated let authentication: AuthenticationBridge

    /// What the adapter is doing, and the rules of its interleavings (shared with
    /// ``AuthenticationBridge``): every event goes through it, and its actions are executed here
    /// (``execute(_:)``).
    nonisolated let state: LegacyBridgeStateMachine.Shared
    var queuedCalls: [@MainActor () -> Void] = []
    /// The last `setOptions` call, which every later call waits for so the core sees options in order.
    var optionsUpdate: Task<Void, Never>?
    /// The latest authentication flow's task (`getAuthentication`'s, or `getAuthorization`'s
    /// sign-in), cancelled when a new one starts. Its value is nil when it was superseded.
    var authenticationFlow: (id: LegacyBridgeStateMachine.FlowID, task: Task<AuthenticationResult?, Never>)?
    /// `usesSecondScreenAuthentication`: set from any thread, read when a flow starts.
    nonisolated let secondScreen = LockedValue(LegacySession.secondScreenByDefault)
    /// `svcRedirectURL` as the app last set it, by the property or the typed `setOptions(_:)`
    /// (its `safariRedirectURL`), read from any thread; the core gets its URL in the same order.
    nonisolated let safariRedirect = LockedValue<String?>(nil)
    /// The polling of the latest second-screen flow, which the viewer leaving its code screen
    /// stops.
    var codePolling: (flow: LegacyBridgeStateMachine.FlowID, task: Task<AuthenticationResult, Never>)?
    /// The last `setRequestor` call's work, profile sync included (the tests wait for it).
    var requestorSetup: Task<Void, Never>?

    /// tvOS has no web view: its legacy SDK signed in with a registration code.
    nonisolated static var secondScreenByDefault: Bool {
        #if os(tvOS)
        true
        #else
        false
        #endif
    }

    /// A session over `core`; `safari` is the adapter's own Safari view controller (iOS apps),
    /// nil where the page of an MVPD that requires Safari goes to the app.
    nonisolated init(core: AsyncAccessEnabler, receivers: LegacyReceivers, safari: (any SafariPagePresenting)?) {
        self.core = core
        let callbacks = LegacyCallbacks(receivers: receivers)
        self.callbacks = callbacks
        let state = LegacyBridgeStateMachine.Shared()
        self.state = state
        self.authentication = AuthenticationBridge(callbacks: callbacks, safari: safari, state: state)
    }

    /// Queues a delegate callback.
    func emit(_ callback: @escaping @MainActor (any EntitlementDelegate) -> Void) {
        callbacks.emit(callback)
    }

    /// Queues a status report.
    func emit(_ status: LegacyStatus) {
        callbacks.emit(status)
    }

    /// Runs `call` now when the configuration phase is over, else after `setRequestorComplete`.
    func whenConfigured(_ call: @escaping @MainActor () -> Void) {
        switch state.machine.callArrived() {
        case .now: call()
        case .afterConfiguration: queuedCalls.append(call)
        }
    }

    /// Executes the machine's actions, in order.
    func execute(_ actions: [LegacyBridgeStateMachine.Action]) {
        for action in actions {
            switch action {
            case .completeRequestor(let success):
                let status = success ? ACCESS_ENABLER_STATUS_SUCCESS : ACCESS_ENABLER_STATUS_ERROR
                emit { $0.setRequestorComplete(status) }
            case .reportStatus(let status): emit(status)
            case .reportAuthentication(let result): reportAuthentication(result)
            case .reportSignedOut:
                emit {
                    $0.setAuthenticationStatus(ACCESS_ENABLER_STATUS_ERROR, errorCode: USER_NOT_AUTHENTICATED_ERROR)
                }
            case .trackSelection(let mvpdID): trackSelection(of: mvpdID)
            case .runQueuedCalls: runQueuedCalls()
            case .cancelFlow(let flow):
                if let running = authenticationFlow, running.id == flow { running.task.cancel() }
            case .conversation(let action): authentication.execute([action])
            case .leaveCodeScreen(let flow):
                if let polling = codePolling, polling.flow == flow { polling.task.cancel() }
            case .signInPreselecting(let mvpdID):
                authentication.preselectedMVPD = mvpdID
                whenConfigured { [self] in startAuthentication(force: true, data: [:], unlessSignedInWith: mvpdID) }
            case .startLogout(let flow, let supersessions): startLogout(after: flow, startedAt: supersessions)
            }
        }
    }

    func runQueuedCalls() {
        let calls = queuedCalls
        queuedCalls = []
        for call in calls { call() }
    }

    /// Starts the async part of a call on the main actor, after any pending `setOptions`
    /// (on the path ``LegacyTaskStart/current`` chooses).
    ///
    /// Where the runtime has `Task.immediate`, the work starts inside this call and runs up to its
    /// first suspension (the hop to the core), so a legacy call costs the same hops as an `await`
    /// from the main actor. Callbacks still never run inside the call: they follow the core's
    /// answer, which always arrives after a suspension.
    @discardableResult
    func perform<Value: Sendable>(_ work: @escaping @MainActor () async -> Value) -> Task<Value, Never> {
        let options = optionsUpdate
        let body: @MainActor () async -> Value = {
            await options?.value
            return await work()
        }
        #if compiler(>=6.2)
        if #available(iOS 26, tvOS 26, macOS 26, watchOS 26, visionOS 26, *),
            LegacyTaskStart.current.withLock({ $0 }) == .immediateWhereAvailable
        {
            return Task.immediate { @MainActor in await body() }
        }
        #endif
        return Task { @MainActor in await body() }
    }

    /// `setOptions:` with the core's typed options: replaces every option.
    func setOptions(_ options: AsyncAccessEnabler.Options) {
        authentication.handleSVC = options.handleSVC
        changeOptions { core in await core.setOptions(options) }
    }

    /// `setOptions:` with the legacy dictionary (and `svcRedirectURL`): changes the keys it names,
    /// on the options the core holds then.
    func updateOptions(_ update: LegacyOptionsUpdate) {
        if let handleSVC = update.handleSVC { authentication.handleSVC = handleSVC.value ?? false }
        changeOptions { core in await core.updateOptions { $0 = update.applied(to: $0) } }
    }

    /// Runs `change` after the options changes before it, so the core sees them in call order.
    private func changeOptions(_ change: @escaping @Sendable (AsyncAccessEnabler) async -> Void) {
        let previous = optionsUpdate
        let core = self.core
        optionsUpdate = Task { @MainActor in
            await previous?.value
            await change(core)
        }
    }
}

/// How the adapter starts the task of a legacy call.
package enum LegacyTaskStart: Sendable {
    /// `Task.immediate` where the runtime has it (iOS, tvOS, macOS, watchOS, visionOS 26; Linux).
    case immediateWhereAvailable
    /// `Task {}` always: the path of every device on iOS 16–18, which Linux never takes unless the
    /// tests choose it.
    case enqueued

    /// The path of every adapter in the process: a seam for the tests, which run the legacy suite
    /// once on each path. Apps never set it.
    package static let current = LockedValue(LegacyTaskStart.immediateWhereAvailable)
}
