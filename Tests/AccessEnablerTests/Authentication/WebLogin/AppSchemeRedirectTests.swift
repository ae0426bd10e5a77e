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
        #expect(await harness.enabler.redirectURL(for: cablevision).absoluteString == "adbe.u-core-test://adobe.com")
        #expect(await harness.enabler.redirectURL(for: autoCable) == AccessEnabler.defaultRedirectURL)

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
}
