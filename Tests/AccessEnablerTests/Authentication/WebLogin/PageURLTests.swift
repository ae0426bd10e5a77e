import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// The page URLs a service provider sends, through the core: a page that cannot be shown fails
/// the call with `invalid_page_url` before any presenter sees it, for login and logout. REST API
/// v2 sends the pages (the emulator is told to send hostile ones); REST API v1's are built by the
/// SDK on the service provider, so on v1 the rule is met by a loopback `http` service provider.
@Suite(.timeLimit(.minutes(10))) struct PageURLTests {
    /// Records every page the core hands over, then loads it as a browser would.
    struct RecordingPresenter: AuthenticationPresenter {
        let inner: HeadlessPresenter
        let pages = LockedValue<[URL]>([])

        func selectProvider(from providers: [MVPD]) async throws -> MVPD? {
            try await inner.selectProvider(from: providers)
        }

        func presentLogin(url: URL, redirectURL: URL) async throws -> URL {
            pages.withLock { $0.append(url) }
            return try await inner.presentLogin(url: url, redirectURL: redirectURL)
        }

        var shown: [URL] { pages.withLock { $0 } }
    }

    static func presenter(_ harness: Harness) -> RecordingPresenter {
        RecordingPresenter(inner: harness.presenter("Cablevision"))
    }

    static let hostile = [
        "javascript:alert(document.cookie)", "file:///etc/passwd", "data:text/html,<script>alert(1)</script>",
        "adbe.x://adobe.com", "ftp://sp.example/login", "http://mvpd.example/login",
        "https://viewer:password@mvpd.example/login",
    ]

    @Test(arguments: hostile)
    func aLoginPageThatCannotBeShownFailsTheLogin(page: String) async throws {
        let harness = Harness(backend: .restV2)
        try await harness.configure()
        await harness.emulator.forcePageURL(page)
        let presenter = Self.presenter(harness)
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.authenticate(presenter: presenter)
        }
        #expect(error == AccessEnablerError.invalidPageURL)
        #expect(error?.status.details?.hasPrefix("authenticate: the login page URL") == true)
        #expect(presenter.shown.isEmpty, "no presenter saw \(page)")
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
    }

    @Test(arguments: hostile)
    func aLogoutPageThatCannotBeShownIsSkippedAndTheViewerLoggedOut(page: String) async throws {
        let harness = Harness(backend: .restV2)
        try await harness.signIn()
        await harness.emulator.forcePageURL(page)
        let presenter = Self.presenter(harness)
        let outcome = try await harness.enabler.logout(presenter: presenter)
        #expect(outcome.incompleteError == AccessEnablerError.invalidPageURL)
        #expect(outcome.incompleteError?.status.details?.hasPrefix("logout: the logout page URL") == true)
        #expect(presenter.shown.isEmpty, "no presenter saw \(page)")
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false, "logged out locally")
    }

    /// A relative page resolves against the service provider (Adobe's samples send relative
    /// URLs); a scheme in capitals is shown, in lower case.
    @Test func relativeAndCapitalisedPagesAreShownAsHTTPS() async throws {
        let harness = Harness(backend: .restV2)
        try await harness.signIn()
        let host = try #require(harness.emulator.baseURL.host)
        await harness.emulator.forcePageURL(
            "HTTPS://\(host)/adobe-services/logout?redirect_url=adobepass%3A%2F%2Fios.app")
        let presenter = Self.presenter(harness)
        let outcome = try await harness.enabler.logout(presenter: presenter)
        #expect(outcome.incompleteError == nil)
        #expect(presenter.shown.map(\.scheme) == ["https"])
        #expect(await harness.emulator.requests(to: .browserLogout).count == 1)
    }

    /// A service provider on the loopback interface may be http, and so may its pages: login and
    /// logout on both backends.
    @Test(arguments: allBackends)
    func aLoopbackHTTPServiceProvidersPagesAreShown(backend: AccessEnabler.Backend) async throws {
        let clock = TestClock()
        let emulator = PassEmulator(baseURL: URL(string: "http://127.0.0.1:8080")!, clock: clock)
        let harness = Harness(backend: backend, clock: clock, emulator: emulator)
        try await harness.configure()
        let presenter = Self.presenter(harness)
        try await harness.enabler.authenticate(presenter: presenter)
        let outcome = try await harness.enabler.logout(presenter: presenter)
        #expect(outcome.incompleteError == nil)
        #expect(presenter.shown.count == 2)
        #expect(presenter.shown.allSatisfy { $0.scheme == "http" && $0.host == "127.0.0.1" })
    }
}
