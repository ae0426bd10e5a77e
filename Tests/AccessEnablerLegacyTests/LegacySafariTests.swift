import AccessEnabler
@testable import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// The app's custom scheme, issued with the software statement (the registration's `redirect_uris`).
let appSchemeRedirect = "adbe.u-legacy-test://adobe.com"

extension EmulatorScenario {
    /// The standard scenario where Cablevision's pages must open in Safari and the registration
    /// issues the app's scheme.
    static var safariCablevision: EmulatorScenario {
        var scenario = EmulatorScenario.standard
        for index in scenario.mvpds.indices where scenario.mvpds[index].id == "Cablevision" {
            scenario.mvpds[index].requiresSafariViewController = true
        }
        scenario.softwareStatements.redirectURIs = [appSchemeRedirect]
        return scenario
    }
}

/// Records what the adapter shows in its own Safari view controller.
@MainActor
final class RecordingSafari: SafariPagePresenting {
    private(set) var presented: [URL] = []
    private(set) var dismissals = 0
    private var onEnd: (@MainActor (SafariPageEnd) -> Void)?

    func present(_ url: URL, onEnd: @escaping @MainActor (SafariPageEnd) -> Void) {
        presented.append(url)
        self.onEnd = onEnd
    }

    func dismiss() {
        dismissals += 1
        onEnd = nil
    }

    /// The viewer taps "Done" (or swipes the sheet down).
    func tapDone() { onEnd?(.closedByViewer) }
}

@MainActor
@Suite(.timeLimit(.minutes(5))) struct LegacySafariTests {
    /// Loads `url` like Safari, as alice, until the app's scheme: where it ended.
    func loadInSafari(_ url: URL, mvpd: String, in harness: LegacyHarness) async throws -> String {
        let browser = HeadlessPresenter(
            mvpdID: mvpd, username: "alice", password: "alice-password", transport: harness.emulator.transport)
        return try await browser.presentLogin(url: url, redirectURL: try #require(URL(string: appSchemeRedirect)))
            .absoluteString
    }

    /// With `handleSVC`, only the MVPD that requires Safari goes to `navigate(toUrl:useSVC:)`; its
    /// login ends on the app's scheme, which `handleExternalURL` accepts. Other MVPDs keep the
    /// web view.
    @Test(arguments: legacyBackends)
    func onlyMVPDsThatRequireSafariGoToTheSafariCallback(backend: AsyncAccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend, scenario: .safariCablevision)
        harness.legacy.setOptions(["handleSVC": true])
        await harness.configure()
        harness.legacy.getAuthentication()
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider("AutoCable")
        let webView = await harness.delegate.next(1)
        #expect(
            webView.first.map { $0.hasPrefix("navigate(toUrl:") && !$0.contains("useSVC") } == true, "\(webView)")
        harness.legacy.setSelectedProvider("Cablevision")
        let safari = await harness.delegate.next(1)
        #expect(safari.first?.hasSuffix(", useSVC: true)") == true, "\(safari)")

        let landed = try await loadInSafari(
            try #require(harness.delegate.navigations.last.flatMap(URL.init(string:))), mvpd: "Cablevision",
            in: harness)
        #expect(landed.hasPrefix("adbe.u-legacy-test://"), "the MVPD flow ends on the app's scheme")
        harness.legacy.handleExternalURL(landed)
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])

        // The logout of that MVPD goes to Safari too and ends on the app's scheme.
        harness.legacy.logout()
        let logout = await harness.delegate.next(1)
        #expect(logout == ["navigate(toUrl: /adobe-services/logout, useSVC: true)"])
        let loggedOut = try await loadInSafari(
            try #require(harness.delegate.navigations.last.flatMap(URL.init(string:))), mvpd: "Cablevision",
            in: harness)
        #expect(loggedOut.hasPrefix("adbe.u-legacy-test://"))
        harness.legacy.handleExternalURL(loggedOut)
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"User Not Authenticated Error\")"])
    }

    /// Without `handleSVC` the adapter presents the Safari view controller itself (iOS) and
    /// dismisses it when the app hands the redirect back; "Done" cancels the login.
    @Test(arguments: legacyBackends)
    func withoutHandleSVCTheAdapterPresentsSafari(backend: AsyncAccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend, scenario: .safariCablevision)
        let safari = RecordingSafari()
        harness.legacy.session.authentication.safari = safari
        await harness.configure()
        harness.legacy.getAuthentication()
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider("Cablevision")
        await eventually("the adapter presents Safari") { safari.presented.count == 1 }
        #expect(harness.delegate.navigations.isEmpty, "no navigate(toUrl:) for an MVPD that requires Safari")
        safari.tapDone()
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"Provider not Selected Error\")"])

        harness.legacy.setSelectedProvider("Cablevision")
        await eventually("the adapter presents Safari again") { safari.presented.count == 2 }
        let dismissalsBefore = safari.dismissals
        let landed = try await loadInSafari(try #require(safari.presented.last), mvpd: "Cablevision", in: harness)
        harness.legacy.handleExternalURL(landed)
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        #expect(safari.dismissals == dismissalsBefore + 1, "dismissed when the login ended")
    }

    /// A redirect URL the app configured itself serves every MVPD, Safari ones included.
    @Test func aRedirectURLTheAppConfiguredWins() async throws {
        let own = "myapp://signed-in"
        let harness = LegacyHarness(backend: .restV2, scenario: .safariCablevision) {
            $0.redirectURL = URL(string: own)!
        }
        harness.legacy.setOptions(["handleSVC": true])
        await harness.configure()
        harness.legacy.setSelectedProvider("Cablevision")
        #expect(await harness.delegate.next(1).first?.hasSuffix(", useSVC: true)") == true)
        let browser = HeadlessPresenter(
            mvpdID: "Cablevision", username: "alice", password: "alice-password", transport: harness.emulator.transport)
        let landed = try await browser.presentLogin(
            url: try #require(harness.delegate.navigations.last.flatMap(URL.init(string:))),
            redirectURL: try #require(URL(string: own)))
        #expect(landed.absoluteString.hasPrefix(own))
    }

    @Test func theRouteTable() {
        #expect(SafariPageRoute(requiresSafari: false, handleSVC: true, sdkCanPresentSafari: true) == .webView)
        #expect(SafariPageRoute(requiresSafari: true, handleSVC: true, sdkCanPresentSafari: true) == .appSafari)
        #expect(SafariPageRoute(requiresSafari: true, handleSVC: false, sdkCanPresentSafari: true) == .sdkSafari)
        #expect(SafariPageRoute(requiresSafari: true, handleSVC: false, sdkCanPresentSafari: false) == .appSafari)
    }

    /// The Safari routes come back through the app's URL handler (`handleExternalURL`), so they
    /// need the app's registered scheme; the web view stops at the redirect itself. Every route
    /// an MVPD that opens in Safari takes is one of them, so the adapter's presenters say so.
    @Test func theSafariRoutesNeedTheAppsRegisteredScheme() {
        #expect(!SafariPageRoute.webView.requiresRegisteredURLScheme)
        #expect(SafariPageRoute.appSafari.requiresRegisteredURLScheme)
        #expect(SafariPageRoute.sdkSafari.requiresRegisteredURLScheme)
        for handleSVC in [false, true] {
            for sdkCanPresentSafari in [false, true] {
                let route = SafariPageRoute(
                    requiresSafari: true, handleSVC: handleSVC, sdkCanPresentSafari: sdkCanPresentSafari)
                #expect(route.requiresRegisteredURLScheme, "\(route)")
            }
        }
        let bridge = AuthenticationBridge(
            callbacks: LegacyCallbacks(receivers: LegacyReceivers()), safari: nil,
            state: LegacyBridgeStateMachine.Shared())
        #expect(bridge.requiresRegisteredURLScheme)
        #expect(LogoutNavigator { _, _ in }.requiresRegisteredURLScheme)
    }

    /// In an app that does not register the scheme, the Safari login of either route fails with
    /// the configuration error before any page is shown: Safari could not come back.
    @Test(arguments: [false, true])
    func anAppWithoutTheSchemeFailsTheSafariLogin(handleSVC: Bool) async throws {
        let harness = LegacyHarness(backend: .restV2, scenario: .safariCablevision) {
            $0.appBundle = AppBundle(isApp: true, urlSchemes: ["myapp"])
        }
        let safari = RecordingSafari()
        harness.legacy.session.authentication.safari = safari
        harness.legacy.setOptions(["handleSVC": handleSVC])
        await harness.configure()
        harness.legacy.setSelectedProvider("Cablevision")
        let failed = await harness.delegate.next(1)
        #expect(failed.first?.hasPrefix("setAuthenticationStatus(0, ") == true, "\(failed)")
        #expect(harness.delegate.navigations.isEmpty)
        #expect(safari.presented.isEmpty)
    }
}

/// An MVPD that requires Safari, chosen where the adapter's picker never sees it: its page still
/// goes to Safari, the browser the core chose its redirect URL for.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct LegacySafariRoutingTests {
    @Test func anMVPDChosenInTheTVProviderPickerThatRequiresSafariGoesToSafari() async throws {
        let clock = TestClock()
        let emulator = PassEmulator(scenario: .safariCablevision, clock: clock)
        await emulator.enablePartnerSingleSignOn(
            mvpd: "Cablevision", platformMappingID: "Cablevision-Apple", boardingStatus: "PICKER")
        var configuration = LegacyHarness.configuration(on: emulator, clock: clock)
        configuration.partnerFramework = FakePartnerFramework(clock: clock, picker: .unsupported("Cablevision-Apple"))
        let legacy = LegacyAccessEnabler(softwareStatement: "legacy-test-statement", configuration: configuration)
        let delegate = RecordingDelegate()
        legacy.delegate = delegate
        legacy.setOptions(["handleSVC": true])
        legacy.setRequestor("REF")
        #expect(await delegate.next(1) == ["setRequestorComplete(1)"])

        legacy.getAuthentication([TV_PROVIDERS: ["Cablevision", "AutoCable"]])
        let page = await delegate.next(1)
        #expect(page.first?.hasSuffix(", useSVC: true)") == true, "no MVPD picker, and Safari: \(page)")
        let url = try #require(delegate.navigations.last.flatMap(URL.init(string:)))
        let browser = HeadlessPresenter(
            mvpdID: "Cablevision", username: "alice", password: "alice-password", transport: emulator.transport)
        let landed = try await browser.presentLogin(url: url, redirectURL: try #require(URL(string: appSchemeRedirect)))
        #expect(landed.absoluteString.hasPrefix("adbe.u-legacy-test://"), "the page ends on the app's scheme")
        legacy.handleExternalURL(landed.absoluteString)
        #expect(await delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
    }
}
