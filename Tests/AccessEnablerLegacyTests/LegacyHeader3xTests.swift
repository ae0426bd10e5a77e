import AccessEnabler
@testable import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// The two members of Adobe's 3.x `AccessEnabler.h` its API reference never documents:
/// `svcRedirectURL` and `dispatchStatus:`.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct LegacyHeader3xTests {
    static let chosenRedirect = "adbe.u-chosen-by-the-app://adobe.com"

    /// Loads the last page handed to the app like Safari, until `redirect`: where it ended.
    func loadInSafari(_ harness: LegacyHarness, until redirect: String) async throws -> String {
        let browser = HeadlessPresenter(
            mvpdID: "Cablevision", username: "alice", password: "alice-password", transport: harness.emulator.transport)
        return try await browser.presentLogin(
            url: try #require(harness.delegate.navigations.last.flatMap(URL.init(string:))),
            redirectURL: try #require(URL(string: redirect))
        ).absoluteString
    }

    /// `svcRedirectURL` is where the login of an MVPD that opens in Safari ends, in place of the
    /// scheme the registration issued; `handleExternalURL` takes it.
    @Test(arguments: legacyBackends)
    func svcRedirectURLIsWhereTheSafariLoginEnds(backend: AsyncAccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend, scenario: .safariCablevision)
        harness.legacy.setOptions(["handleSVC": true])
        harness.legacy.svcRedirectURL = Self.chosenRedirect
        #expect(harness.legacy.svcRedirectURL == Self.chosenRedirect)
        await harness.configure()
        harness.legacy.getAuthentication()
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider("Cablevision")
        #expect(await harness.delegate.next(1).first?.hasSuffix(", useSVC: true)") == true)

        let landed = try await loadInSafari(harness, until: Self.chosenRedirect)
        #expect(landed.hasPrefix(Self.chosenRedirect), "ends on the URL the app set, not the registration's")
        harness.legacy.handleExternalURL(landed)
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
    }

    /// The web view's MVPDs keep `adobepass://ios.app`; clearing the property goes back to the
    /// registration's scheme.
    @Test func svcRedirectURLServesOnlySafariMVPDsAndClears() async throws {
        let harness = LegacyHarness(backend: .restV2, scenario: .safariCablevision)
        harness.legacy.setOptions(["handleSVC": true])
        harness.legacy.svcRedirectURL = Self.chosenRedirect
        await harness.configure()
        harness.legacy.setSelectedProvider("AutoCable")
        #expect(await harness.delegate.next(1).first?.contains("useSVC") == false)
        let landed = try await harness.loadLastNavigation(mvpd: "AutoCable")
        #expect(landed.hasPrefix(ADOBEPASS_REDIRECT_URL))
        harness.legacy.handleExternalURL(landed)
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])

        harness.legacy.svcRedirectURL = nil
        #expect(harness.legacy.svcRedirectURL == nil)
        await harness.legacy.session.optionsUpdate?.value(awaiting: "the options update")
        #expect(await harness.legacy.accessEnabler.currentOptions.safariRedirectURL == nil)
        harness.legacy.svcRedirectURL = "not a URL"
        await harness.legacy.session.optionsUpdate?.value(awaiting: "the options update")
        #expect(await harness.legacy.accessEnabler.currentOptions.safariRedirectURL == nil, "not a URL: none")
        #expect(await harness.legacy.accessEnabler.currentOptions.handleSVC, "the other options stay")
    }

    /// The typed `setOptions(_:)` replaces `svcRedirectURL` too: the getter reads what the core
    /// holds after it, not the value set before. Before, it kept the property's old value.
    @Test func theTypedSetOptionsReplacesSvcRedirectURL() async throws {
        let harness = LegacyHarness(backend: .restV2)
        harness.legacy.svcRedirectURL = Self.chosenRedirect
        harness.legacy.setOptions(AsyncAccessEnabler.Options(handleSVC: true))
        #expect(harness.legacy.svcRedirectURL == nil)
        await harness.legacy.session.optionsUpdate?.value(awaiting: "the options update")
        #expect(await harness.legacy.accessEnabler.currentOptions.safariRedirectURL == nil)

        let typed = try #require(URL(string: "adbe.typed://adobe.com"))
        harness.legacy.setOptions(AsyncAccessEnabler.Options(safariRedirectURL: typed))
        #expect(harness.legacy.svcRedirectURL == typed.absoluteString)
        await harness.legacy.session.optionsUpdate?.value(awaiting: "the options update")
        #expect(await harness.legacy.accessEnabler.currentOptions.safariRedirectURL == typed)
    }

    /// `dispatchStatus:` hands the dictionary, as it is, to the status delegate on the main
    /// thread.
    @Test func dispatchStatusReachesTheStatusDelegate() async {
        let harness = LegacyHarness(backend: .restV2)
        harness.legacy.statusDelegate = harness.delegate
        harness.delegate.recordStatus = true
        harness.legacy.dispatchStatus(["errorId": "APP2", "level": "info", "message": "from the app"])
        #expect(await harness.delegate.next(1) == ["status(APP2)"])
        #expect(harness.delegate.statusReports == [["errorId": "APP2", "level": "info", "message": "from the app"]])
    }
}
