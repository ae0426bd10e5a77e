import AccessEnabler
import Foundation

/// Turns the core's presenter calls into the legacy callbacks and waits for the app's answers:
/// `selectProvider` → `displayProviderDialog`, answered by `setSelectedProvider`;
/// `presentLogin` → `navigateToUrl`, answered by `handleExternalURL` (or `setSelectedProvider(nil)`
/// to cancel).
@MainActor
final class AuthenticationBridge: AuthenticationPresenter {
    weak var owner: LegacyAccessEnabler?

    /// An MVPD chosen with `setSelectedProvider` outside a picker: used without showing one.
    var preselectedMVPD: String?
    /// Whether the current flow asked the app for anything (else it was answered from the cache).
    private(set) var interacted = false
    private var providerRequest: (providers: [MVPD], continuation: CheckedContinuation<MVPD?, any Error>)?
    private var loginRequest: CheckedContinuation<URL, any Error>?

    /// Whether a picker or a login page is waiting for the app.
    var isWaiting: Bool { providerRequest != nil || loginRequest != nil }
    /// Whether a login page is waiting for `handleExternalURL`.
    var isWaitingForLogin: Bool { loginRequest != nil }

    func beginFlow() { interacted = false }

    func selectProvider(from providers: [MVPD]) async throws -> MVPD? {
        interacted = true
        if let preselected = preselectedMVPD {
            preselectedMVPD = nil
            return Self.mvpd(preselected, in: providers)
        }
        owner?.emit { $0.displayProviderDialog(providers) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                providerRequest = (providers, continuation)
            }
        } onCancel: {
            Task { @MainActor in self.cancelWaiting() }
        }
    }

    func presentLogin(url: URL, redirectURL: URL) async throws -> URL {
        interacted = true
        if owner?.handleSVC == true {
            owner?.emit { $0.navigateToUrl(url.absoluteString, useSVC: true) }
        } else {
            owner?.emit { $0.navigateToUrl(url.absoluteString) }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                loginRequest = continuation
            }
        } onCancel: {
            Task { @MainActor in self.cancelWaiting() }
        }
    }

    /// Answers a waiting picker; returns false when none was waiting.
    func answerProvider(_ mvpdID: String?) -> Bool {
        guard let request = providerRequest else { return false }
        providerRequest = nil
        request.continuation.resume(returning: mvpdID.map { Self.mvpd($0, in: request.providers) })
        return true
    }

    /// Answers a waiting login page; returns false when none was waiting.
    func answerLogin(_ url: URL?) -> Bool {
        guard let request = loginRequest else { return false }
        loginRequest = nil
        if let url {
            request.resume(returning: url)
        } else {
            request.resume(throwing: AccessEnablerError.invalidRedirectURL)
        }
        return true
    }

    /// Cancels whatever waits for the app (a new flow, or `setSelectedProvider(nil)`).
    func cancelWaiting() {
        if let request = providerRequest {
            providerRequest = nil
            request.continuation.resume(throwing: CancellationError())
        }
        if let request = loginRequest {
            loginRequest = nil
            request.resume(throwing: CancellationError())
        }
    }

    /// The offered MVPD with `id`; an unknown ID becomes a placeholder the core rejects as
    /// `provider_not_available`.
    private static func mvpd(_ id: String, in providers: [MVPD]) -> MVPD {
        providers.first { $0.id == id } ?? MVPD(id: id, serviceProvider: URL(string: "about:blank")!)
    }
}

/// Logout's browser step: the legacy SDK hands the logout URL to the app and carries on.
struct LogoutNavigator: AuthenticationPresenter {
    let navigate: @MainActor @Sendable (URL) -> Void

    func selectProvider(from providers: [MVPD]) async throws -> MVPD? { nil }

    func presentLogin(url: URL, redirectURL: URL) async throws -> URL {
        await navigate(url)
        return redirectURL
    }
}
