import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
@testable import LegacyMigrationFixture
import Testing

/// The app's screens for the migration fixture: records what the fixture's `TVProviderManager`
/// hands them — one line per delegate callback it received, in order, with the thread it ran on.
@MainActor
final class RecordingScreens: TVProviderScreens {
    private(set) var log: [String] = []
    private(set) var offMainThread: [String] = []
    private(set) var providers: [MVPD] = []
    private(set) var loginPages: [(url: URL, inSafari: Bool)] = []
    private(set) var tokens: [String: String] = [:]
    private(set) var tracking: [(event: Int32, data: [Any])] = []
    private(set) var metadata: [(key: Int32, value: Any?, encrypted: Bool, name: String?)] = []
    private let waiters = LineWaiters()

    private func record(_ line: String) {
        if !onMainQueue() { offMainThread.append(line) }
        log.append(line)
        waiters.recorded(log.count)
    }

    /// Waits for `extra` more lines, then returns the new ones. After `limit` the test fails at
    /// the caller, naming the lines awaited and those that came, and gets those that came followed
    /// by `RecordingDelegate.missingCallback` for each that did not (always `extra` lines).
    func next(_ extra: Int, within limit: Duration = waitLimit, sourceLocation: SourceLocation = #_sourceLocation)
        async -> [String]
    {
        let start = log.count
        if await !waiters.wait(for: start + extra, have: start, within: limit) {
            let got = Array(log[start...])
            Issue.record(
                "Timed out after \(limit) waiting for \(extra) more screen callbacks after \(log[..<start]); got \(got)",
                sourceLocation: sourceLocation)
        }
        let got = Array(log[start..<min(log.count, start + extra)])
        return got + Array(repeating: RecordingDelegate.missingCallback, count: extra - got.count)
    }

    func requestorConfigured(_ success: Bool) { record("requestorConfigured(\(success))") }
    func showProviderPicker(_ providers: [MVPD]) {
        self.providers = providers
        record("showProviderPicker(\(providers.map { $0.id ?? "nil" }))")
    }
    func showLoginPage(_ url: URL, inSafari: Bool) {
        loginPages.append((url, inSafari))
        record("showLoginPage(\(url.path), inSafari: \(inSafari))")
    }
    func authenticationChanged(isAuthenticated: Bool, errorCode: String) {
        record("authenticationChanged(\(isAuthenticated), \"\(errorCode)\")")
    }
    func updateLocks(unlocked: [String]) { record("updateLocks(\(unlocked))") }
    func play(resource: String, mediaToken: String) {
        tokens[resource] = mediaToken
        record("play(\(resource))")
    }
    func showAuthorizationError(resource: String, code: String, message: String) {
        record("showAuthorizationError(\(resource), \"\(code)\")")
    }
    func showProviderLogo(_ mvpd: MVPD?, logo: URL?) {
        record("showProviderLogo(\(mvpd?.id ?? "nil"), \(logo?.absoluteString ?? "nil"))")
    }
    func metadataUpdated(key: Int32, value: Any?, encrypted: Bool, name: String?) {
        metadata.append((key, value, encrypted, name))
        record("metadataUpdated(\(key), \(name ?? "-"), encrypted: \(encrypted))")
    }
    func statusReported(_ code: String, level: String, message: String) { record("statusReported(\(code), \(level))") }
    func recordAnalytics(event: Int32, data: [Any]) {
        tracking.append((event, data))
        record("recordAnalytics(\(event))")
    }
}

private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// Whether the caller runs on the main dispatch queue: the main thread's queue, where the main
/// actor runs. (On Linux the test runner drains it from a thread that is not the process's first
/// one, so `Thread.isMainThread` cannot tell.)
func onMainQueue() -> Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) == true
}

/// The migration fixture — integration code written against Adobe's Objective-C SDK, in Swift 5
/// mode, migrated with the guide's one edit (the import) — driven through a whole session on Linux against
/// the emulator: every callback reaches it once, in order, on the main thread, with the value
/// types the legacy SDK delivered.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct MigrationFixtureTests {
    /// The web view: loads a login page as `alice` and lets the app's navigation policy see where
    /// it ends.
    func loadLoginPage(_ url: URL, in harness: LegacyHarness) async throws -> URL {
        let browser = HeadlessPresenter(
            mvpdID: "Cablevision", username: "alice", password: "alice-password",
            transport: harness.emulator.transport)
        return try await browser.presentLogin(url: url, redirectURL: try #require(URL(string: ADOBEPASS_REDIRECT_URL)))
    }

    @Test(arguments: legacyBackends)
    func aWholeSessionThroughTheFixture(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        let screens = RecordingScreens()
        let manager = TVProviderManager(accessEnabler: harness.legacy)
        manager.screens = screens
        #expect(harness.legacy.delegate === manager, "the fixture registers itself")
        #expect(harness.legacy.statusDelegate === manager)

        // setRequestor → setRequestorComplete
        manager.start()
        #expect(await screens.next(1) == ["requestorConfigured(true)"])

        // checkAuthentication → status N000, setAuthenticationStatus(0, …), tracking
        manager.checkSignIn()
        #expect(
            await screens.next(3) == [
                "statusReported(N000, info)", "authenticationChanged(false, \"User Not Authenticated Error\")",
                "recordAnalytics(0)",
            ])

        // getAuthentication → displayProviderDialog with MVPD objects
        manager.signIn()
        #expect(await screens.next(1) == ["showProviderPicker([\"AutoCable\", \"Cablevision\", \"TempPass\"])"])
        let autoCable = try #require(screens.providers.first)
        #expect(autoCable.displayName == "Auto Cable")
        #expect(autoCable.logoURL == "https://logos.pass-emulator.test/autocable.png")
        #expect(autoCable.enablePlatformServices == false)
        #expect(autoCable.boardingStatus == nil)

        // setSelectedProvider → tracking, navigate(toUrl:)
        manager.providerChosen(screens.providers.first { $0.id == "Cablevision" })
        let selection = await screens.next(2)
        #expect(selection[0] == "recordAnalytics(\(TRACKING_GET_SELECTED_PROVIDER))")
        #expect(selection[1].hasPrefix("showLoginPage(/api/v") && selection[1].hasSuffix("inSafari: false)"))
        #expect(screens.tracking.last?.data.first as? String == "Cablevision")

        // the web view reaches the redirect URL → handleExternalURL → setAuthenticationStatus(1, "")
        let landed = try await loadLoginPage(try #require(screens.loginPages.last?.url), in: harness)
        #expect(manager.webViewShouldLoad(landed) == false, "the redirect URL is never loaded")
        #expect(
            await screens.next(2) == [
                "authenticationChanged(true, \"\")", "recordAnalytics(\(TRACKING_AUTHENTICATION))",
            ])
        #expect(manager.isAuthenticated)
        let authenticationTracking = try #require(screens.tracking.last?.data as? [String])
        #expect(authenticationTracking.count == 7)
        #expect(Array(authenticationTracking[0...1]) == ["true", "Cablevision"])

        // checkPreauthorizedResources → preauthorizedResources as Strings
        manager.loadCatalogue(["news", "premium", "sports"])
        #expect(await screens.next(1) == ["updateLocks([\"news\", \"sports\"])"])

        // getAuthorization(resources.first) → setToken, tracking
        manager.play(["sports", "news"])
        #expect(await screens.next(2) == ["play(sports)", "recordAnalytics(\(TRACKING_AUTHORIZATION))"])
        #expect(screens.tokens["sports"]?.isEmpty == false)
        #expect(manager.mediaTokens["sports"] == screens.tokens["sports"])

        // getMetadata: the authentication TTL, the device ID, user metadata, an authorization TTL
        manager.loadAccountDetails(userMetadata: ["zip", "maxRating", "channelID"])
        manager.loadPlaybackWindow(for: "sports")
        // Six concurrent requests: each answer comes once, matched by its key and arguments (the
        // legacy contract); they arrive in the order they complete.
        #expect(
            await screens.next(6).sorted() == [
                "metadataUpdated(\(METADATA_AUTHENTICATION), -, encrypted: false)",
                "metadataUpdated(\(METADATA_AUTHORIZATION), -, encrypted: false)",
                "metadataUpdated(\(METADATA_DEVICE_ID), -, encrypted: false)",
                "metadataUpdated(\(METADATA_USER_META), channelID, encrypted: false)",
                "metadataUpdated(\(METADATA_USER_META), maxRating, encrypted: false)",
                "metadataUpdated(\(METADATA_USER_META), zip, encrypted: true)",
            ])
        let expiry = try #require(manager.authenticationExpiry)
        #expect(
            Int64(expiry) == Int64(harness.clock.now.addingTimeInterval(3600).timeIntervalSince1970 * 1000),
            "static metadata is text: epoch milliseconds")
        #expect(manager.deviceID?.isEmpty == false, "the device ID is text")
        #expect(manager.userMetadata["zip"] is String, "an encrypted value is the text to decrypt")
        let rating = try #require(
            manager.userMetadata["maxRating"] as? NSDictionary, "user metadata bridges to NSDictionary")
        #expect(rating["MPAA"] as? String == "PG-13")
        let channels = try #require(manager.userMetadata["channelID"] as? NSArray, "and to NSArray")
        #expect(channels.compactMap { $0 as? String } == ["news", "sports", "movies", "kids"])
        let window = try #require(
            screens.metadata.first { $0.key == METADATA_AUTHORIZATION }?.value as? String,
            "the authorization TTL is text")
        #expect(Int64(window) == Int64(harness.clock.now.addingTimeInterval(1800).timeIntervalSince1970 * 1000))

        // logout → navigate(toUrl:) with the logout page; the web view reaches the redirect URL →
        // handleExternalURL → setAuthenticationStatus(0, …)
        manager.signOut()
        let logout = await screens.next(1)
        #expect(logout[0].hasPrefix("showLoginPage(/adobe-services/logout"))
        let loggedOut = try await loadLoginPage(try #require(screens.loginPages.last?.url), in: harness)
        #expect(manager.webViewShouldLoad(loggedOut) == false)
        #expect(await screens.next(1) == ["authenticationChanged(false, \"User Not Authenticated Error\")"])
        #expect(manager.isAuthenticated == false)

        // One more round trip: nothing arrived twice or late in between.
        manager.showProvider()
        #expect(await screens.next(1) == ["showProviderLogo(nil, nil)"])
        #expect(screens.log.count == 21)
        #expect(screens.offMainThread.isEmpty, "every callback ran on the main thread")
        #expect(manager.advancedStatus.count == 1)
        #expect(manager.trackingEvents.count == 4)
        #expect(manager.trackingEvents.allSatisfy { $0.data.allSatisfy { $0 is String } }, "tracking data are Strings")
    }

    @Test(arguments: legacyBackends)
    func theSafariCallbackIsCalledWhenTheAppImplementsItAndSetsHandleSVC(backend: AccessEnabler.Backend) async throws {
        // Cablevision's pages must open in Safari; the registration issues the app's scheme.
        let harness = LegacyHarness(backend: backend, scenario: .safariCablevision)
        let screens = RecordingScreens()
        let manager = TVProviderManager(accessEnabler: harness.legacy, useSafariViewController: true)
        manager.screens = screens
        manager.start()
        #expect(await screens.next(1) == ["requestorConfigured(true)"])
        manager.signIn()
        _ = await screens.next(1)
        manager.providerChosen(screens.providers.first { $0.id == "Cablevision" })
        let selection = await screens.next(2)
        #expect(
            selection[1].hasPrefix("showLoginPage(/api/v") && selection[1].hasSuffix("inSafari: true)"),
            "navigate(toUrl:useSVC:) with useSVC = true")
        // Safari reaches the app's custom scheme; iOS opens the app with it and the app hands it over.
        let browser = HeadlessPresenter(
            mvpdID: "Cablevision", username: "alice", password: "alice-password",
            transport: harness.emulator.transport)
        let appScheme = try #require(URL(string: appSchemeRedirect))
        let landed = try await browser.presentLogin(
            url: try #require(screens.loginPages.last?.url), redirectURL: appScheme)
        #expect(landed.scheme == appScheme.scheme)
        manager.loginPageFinished(at: landed)
        #expect(
            await screens.next(2) == [
                "authenticationChanged(true, \"\")", "recordAnalytics(\(TRACKING_AUTHENTICATION))",
            ])
        // The logout page opens in Safari too and ends on the app's scheme.
        manager.signOut()
        let logout = await screens.next(1)
        #expect(logout[0].hasPrefix("showLoginPage(/adobe-services/logout") && logout[0].hasSuffix("inSafari: true)"))
        let loggedOut = try await browser.presentLogin(
            url: try #require(screens.loginPages.last?.url), redirectURL: appScheme)
        #expect(loggedOut.scheme == appScheme.scheme)
        manager.loginPageFinished(at: loggedOut)
        #expect(await screens.next(1) == ["authenticationChanged(false, \"User Not Authenticated Error\")"])
        #expect(screens.loginPages.map(\.inSafari) == [true, true])
    }

    @Test(arguments: legacyBackends)
    func cancellingThePickerWithNilAndAnUnknownOptionalResource(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        let screens = RecordingScreens()
        let manager = TVProviderManager(accessEnabler: harness.legacy)
        manager.screens = screens
        manager.start()
        _ = await screens.next(1)
        manager.signIn()
        _ = await screens.next(1)
        manager.pickerCancelled()
        #expect(
            await screens.next(3) == [
                "statusReported(N005, info)", "authenticationChanged(false, \"Provider not Selected Error\")",
                "recordAnalytics(0)",
            ])
        #expect(manager.providers.isEmpty)
        // `checkAuthorization(resource)` with a String? that is nil: a failure, not a crash.
        manager.checkEntitlement(nil)
        let failure = await screens.next(12)
        #expect(failure.filter { $0 == "statusReported(N000, info)" }.count == 2, "as checkAuthentication reports")
        #expect(
            failure.filter { $0.hasPrefix("authenticationChanged(false, \"User Not Authenticated Error\")") }.count == 2
        )
        #expect(failure.filter { $0 == "recordAnalytics(\(TRACKING_AUTHENTICATION))" }.count == 2)
        #expect(
            failure.filter { $0.hasPrefix("showAuthorizationError(, \"User Not Authenticated Error\")") }.count == 2)
        #expect(failure.filter { $0 == "statusReported(N130, error)" }.count == 2)
        #expect(failure.filter { $0 == "recordAnalytics(\(TRACKING_AUTHORIZATION))" }.count == 2)
    }
}

/// The fixture keeps the code before and after migration in one file: `#if OLD_API` (the code
/// written against Adobe's framework) and `#else` (the migrated code). The only conditional code is
/// the import line: the migration guide's one edit. Everything else, `AccessEnabler(...)` and
/// `MVPD` included, is the code written against the Objective-C SDK, unchanged.
@Suite(.timeLimit(.minutes(5))) struct MigrationEditsTests {
    @Test func theOldAndMigratedCodeDifferByTheImportLineOnly() throws {
        let fixture = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("LegacyMigrationFixture/TVProviderManager.swift")
        let code = try String(contentsOf: fixture, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.hasPrefix("//") }
        let conditional = code.filter { $0.hasPrefix("#if") || $0.hasPrefix("#else") || $0.hasPrefix("#elseif") }
        #expect(
            conditional.filter { $0.contains("OLD_API") } == ["#if OLD_API"], "one `#if OLD_API` block")
        let start = try #require(code.firstIndex(of: "#if OLD_API"))
        #expect(
            Array(code[start...].prefix(5)) == [
                "#if OLD_API", "import AccessEnabler", "#else", "import AccessEnablerLegacy", "#endif",
            ])
        #expect(code.contains("let accessEnabler: AccessEnabler"), "the legacy class keeps its name")
        #expect(code.contains { $0.contains("AccessEnabler(softwareStatement)") })
        #expect(!code.contains { $0.contains("LegacyAccessEnabler") })
    }
}

/// A delegate that implements only the callbacks the Objective-C protocol requires.
@MainActor
final class MinimalDelegate: NSObject, @preconcurrency EntitlementDelegate {
    private(set) var navigations: [String] = []
    func setRequestorComplete(_ status: Int32) {}
    func setAuthenticationStatus(_ status: Int32, errorCode code: String!) {}
    func setToken(_ token: String!, forResource resource: String!) {}
    func tokenRequestFailed(_ resource: String!, errorCode code: String!, errorDescription description: String!) {}
    func displayProviderDialog(_ mvpds: [Any]!) {}
    func navigate(toUrl url: String!) {
        navigations.append(url)
    }
}

@MainActor
@Suite(.timeLimit(.minutes(5))) struct OptionalCallbackTests {
    @Test(arguments: legacyBackends)
    func withoutTheSafariCallbackTheLoginPageGoesToNavigateToUrl(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        let delegate = MinimalDelegate()
        harness.legacy.delegate = delegate
        harness.legacy.setOptions(["handleSVC": true])
        harness.legacy.setRequestor("REF")
        harness.legacy.setSelectedProvider("Cablevision")
        await eventually("the login page handed to navigate(toUrl:)") { !delegate.navigations.isEmpty }
        #expect(delegate.navigations.count == 1)
        #expect(delegate.navigations.first?.contains("/api/v") == true)
    }
}
