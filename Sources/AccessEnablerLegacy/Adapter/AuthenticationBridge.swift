import AccessEnabler
import Foundation

/// Turns the core's presenter calls into the legacy callbacks and waits for the app's answers:
/// `selectProvider` → `displayProviderDialog` (legacy ``MVPD-class`` objects), answered by
/// `setSelectedProvider`; `presentLogin` → `navigate(toUrl:)` (for an MVPD that requires Safari:
/// `navigate(toUrl:useSVC:)` with the `handleSVC` option, else the adapter's own Safari view
/// controller), answered by `handleExternalURL` (or `setSelectedProvider(nil)` to cancel).
@MainActor
final class AuthenticationBridge: MVPDPagePresenter {
    nonisolated let callbacks: LegacyCallbacks
    /// The `handleSVC` option: the page of an MVPD that requires Safari goes to
    /// `navigate(toUrl:useSVC:)` instead of the adapter's own Safari view controller.
    var handleSVC = false
    /// The adapter's own Safari view controller (iOS), for MVPDs that require Safari.
    var safari: (any SafariPagePresenting)?

    /// An MVPD chosen with `setSelectedProvider` outside a picker: used without showing one.
    var preselectedMVPD: String?
    /// Whether the current flow asked the app for anything (else it was answered from the cache).
    private(set) var interacted = false
    /// The adapter's state machine, shared with ``LegacySession``: it decides which request
    /// waits and which ends; this class holds their continuations and executes its actions.
    nonisolated let state: LegacyBridgeStateMachine.Shared
    private var picker:
        (
            id: LegacyBridgeStateMachine.RequestID, providers: [CoreMVPD],
            continuation: CheckedContinuation<CoreMVPD?, any Error>
        )?
    private var loginPage: (id: LegacyBridgeStateMachine.RequestID, continuation: CheckedContinuation<URL, any Error>)?
    /// The logout waiting for its page to end.
    private var logoutWait: CheckedContinuation<Void, Never>?

    /// The core checks the redirect of an MVPD that opens in Safari only, and every route of such
    /// a page (``SafariPageRoute/appSafari``, ``SafariPageRoute/sdkSafari``) comes back through
    /// the app's URL handler: the app must register the scheme.
    nonisolated var requiresRegisteredURLScheme: Bool { true }

    nonisolated init(
        callbacks: LegacyCallbacks, safari: (any SafariPagePresenting)?, state: LegacyBridgeStateMachine.Shared
    ) {
        self.callbacks = callbacks
        self.safari = safari
        self.state = state
    }

    func beginFlow() {
        interacted = false
    }

    /// Shows an MVPD page where ``SafariPageRoute`` sends it; `onEnd` runs when the adapter's own
    /// Safari view controller ends without the adapter ending it.
    func showPage(_ url: URL, requiresSafari: Bool, onEnd: @escaping @MainActor (SafariPageEnd) -> Void) {
        switch SafariPageRoute(requiresSafari: requiresSafari, handleSVC: handleSVC, sdkCanPresentSafari: safari != nil)
        {
        case .webView: callbacks.emit { $0.navigate(toUrl: url.absoluteString) }
        case .appSafari: callbacks.emit { $0.navigate(toUrl: url.absoluteString, useSVC: true) }
        case .sdkSafari: safari?.present(url, onEnd: onEnd)
        }
    }

    func selectProvider(from providers: [CoreMVPD]) async throws -> CoreMVPD? {
        // A superseded flow neither shows anything nor displaces the newer flow's request.
        try Task.checkCancellation()
        interacted = true
        if let preselected = preselectedMVPD {
            preselectedMVPD = nil
            return Self.mvpd(preselected, in: providers)
        }
        callbacks.emit { $0.displayProviderDialog(providers.map(MVPD.init)) }
        let id = state.machine.requestStarted()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                execute(state.machine.pickerShown(id))
                picker = (id, providers, continuation)
            }
        } onCancel: {
            Task { @MainActor in self.execute(self.state.machine.waitingCancelled(only: id)) }
        }
    }

    /// A page of an MVPD the core did not name: the web view's.
    func presentLogin(url: URL, redirectURL: URL) async throws -> URL {
        try await presentLogin(url: url, redirectURL: redirectURL, requiresSafari: false)
    }

    /// The login page of `mvpd`, routed by the MVPD the core chose the redirect URL for (whether
    /// the picker, Apple's TV Provider picker or a preselection named it).
    func presentLogin(url: URL, redirectURL: URL, for mvpd: CoreMVPD) async throws -> URL {
        try await presentLogin(url: url, redirectURL: redirectURL, requiresSafari: mvpd.requiresSafariViewController)
    }

    private func presentLogin(url: URL, redirectURL: URL, requiresSafari: Bool) async throws -> URL {
        try Task.checkCancellation()
        interacted = true
        let id = state.machine.requestStarted()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                execute(state.machine.loginPageShown(id))
                loginPage = (id, continuation)
                // The viewer closing the adapter's Safari view controller cancels, as
                // `setSelectedProvider(nil)` does; a page with nothing to present it from fails
                // the login with the presentation error.
                showPage(url, requiresSafari: requiresSafari) { [weak self] end in
                    guard let self else { return }
                    switch end {
                    case .closedByViewer: execute(state.machine.waitingCancelled(only: id))
                    case .nothingToPresentFrom: execute(state.machine.loginPageFailed(id, with: .presentationFailed))
                    }
                }
            }
        } onCancel: {
            Task { @MainActor in self.execute(self.state.machine.waitingCancelled(only: id)) }
        }
    }

    /// `handleExternalURL`: answers the login page waiting, else ends the logout page on screen.
    func answerLogin(_ url: URL?) {
        execute(state.machine.redirectHandedBack(url))
    }

    /// Shows a logout page and starts following it; returns its ID for ``waitForLogoutPage(_:within:on:)``,
    /// or nil (shown, not followed) when a new flow or logout replaced that logout (the machine's
    /// ``LegacyBridgeStateMachine/supersessions`` is no longer `startedAt`).
    func showLogoutPage(_ url: URL, requiresSafari: Bool, startedAt: UInt64) -> LegacyBridgeStateMachine.RequestID? {
        let (followed, actions) = state.machine.logoutPageShown(startedAt: startedAt)
        execute(actions)
        showPage(url, requiresSafari: requiresSafari) { [weak self] _ in
            guard let self, let followed else { return }
            execute(state.machine.logoutPageEnded(only: followed))
        }
        return followed
    }

    /// Waits until logout page `id` ends: the app hands back its redirect (`handleExternalURL`), a
    /// new flow or logout supersedes it, or `limit` passes on `clock`. Returns at once when it
    /// ended before the wait began.
    func waitForLogoutPage(
        _ id: LegacyBridgeStateMachine.RequestID, within limit: Duration, on clock: any AccessEnablerClock
    ) async {
        guard state.machine.logoutPageWaitBegan(id) else { return }
        let deadline = Task { @MainActor [weak self] in
            guard (try? await clock.sleep(for: limit)) != nil, let self else { return }
            execute(state.machine.logoutPageDeadlinePassed(id))
        }
        await withCheckedContinuation { continuation in
            logoutWait = continuation
        }
        deadline.cancel()
    }

    /// The login page's continuation when the page waiting is `id`'s (nil once a newer request
    /// replaced it), no longer waiting.
    private func takeLoginPage(_ id: LegacyBridgeStateMachine.RequestID) -> CheckedContinuation<URL, any Error>? {
        guard let request = loginPage, request.id == id else { return nil }
        loginPage = nil
        return request.continuation
    }

    /// Executes the machine's conversation actions, in order.
    func execute(_ actions: [LegacyBridgeStateMachine.ConversationAction]) {
        for action in actions {
            switch action {
            case .answerPicker(let id, let mvpdID):
                guard let request = picker, request.id == id else { continue }
                picker = nil
                request.continuation.resume(returning: mvpdID.map { Self.mvpd($0, in: request.providers) })
            case .cancelPicker(let id):
                guard let request = picker, request.id == id else { continue }
                picker = nil
                request.continuation.resume(throwing: CancellationError())
            case .answerLoginPage(let id, let redirect):
                takeLoginPage(id)?.resume(
                    with: redirect.map { .success($0) } ?? .failure(AccessEnablerError.invalidRedirectURL))
            case .cancelLoginPage(let id):
                takeLoginPage(id)?.resume(throwing: CancellationError())
            case .failLoginPage(let id, let error):
                takeLoginPage(id)?.resume(throwing: error)
            case .dismissSafari:
                safari?.dismiss()
            case .resumeLogout:
                logoutWait?.resume()
                logoutWait = nil
            }
        }
    }

    /// The offered MVPD with `id`; an unknown ID becomes a placeholder the core rejects as
    /// `provider_not_available`.
    private static func mvpd(_ id: String, in providers: [CoreMVPD]) -> CoreMVPD {
        providers.first { $0.id == id } ?? CoreMVPD(id: id, serviceProvider: URL(string: "about:blank")!)
    }
}

/// Logout's browser step: the legacy SDK hands the logout URL to the app and carries on. The
/// page goes where the login page of the same MVPD went: `navigate` is told whether the MVPD the
/// core logs out of requires Safari.
struct LogoutNavigator: MVPDPagePresenter {
    let navigate: @MainActor @Sendable (URL, _ requiresSafari: Bool) -> Void

    /// Its Safari pages come back through the app's URL handler, as the login's do.
    var requiresRegisteredURLScheme: Bool { true }

    func selectProvider(from providers: [CoreMVPD]) async throws -> CoreMVPD? { nil }

    func presentLogin(url: URL, redirectURL: URL) async throws -> URL {
        await navigate(url, false)
        return redirectURL
    }

    func presentLogin(url: URL, redirectURL: URL, for mvpd: CoreMVPD) async throws -> URL {
        await navigate(url, mvpd.requiresSafariViewController)
        return redirectURL
    }
}
