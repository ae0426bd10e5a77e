import AccessEnablerTesting
import Foundation
@testable import AccessEnabler

/// A stand-in for `ASWebAuthenticationSession`: what it does once started, and a record of what
/// the presenter asked of it. `browse` loads the pages with the headless browser, as a viewer
/// signing in would.
@MainActor
final class FakeWebSession: WebLoginSession {
    enum Script: Sendable {
        case browse(HeadlessPresenter, redirectURL: URL)
        case land(URL)
        case fail(any Error)
        /// Shows the sheet and waits for the viewer (cancel ends it, as Apple's session does).
        case wait
        case refuseToStart
    }

    /// What every session of one presenter was asked and how it ended.
    final class Log: Sendable {
        let requests = LockedValue<[WebLoginRequest]>([])
        let cancels = LockedValue(0)
        let started: AsyncStream<Void>
        let startedContinuation: AsyncStream<Void>.Continuation
        init() { (started, startedContinuation) = AsyncStream<Void>.makeStream() }
    }

    private let request: WebLoginRequest
    private let completion: @Sendable (URL?, (any Error)?) -> Void
    private let script: Script
    private let log: Log

    init(
        _ request: WebLoginRequest, _ completion: @escaping @Sendable (URL?, (any Error)?) -> Void,
        script: Script, log: Log
    ) {
        self.request = request
        self.completion = completion
        self.script = script
        self.log = log
        log.requests.withLock { $0.append(request) }
    }

    func start() -> Bool {
        switch script {
        case .refuseToStart: return false
        case .land(let url): completion(url, nil)
        case .fail(let error): completion(nil, error)
        case .wait: break
        case .browse(let browser, let redirectURL):
            let (url, completion) = (request.url, completion)
            Task {
                do { completion(try await browser.presentLogin(url: url, redirectURL: redirectURL), nil) } catch {
                    completion(nil, error)
                }
            }
        }
        log.startedContinuation.yield()
        return true
    }

    func cancel() {
        log.cancels.withLock { $0 += 1 }
        completion(nil, NSError(domain: WebLoginOutcome.errorDomain, code: WebLoginOutcome.canceledLogin))
    }

    /// A presenter whose sessions follow `script`.
    nonisolated static func presenter(
        _ script: Script, log: Log, ephemeral: Bool = false, httpsAvailable: Bool = true,
        skipsPickerForSingleProvider: Bool = false,
        picker: @escaping WebLoginPresenter.Picker = { $0.first { $0.id == "Cablevision" } }
    ) -> WebLoginPresenter {
        WebLoginPresenter(
            picker: picker, prefersEphemeralWebBrowserSession: ephemeral,
            skipsPickerForSingleProvider: skipsPickerForSingleProvider, httpsCallbackAvailable: httpsAvailable,
            makeSession: { request, completion in FakeWebSession(request, completion, script: script, log: log) })
    }
}
