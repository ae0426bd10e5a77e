import AccessEnabler
import Foundation

/// The callback/delegate API of Adobe's Objective-C `AccessEnabler`, on top of the async core.
///
/// Apps written against the legacy SDK switch by importing `AccessEnablerLegacy` and creating a
/// `LegacyAccessEnabler` where they created an `AccessEnabler`; every method and callback keeps
/// its legacy name, arguments and order. Each method calls the async ``accessEnabler`` — the same
/// instance the app can call directly with `async`/`await` while it migrates call by call.
///
/// Callbacks arrive on the main actor. Calls made before `setRequestorComplete` are queued and run
/// after it in call order; `preauthorize(_:didCompleteWith:)` does not wait and fails at once
/// with `requestor_not_configured`.
@MainActor
public final class LegacyAccessEnabler {
    /// Receives every callback. Held weakly, as in the legacy SDK.
    public weak var delegate: (any EntitlementDelegate)?
    /// The async core this adapter drives; call it directly to migrate to `async`/`await`.
    public nonisolated let accessEnabler: AccessEnabler

    enum Phase { case unconfigured, configuring, configured, failed }

    var phase = Phase.unconfigured
    var queuedCalls: [@MainActor () -> Void] = []
    var handleSVC = false
    /// The last `setOptions` call, which every later call waits for so the core sees options in order.
    var optionsUpdate: Task<Void, Never>?
    /// The authentication flow in progress, cancelled when a new one starts.
    var authenticationFlow: Task<Void, Never>?
    let authentication = AuthenticationBridge()
    /// Callbacks waiting to be delivered, in the order they were produced.
    private var pendingCallbacks: [@MainActor (any EntitlementDelegate) -> Void] = []
    private var isDelivering = false

    /// Creates the adapter over a new async core.
    public init(softwareStatement: String, configuration: AccessEnabler.Configuration = .init()) {
        self.accessEnabler = AccessEnabler(softwareStatement: softwareStatement, configuration: configuration)
        authentication.owner = self
    }

    /// `AccessEnabler(softwareStatement)`: the 3.x initializer.
    public convenience init(_ softwareStatement: String) {
        self.init(softwareStatement: softwareStatement)
    }

    /// `initWithStorageCheck:softwareStatement:` (3.8.3+): checks or clears storage at start.
    public convenience init(
        storageCheck: IntegrityCheckType, softwareStatement: String,
        configuration: AccessEnabler.Configuration = .init()
    ) {
        var configuration = configuration
        configuration.storageIntegrityCheck = storageCheck.storageIntegrityCheck
        self.init(softwareStatement: softwareStatement, configuration: configuration)
    }

    /// The pre-3.0 initializer, without a software statement.
    @available(*, deprecated, message: "AccessEnabler 3.x registers with a software statement: use init(_ softwareStatement:) with the statement from the TVE Dashboard.")
    public convenience init() {
        self.init(softwareStatement: "")
    }

    // MARK: Dispatch

    /// Runs `call` now when the configuration phase is over, else after `setRequestorComplete`.
    func whenConfigured(_ call: @escaping @MainActor () -> Void) {
        switch phase {
        case .configured, .failed: call()
        case .unconfigured, .configuring: queuedCalls.append(call)
        }
    }

    /// Starts the async part of a call on the main actor, after any pending `setOptions`.
    ///
    /// Where the runtime has `Task.immediate`, the work starts inside this call and runs up to its
    /// first suspension (the hop to the core), so a legacy call costs the same hops as an `await`
    /// from the main actor. Callbacks still never run inside the call: they follow the core's
    /// answer, which always arrives after a suspension.
    @discardableResult
    func perform(_ work: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        let options = optionsUpdate
        let body: @MainActor () async -> Void = {
            await options?.value
            await work()
        }
        #if compiler(>=6.2)
        if #available(iOS 26, tvOS 26, macOS 26, *) {
            return Task.immediate { @MainActor in await body() }
        }
        #endif
        return Task { @MainActor in await body() }
    }

    /// Delivers a callback to the delegate: always after the current call returns (never
    /// re-entrantly), and in the order callbacks were produced.
    func emit(_ callback: @escaping @MainActor (any EntitlementDelegate) -> Void) {
        pendingCallbacks.append(callback)
        guard !isDelivering else { return }
        isDelivering = true
        Task { @MainActor in
            while !self.pendingCallbacks.isEmpty {
                let next = self.pendingCallbacks.removeFirst()
                if let delegate = self.delegate { next(delegate) }
            }
            self.isDelivering = false
        }
    }

    func runQueuedCalls() {
        let calls = queuedCalls
        queuedCalls = []
        for call in calls { call() }
    }

    // MARK: Options

    /// `setOptions:` — values attached to every later request.
    public func setOptions(_ options: LegacyOptions) {
        handleSVC = options.options.handleSVC
        let previous = optionsUpdate
        let core = accessEnabler
        optionsUpdate = Task { @MainActor in
            await previous?.value
            await core.setOptions(options.options)
        }
    }
}
