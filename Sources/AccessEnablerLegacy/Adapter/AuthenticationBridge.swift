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
    private var providerRequest:
        (id: UInt64, providers: [CoreMVPD], continuation: CheckedContinuation<CoreMVPD?, any Error>)?
    private var loginRequest: (id: UInt64, continuation: CheckedContinuation<URL, any Error>)?
    /// The logout page on screen, from the moment it is shown: the app can hand its redirect
    /// back (or the viewer close it) before its logout begins to wait, while storage is cleared.
    private var logoutPage: (id: UInt64, finished: Bool, continuation: CheckedContinuation<Void, Never>?)?
    private var lastRequestID: UInt64 = 0
    /// How many times everything waiting was cancelled (a new flow, a new request): a logout
    /// that started before the latest one has been replaced and waits for no page.
    private(set) var supersessions: UInt64 = 0

    /// Whether a picker is waiting for `setSelectedProvider`.
    var isWaitingForProvider: Bool { providerRequest != nil }
    /// Whether a login page is waiting for `handleExternalURL`.
    var isWaitingForLogin: Bool { loginRequest != nil }

    /// The core checks the redirect of an MVPD that opens in Safari only, and every route of such
    /// a page (``SafariPageRoute/appSafari``, ``SafariPageRoute/sdkSafari``) comes back through
    /// the app's URL handler: the app must register the scheme.
    nonisolated var requiresRegisteredURLScheme: Bool { true }

    nonisolated init(callbacks: LegacyCallbacks, safari: (any SafariPagePresenting)?) {
        self.callbacks = callbacks
        self.safari = safari
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
        let id = nextRequestID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                cancelWaiting()
                providerRequest = (id, providers, continuation)
            }
        } onCancel: {
            Task { @MainActor in self.cancelWaiting(id) }
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
        let id = nextRequestID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // The older request ends before this page shows: ending it dismisses the
                // adapter's Safari view controller, which would close this page too.
                cancelWaiting()
                loginRequest = (id, continuation)
                // The viewer closing the adapter's Safari view controller cancels, as
                // `setSelectedProvider(nil)` does; a page with nothing to present it from fails
                // the login with the presentation error.
                showPage(url, requiresSafari: requiresSafari) { [weak self] end in
                    switch end {
                    case .closedByViewer: self?.cancelWaiting(id)
                    case .nothingToPresentFrom: self?.failLogin(id, with: .presentationFailed)
                    }
                }
            }
        } onCancel: {
            Task { @MainActor in self.cancelWaiting(id) }
        }
    }

    private func nextRequestID() -> UInt64 {
        lastRequestID += 1
        return lastRequestID
    }

    /// Answers a waiting picker; returns false when none was waiting.
    func answerProvider(_ mvpdID: String?) -> Bool {
        guard let request = providerRequest else { return false }
        providerRequest = nil
        request.continuation.resume(returning: mvpdID.map { Self.mvpd($0, in: request.providers) })
        return true
    }

    /// Answers a waiting login page, else ends the logout page on screen (whatever the URL: the
    /// legacy SDK took any); returns false when neither was there.
    func answerLogin(_ url: URL?) -> Bool {
        guard let request = loginRequest else { return endLogoutPage() }
        loginRequest = nil
        safari?.dismiss()
        if let url {
            request.continuation.resume(returning: url)
        } else {
            request.continuation.resume(throwing: AccessEnablerError.invalidRedirectURL)
        }
        return true
    }

    /// Fails login request `id`, if it still waits, with `error`.
    private func failLogin(_ id: UInt64, with error: AccessEnablerError) {
        guard let request = loginRequest, request.id == id else { return }
        loginRequest = nil
        request.continuation.resume(throwing: error)
    }

    /// Shows a logout page and starts following it; returns its ID for ``waitForLogoutPage(_:within:on:)``,
    /// or nil (shown, not followed) when a new flow or logout replaced that logout (``supersessions``
    /// is no longer `startedAt`).
    func showLogoutPage(_ url: URL, requiresSafari: Bool, startedAt: UInt64) -> UInt64? {
        var followed: UInt64?
        if supersessions == startedAt {
            endLogoutPage()
            let id = nextRequestID()
            logoutPage = (id, false, nil)
            followed = id
        }
        showPage(url, requiresSafari: requiresSafari) { [weak self] _ in
            if let followed { self?.endLogoutPage(followed) }
        }
        return followed
    }

    /// Waits until logout page `id` ends: the app hands back its redirect (`handleExternalURL`), a
    /// new flow or logout supersedes it, or `limit` passes on `clock`. Returns at once when it
    /// ended before the wait began.
    func waitForLogoutPage(_ id: UInt64, within limit: Duration, on clock: any AccessEnablerClock) async {
        guard let page = logoutPage, page.id == id, !page.finished else {
            if logoutPage?.id == id { logoutPage = nil }
            return
        }
        let deadline = Task { @MainActor [weak self] in
            guard (try? await clock.sleep(for: limit)) != nil else { return }
            self?.endLogoutPage(id)
        }
        await withCheckedContinuation { continuation in
            logoutPage = (id, false, continuation)
        }
        deadline.cancel()
    }

    /// Ends the logout page on screen (only page or request `id` when given), waited for or not
    /// yet; returns false when none was on screen.
    @discardableResult
    func endLogoutPage(_ id: UInt64? = nil) -> Bool {
        guard let page = logoutPage, !page.finished, id == nil || page.id == id else { return false }
        safari?.dismiss()
        if let continuation = page.continuation {
            logoutPage = nil
            continuation.resume()
        } else {
            logoutPage = (page.id, true, nil)
        }
        return true
    }

    /// Cancels what waits for the app: everything (a new flow, `setSelectedProvider(nil)`, a
    /// new request replacing an unanswered one), or only request `id` (its flow was cancelled; a
    /// newer flow's request stays). A logout page ends as if it had finished.
    func cancelWaiting(_ id: UInt64? = nil) {
        if id == nil { supersessions += 1 }
        endLogoutPage(id)
        if let request = providerRequest, id == nil || request.id == id {
            providerRequest = nil
            request.continuation.resume(throwing: CancellationError())
        }
        if let request = loginRequest, id == nil || request.id == id {
            loginRequest = nil
            safari?.dismiss()
            request.continuation.resume(throwing: CancellationError())
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
