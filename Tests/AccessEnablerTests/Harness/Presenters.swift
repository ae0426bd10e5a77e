import AccessEnabler
import AccessEnablerTesting
import Foundation

/// A presenter that picks an MVPD and answers the login with a fixed URL, recording the calls.
struct ScriptedPresenter: AuthenticationPresenter {
    var mvpdID: String?
    var landing: URL
    let calls = LockedValue<[String]>([])

    func selectProvider(from providers: [MVPD]) async throws -> MVPD? {
        calls.withLock { $0.append("select") }
        return providers.first { $0.id == mvpdID }
    }

    func presentLogin(url: URL, redirectURL: URL) async throws -> URL {
        calls.withLock { $0.append("login") }
        return landing
    }
}

/// A presenter that must not be used.
struct UnusablePresenter: AuthenticationPresenter {
    struct Used: Error {}
    func selectProvider(from providers: [MVPD]) async throws -> MVPD? { throw Used() }
    func presentLogin(url: URL, redirectURL: URL) async throws -> URL { throw Used() }
}

/// A presenter whose login page never finishes until the task is cancelled.
struct StuckPresenter: AuthenticationPresenter {
    var mvpdID: String
    let reachedLogin = LockedValue(false)

    func selectProvider(from providers: [MVPD]) async throws -> MVPD? {
        providers.first { $0.id == mvpdID }
    }

    func presentLogin(url: URL, redirectURL: URL) async throws -> URL {
        reachedLogin.withLock { $0 = true }
        // Cancellation ends the sleep at once; nothing waits for the day to pass.
        try await Task.sleep(for: .seconds(86_400))
        throw CancellationError()
    }
}

/// A presenter whose MVPD picker stays open until the task is cancelled.
struct OpenPickerPresenter: AuthenticationPresenter {
    let pickerShown = LockedValue(false)

    func selectProvider(from providers: [MVPD]) async throws -> MVPD? {
        pickerShown.withLock { $0 = true }
        try await Task.sleep(for: .seconds(86_400))
        throw CancellationError()
    }

    func presentLogin(url: URL, redirectURL: URL) async throws -> URL { throw CancellationError() }
}
