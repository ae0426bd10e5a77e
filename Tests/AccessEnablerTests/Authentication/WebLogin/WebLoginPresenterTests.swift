import AccessEnablerTesting
import Foundation
import Testing
@testable import AccessEnabler

/// The web login presenter's decisions, without AuthenticationServices: the callback taken from
/// the redirect URL, the outcome mapping, the picker fallback, and whole logins and logouts
/// through a fake session that browses the emulator's pages.
@Suite(.timeLimit(.minutes(5))) struct WebLoginPresenterTests {
    static let redirect = URL(string: "adobepass://ios.app")!

    @Test(arguments: [
        ("adobepass://ios.app", WebLoginCallback.customScheme("adobepass")),
        ("adbe.3F2a-9b://adobe.com", .customScheme("adbe.3f2a-9b")),
        ("HTTPS://Login.Example.com/tve/done?x=1", .https(host: "login.example.com", path: "/tve/done")),
        ("https://login.example.com", .https(host: "login.example.com", path: "/")),
    ])
    func theCallbackComesFromTheRedirectURL(redirect: String, callback: WebLoginCallback) throws {
        #expect(try WebLoginCallback(redirectURL: URL(string: redirect)!, httpsAvailable: true) == callback)
    }

    @Test(arguments: ["https://login.example.com/done", "http://login.example.com/done", "no-scheme"])
    func redirectsNoSessionCanCatchAreRefused(redirect: String) {
        // https only from iOS 17.4 / macOS 14.4; http never; a URL needs a scheme.
        #expect(throws: AccessEnablerError.invalidRedirectURL) {
            try WebLoginCallback(redirectURL: URL(string: redirect)!, httpsAvailable: false)
        }
    }

    @Test func outcomesMapToTheSDKsSemantics() throws {
        let landed = URL(string: "adobepass://ios.app?x=1")!
        #expect(try WebLoginOutcome.resolve(callbackURL: landed, error: nil).get() == landed)
        let domain = WebLoginOutcome.errorDomain
        #expect(throws: CancellationError.self) {
            try WebLoginOutcome.resolve(callbackURL: nil, error: NSError(domain: domain, code: 1)).get()
        }
        for error in [
            NSError(domain: domain, code: 2), NSError(domain: domain, code: 3),
            NSError(domain: "NSURLErrorDomain", code: -1009),
        ] {
            #expect(throws: AccessEnablerError.presentationFailed) {
                try WebLoginOutcome.resolve(callbackURL: nil, error: error).get()
            }
        }
        #expect(throws: AccessEnablerError.presentationFailed) {
            try WebLoginOutcome.resolve(callbackURL: nil, error: nil).get()
        }
    }

    @Test func thePickerFallsBackOnlyWhenThereIsNothingToChoose() async throws {
        let calls = LockedValue(0)
        let provider = URL(string: "https://sp.example")!
        let one = [MVPD(id: "Solo", serviceProvider: provider)]
        let two = one + [MVPD(id: "Duo", serviceProvider: provider)]
        func presenter(skips: Bool) -> WebLoginPresenter {
            FakeWebSession.presenter(.wait, log: .init(), skipsPickerForSingleProvider: skips) { providers in
                calls.withLock { $0 += 1 }
                return providers.last
            }
        }
        #expect(try await presenter(skips: true).selectProvider(from: []) == nil)
        #expect(try await presenter(skips: true).selectProvider(from: one)?.id == "Solo")
        #expect(calls.withLock { $0 } == 0)
        #expect(try await presenter(skips: false).selectProvider(from: one)?.id == "Solo")
        #expect(try await presenter(skips: true).selectProvider(from: two)?.id == "Duo")
        #expect(calls.withLock { $0 } == 2)
    }

    /// Login and logout through the same kind of session: the callback scheme of the redirect
    /// URL, the ephemeral choice, the MVPD's login page, then its logout page.
    @Test(arguments: [false, true])
    func loginAndLogoutRunThroughTheSession(ephemeral: Bool) async throws {
        let harness = Harness()
        try await harness.configure()
        let log = FakeWebSession.Log()
        let presenter = FakeWebSession.presenter(
            .browse(harness.presenter("Cablevision"), redirectURL: Self.redirect), log: log, ephemeral: ephemeral)
        let authentication = try await harness.enabler.authenticate(presenter: presenter)
        #expect(authentication.mvpd.id == "Cablevision")
        await harness.emulator.clearRequestLog()
        try await harness.enabler.logout(presenter: presenter)
        #expect(await harness.emulator.requests(to: .browserLogout).count == 1)

        let requests = log.requests.withLock { $0 }
        #expect(requests.count == 2)
        #expect(requests.allSatisfy { $0.callback == .customScheme("adobepass") })
        #expect(requests.allSatisfy { $0.prefersEphemeralWebBrowserSession == ephemeral })
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
    }

    @Test func closingTheSheetCancelsTheLogin() async throws {
        let harness = Harness()
        try await harness.configure()
        let closed = NSError(domain: WebLoginOutcome.errorDomain, code: WebLoginOutcome.canceledLogin)
        let presenter = FakeWebSession.presenter(.fail(closed), log: .init())
        await #expect(throws: CancellationError.self) { try await harness.enabler.authenticate(presenter: presenter) }
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
    }

    @Test func cancellingTheTaskClosesTheSheet() async throws {
        let harness = Harness()
        try await harness.configure()
        let log = FakeWebSession.Log()
        let presenter = FakeWebSession.presenter(.wait, log: log)
        let login = Task { try await harness.enabler.authenticate(presenter: presenter) }
        _ = try await log.started.first(awaiting: "the web session to start")
        login.cancel()
        await #expect(throws: CancellationError.self) { try await login.value(awaiting: "the login") }
        #expect(log.cancels.withLock { $0 } == 1)
    }

    @Test func aSessionThatCannotStartIsAPresentationFailure() async throws {
        let harness = Harness()
        try await harness.configure()
        let presenter = FakeWebSession.presenter(.refuseToStart, log: .init())
        await #expect(throws: AccessEnablerError.presentationFailed) {
            try await harness.enabler.authenticate(presenter: presenter)
        }
    }

    /// The custom scheme catches any URL of that scheme; the SDK still checks host and path.
    @Test func aLookAlikeRedirectIsRefused() async throws {
        let harness = Harness()
        try await harness.configure()
        let presenter = FakeWebSession.presenter(.land(URL(string: "adobepass://ios.app.evil.com")!), log: .init())
        await #expect(throws: AccessEnablerError.invalidRedirectURL) {
            try await harness.enabler.authenticate(presenter: presenter)
        }
    }

    @Test func anHTTPSRedirectOnAnOlderOSFailsBeforeAnySheet() async throws {
        let harness = Harness { $0.redirectURL = URL(string: "https://tve.example.com/done")! }
        try await harness.configure()
        let log = FakeWebSession.Log()
        let presenter = FakeWebSession.presenter(.wait, log: log, httpsAvailable: false)
        await #expect(throws: AccessEnablerError.invalidRedirectURL) {
            try await harness.enabler.authenticate(presenter: presenter)
        }
        #expect(log.requests.withLock { $0 }.isEmpty)
    }
}
