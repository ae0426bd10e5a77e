import Foundation

/// The web login presenter's logic, for any session type: the picker (with its fallback), the
/// callback decision, running one session at a time on the main actor, cancellation both ways
/// (the viewer closes the sheet → `CancellationError`; the task is cancelled → the sheet closes)
/// and the outcome mapping. `WebAuthenticationSessionPresenter` binds it to
/// `ASWebAuthenticationSession`; the tests bind it to a fake.
struct WebLoginPresenter: AuthenticationPresenter {
    /// Shows the MVPD picker; nil = the viewer cancelled.
    typealias Picker = @Sendable (_ providers: [MVPD]) async throws -> MVPD?

    var picker: Picker
    var prefersEphemeralWebBrowserSession: Bool
    var skipsPickerForSingleProvider: Bool
    /// Whether the OS matches `https` callbacks (iOS 17.4, macOS 14.4).
    var httpsCallbackAvailable: Bool
    var makeSession: WebLoginSessionFactory

    /// `ASWebAuthenticationSession` catches its callback itself, on any custom scheme: the app
    /// registers none.
    var requiresRegisteredURLScheme: Bool { false }

    func selectProvider(from providers: [MVPD]) async throws -> MVPD? {
        switch providers.count {
        // Nothing to pick from: as if the viewer cancelled (providerNotSelected).
        case 0: return nil
        case 1 where skipsPickerForSingleProvider: return providers[0]
        default: return try await picker(providers)
        }
    }

    func presentLogin(url: URL, redirectURL: URL) async throws -> URL {
        let callback = try WebLoginCallback(redirectURL: redirectURL, httpsAvailable: httpsCallbackAvailable)
        let request = WebLoginRequest(
            url: url, callback: callback, prefersEphemeralWebBrowserSession: prefersEphemeralWebBrowserSession)
        let run = await WebLoginRun(makeSession: makeSession)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                Task { @MainActor in run.begin(request, continuation) }
            }
        } onCancel: {
            Task { @MainActor in run.cancel() }
        }
    }
}

/// One session's life: resumes its continuation exactly once, whichever comes first of the
/// completion handler, a start failure and a cancellation.
@MainActor
final class WebLoginRun {
    private let makeSession: WebLoginSessionFactory
    private var session: (any WebLoginSession)?
    private var continuation: CheckedContinuation<URL, any Error>?
    private var cancelled = false

    init(makeSession: @escaping WebLoginSessionFactory) { self.makeSession = makeSession }

    /// Starts the session (the completion handler keeps this run alive until it finishes).
    func begin(_ request: WebLoginRequest, _ continuation: CheckedContinuation<URL, any Error>) {
        guard !cancelled else {
            continuation.resume(throwing: CancellationError())
            return
        }
        self.continuation = continuation
        let session = makeSession(request) { url, error in
            Task { @MainActor in self.finish(WebLoginOutcome.resolve(callbackURL: url, error: error)) }
        }
        self.session = session
        if !session.start() {
            finish(
                .failure(
                    AccessEnablerError.presentationFailed.with(
                        details: "The web authentication session could not start.")))
        }
    }

    func cancel() {
        cancelled = true
        session?.cancel()
        finish(.failure(CancellationError()))
    }

    private func finish(_ result: Result<URL, any Error>) {
        guard let continuation else { return }
        self.continuation = nil
        session = nil
        continuation.resume(with: result)
    }
}
