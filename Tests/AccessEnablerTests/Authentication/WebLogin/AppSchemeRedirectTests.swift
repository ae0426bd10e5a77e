import AccessEnablerTesting
import Foundation
import Testing
@testable import AccessEnabler

/// MVPDs whose pages must open in Safari end them on the app's custom scheme, found as the legacy
/// SDK found it: the registration's `redirect_uris`, else the bundle's URL types.
@Suite(.timeLimit(.minutes(5))) struct AppSchemeRedirectTests {
    @Test func theRegistrationsAdbeURIIsTheAppScheme() {
        #expect(
            AppSchemeRedirect.url(in: ["adobepass://ios.app", "adbe.u-XFX://adobe.com"])?.absoluteString
                == "adbe.u-XFX://adobe.com")
        #expect(AppSchemeRedirect.url(in: ["adobepass://ios.app", "https://example.com/done"]) == nil)
    }

    @Test func theBundlesURLTypesNameTheScheme() {
        let types: [[String: Any]] = [
            ["CFBundleURLSchemes": ["myapp"]],
            ["CFBundleURLName": "adobe", "CFBundleURLSchemes": ["adbe.u-XFX"]],
        ]
        #expect(AppSchemeRedirect.url(inURLTypes: types)?.absoluteString == "adbe.u-XFX://adobe.com")
        #expect(AppSchemeRedirect.url(inURLTypes: [["CFBundleURLSchemes": ["myapp"]]]) == nil)
        #expect(AppSchemeRedirect.url(inURLTypes: "not a list") == nil)
    }

    /// The configuration's `requiresSVC` reaches the MVPD; the registration's `redirect_uris`
    /// become that MVPD's redirect URL, and the other MVPDs keep the configured one.
    @Test(arguments: AccessEnabler.Backend.allCases)
    func anMVPDThatRequiresSafariGetsTheRegisteredScheme(backend: AccessEnabler.Backend) async throws {
        var scenario = EmulatorScenario.standard
        for index in scenario.mvpds.indices where scenario.mvpds[index].id == "Cablevision" {
            scenario.mvpds[index].requiresSafariViewController = true
        }
        scenario.softwareStatements.redirectURIs = ["adbe.u-core-test://adobe.com"]
        let harness = Harness(backend: backend, scenario: scenario)
        let configuration = try await harness.configure()
        let cablevision = try #require(configuration.mvpd(withID: "Cablevision"))
        let autoCable = try #require(configuration.mvpd(withID: "AutoCable"))
        #expect(cablevision.requiresSafariViewController)
        #expect(!autoCable.requiresSafariViewController)
        #expect(
            try await harness.enabler.redirectURL(for: cablevision).absoluteString == "adbe.u-core-test://adobe.com")
        #expect(try await harness.enabler.redirectURL(for: autoCable) == AccessEnabler.defaultRedirectURL)

        let authentication = try await harness.enabler.authenticate(
            presenter: HeadlessPresenter(
                mvpdID: "Cablevision", username: "alice", password: "alice-password",
                transport: harness.emulator.transport))
        #expect(authentication.mvpd.requiresSafariViewController)
        // The login's start named the app's scheme as its redirect URL (a query item on REST API
        // v1, a form field on v2); the app's registration kept the configured one.
        let scheme = "adbe.u-core-test://adobe.com"
        let requests = await harness.emulator.requests
        let named = requests.filter { record in
            record.queryItems.contains { $0.value == scheme }
                || URLComponents(string: "?" + String(decoding: record.body ?? Data(), as: UTF8.self))?
                    .queryItems?.contains { $0.value == scheme } == true
        }
        #expect(!named.isEmpty, "no request named \(scheme)")
        #expect(named.allSatisfy { $0.route != .register })
    }

    /// An MVPD stored before the flag existed still decodes, as not requiring Safari.
    @Test func anMVPDStoredWithoutTheFlagDecodes() throws {
        let stored = Data(
            #"{"id":"Cablevision","displayName":"Optimum","isTempPass":false,"isProxy":false,"enablePlatformServices":false,"displayInPlatformPicker":false,"requiredMetadataFields":[],"serviceProvider":"https://sp.example.com"}"#
                .utf8)
        let mvpd = try JSONDecoder().decode(MVPD.self, from: stored)
        #expect(mvpd.id == "Cablevision" && !mvpd.requiresSafariViewController)
        let roundTrip = try JSONDecoder().decode(MVPD.self, from: JSONEncoder().encode(mvpd))
        #expect(roundTrip == mvpd)
    }

    static let registered = ["adobepass://ios.app", "adbe.u-XFX://adobe.com"]

    /// In an app the registration's scheme must be one the Info.plist registers; a tool or a
    /// test (not an app) catches the redirect itself.
    @Test func theChoiceComparesTheRegistrationWithTheAppsURLTypes() {
        let app = { AppBundle(isApp: true, urlSchemes: $0) }
        let url = URL(string: "adbe.u-XFX://adobe.com")!
        #expect(
            AppSchemeRedirect.choose(registered: Self.registered, bundle: app(["myapp", "adbe.u-XFX"])) == .url(url))
        #expect(AppSchemeRedirect.choose(registered: Self.registered, bundle: app(["ADBE.U-xfx"])) == .url(url))
        #expect(
            AppSchemeRedirect.choose(registered: Self.registered, bundle: app(["myapp"]))
                == .unregistered(scheme: "adbe.u-XFX"))
        #expect(
            AppSchemeRedirect.choose(registered: Self.registered, bundle: app(["adbe.u-OTHER"]))
                == .unregistered(scheme: "adbe.u-XFX"), "another adbe. scheme is not the registration's")
        #expect(
            AppSchemeRedirect.choose(registered: ["adobepass://ios.app"], bundle: app(["adbe.u-OWN"]))
                == .url(URL(string: "adbe.u-OWN://adobe.com")!))
        #expect(AppSchemeRedirect.choose(registered: ["adobepass://ios.app"], bundle: app([])) == .noScheme)
        let tool = AppBundle(isApp: false, urlSchemes: [])
        #expect(AppSchemeRedirect.choose(registered: Self.registered, bundle: tool) == .url(url))
        #expect(AppSchemeRedirect.choose(registered: [], bundle: tool) == .useConfigured)
    }

    static var safariScenario: EmulatorScenario {
        var scenario = EmulatorScenario.standard
        for index in scenario.mvpds.indices where scenario.mvpds[index].id == "Cablevision" {
            scenario.mvpds[index].requiresSafariViewController = true
        }
        scenario.softwareStatements.redirectURIs = ["adbe.u-core-test://adobe.com"]
        return scenario
    }

    /// An app that does not register the scheme: the Safari login fails with a configuration
    /// error naming the Info.plist entry (logged once), before any page is shown; instead of
    /// ending on `adobepass://ios.app`, which Safari cannot hand back.
    @Test(arguments: AccessEnabler.Backend.allCases)
    func anAppWithoutTheSchemeFailsTheSafariLogin(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend, scenario: Self.safariScenario) {
            $0.appBundle = AppBundle(isApp: true, urlSchemes: ["myapp"])
        }
        try await harness.configure()
        for _ in 0..<2 {
            let error = await #expect(throws: AccessEnablerError.self) {
                try await harness.enabler.authenticate(presenter: UnusablePresenterForMVPD(mvpdID: "Cablevision"))
            }
            #expect(error == AccessEnablerError.appSchemeNotRegistered)
            #expect(error?.action == .configuration)
            #expect(error?.status.details?.contains("CFBundleURLSchemes: adbe.u-core-test") == true)
        }
        let warnings = harness.logLines.all.filter { $0.message.contains("CFBundleURLSchemes: adbe.u-core-test") }
        #expect(warnings.count == 1, "logged once")
        // Another MVPD keeps the web view's redirect and signs in.
        try await harness.enabler.authenticate(presenter: harness.presenter("AutoCable"))
    }

    @Test func anAppThatRegistersTheSchemeSignsIn() async throws {
        let harness = Harness(backend: .restV2, scenario: Self.safariScenario) {
            $0.appBundle = AppBundle(isApp: true, urlSchemes: ["adbe.u-core-test"])
        }
        try await harness.configure()
        let authentication = try await harness.enabler.authenticate(presenter: harness.presenter("Cablevision"))
        #expect(authentication.mvpd.id == "Cablevision")
    }
}

/// Picks `mvpdID`; fails the test if a page is shown.
struct UnusablePresenterForMVPD: AuthenticationPresenter {
    var mvpdID: String

    func selectProvider(from providers: [MVPD]) async throws -> MVPD? { providers.first { $0.id == mvpdID } }

    func presentLogin(url: URL, redirectURL: URL) async throws -> URL {
        Issue.record("no page may be shown")
        throw CancellationError()
    }
}
