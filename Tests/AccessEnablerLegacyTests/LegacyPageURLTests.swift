import AccessEnabler
import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// A login or logout page URL that cannot be shown never reaches `navigate(toUrl:)`, the app's
/// Safari view controller or the adapter's: the core refuses it first. REST API v2 sends the
/// pages; REST API v1's are built on the (validated) service provider.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct LegacyPageURLTests {
    nonisolated static let hostile = [
        "javascript:alert(document.cookie)", "file:///etc/passwd", "data:text/html,<b>x</b>", "adbe.x://adobe.com",
        "ftp://sp.example/login", "https://viewer:password@mvpd.example/login",
    ]

    @Test(arguments: hostile)
    func aLoginPageThatCannotBeShownIsAGenericAuthenticationError(page: String) async throws {
        let harness = LegacyHarness(backend: .restV2)
        await harness.configure()
        await harness.emulator.forcePageURL(page)
        harness.legacy.getAuthentication()
        #expect(
            await harness.delegate.next(1) == ["displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])"])
        harness.legacy.setSelectedProvider("Cablevision")
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"\(GENERIC_AUTHENTICATION_ERROR)\")"])
        #expect(harness.delegate.navigations.isEmpty)
    }

    @Test(arguments: hostile)
    func aLogoutPageThatCannotBeShownIsNotNavigatedTo(page: String) async throws {
        let harness = LegacyHarness(backend: .restV2)
        await harness.configure()
        try await harness.signIn("Cablevision")
        let navigations = harness.delegate.navigations.count
        await harness.emulator.forcePageURL(page)
        harness.legacy.logout()
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"\(USER_NOT_AUTHENTICATED_ERROR)\")"])
        #expect(harness.delegate.navigations.count == navigations)
    }

    /// A loopback service provider's http pages are navigated to, on both backends.
    @Test(arguments: legacyBackends)
    func aLoopbackHTTPServiceProvidersPagesAreNavigatedTo(backend: AsyncAccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend, baseURL: URL(string: "http://127.0.0.1:8080")!)
        await harness.configure()
        try await harness.signIn("Cablevision")
        harness.legacy.logout()
        #expect(await harness.delegate.next(1) == ["navigate(toUrl: /adobe-services/logout)"])
        #expect(harness.delegate.navigations.allSatisfy { $0.hasPrefix("http://127.0.0.1:8080/") })
    }
}
