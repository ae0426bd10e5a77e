import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// Adobe's checklist ("Follow APIs References"): send only the headers and parameters each REST
/// API v2 page lists. The tables below are copied from Adobe's pages (each call's "Request" →
/// "Headers", one page per call under https://experienceleague.adobe.com/en/docs/pass/authentication/integration-guide-programmers/rest-apis/rest-api-v2/rest-api-v2-apis/), not from the SDK, so that
/// a header the SDK adds or drops by mistake shows up here.
@Suite(.timeLimit(.minutes(5))) struct RESTv2DocumentedRequestTests {
    /// The request headers each v2 page lists (required and optional alike). `Authorization` is
    /// on every page; the others differ from page to page.
    static let listedHeaders: [EmulatorRoute: Set<String>] = [
        // https://experienceleague.adobe.com/en/docs/pass/authentication/integration-guide-programmers/rest-apis/rest-api-v2/rest-api-v2-apis/rest-api-v2-configuration-apis/rest-api-v2-configuration-apis-retrieve-configuration-for-specific-service-provider
        .configurationV2: [
            "Authorization", "AP-Device-Identifier", "X-Device-Info", "X-Forwarded-For", "Accept",
            "User-Agent",
        ],
        // https://experienceleague.adobe.com/en/docs/pass/authentication/integration-guide-programmers/rest-apis/rest-api-v2/rest-api-v2-apis/rest-api-v2-sessions-apis/rest-api-v2-sessions-apis-create-authentication-session
        .createSession: [
            "Authorization", "Content-Type", "AP-Device-Identifier", "X-Device-Info", "X-Forwarded-For",
            "Adobe-Subject-Token", "X-Roku-Reserved-Roku-Connect-Token", "AD-Service-Token",
            "AP-Visitor-Identifier", "Accept", "User-Agent",
        ],
        // "Resume authentication session" lists no device headers; Adobe's checklist asks for
        // X-Device-Info on every request, and the secondary-application flow lists
        // AP-Device-Identifier among the resume's required headers.
        .resumeSession: [
            "Authorization", "Content-Type", "AP-Device-Identifier", "X-Device-Info", "X-Forwarded-For",
            "AP-Visitor-Identifier", "Accept", "User-Agent",
        ],
        // https://experienceleague.adobe.com/en/docs/pass/authentication/integration-guide-programmers/rest-apis/rest-api-v2/rest-api-v2-apis/rest-api-v2-profiles-apis/rest-api-v2-profiles-apis-retrieve-profile-for-specific-mvpd
        .profile: [
            "Authorization", "AP-Device-Identifier", "X-Device-Info", "X-Forwarded-For",
            "Adobe-Subject-Token", "X-Roku-Reserved-Roku-Connect-Token", "AD-Service-Token",
            "AP-Partner-Framework-Status", "AP-TempPass-Identity", "AP-Visitor-Identifier", "Accept",
            "User-Agent",
        ],
        // https://experienceleague.adobe.com/en/docs/pass/authentication/integration-guide-programmers/rest-apis/rest-api-v2/rest-api-v2-apis/rest-api-v2-decisions-apis/rest-api-v2-decisions-apis-retrieve-preauthorization-decisions-using-specific-mvpd: no
        // AP-TempPass-Identity.
        .preauthorizeDecisions: [
            "Authorization", "Content-Type", "AP-Device-Identifier", "X-Device-Info", "X-Forwarded-For",
            "Adobe-Subject-Token", "X-Roku-Reserved-Roku-Connect-Token", "AD-Service-Token",
            "AP-Partner-Framework-Status", "AP-Visitor-Identifier", "Accept", "User-Agent",
        ],
        // https://experienceleague.adobe.com/en/docs/pass/authentication/integration-guide-programmers/rest-apis/rest-api-v2/rest-api-v2-apis/rest-api-v2-decisions-apis/rest-api-v2-decisions-apis-retrieve-authorization-decisions-using-specific-mvpd
        .authorizeDecisions: [
            "Authorization", "Content-Type", "AP-Device-Identifier", "X-Device-Info", "X-Forwarded-For",
            "Adobe-Subject-Token", "X-Roku-Reserved-Roku-Connect-Token", "AD-Service-Token",
            "AP-Partner-Framework-Status", "AP-TempPass-Identity", "AP-Visitor-Identifier", "Accept",
            "User-Agent",
        ],
        // https://experienceleague.adobe.com/en/docs/pass/authentication/integration-guide-programmers/rest-apis/rest-api-v2/rest-api-v2-apis/rest-api-v2-logout-apis/rest-api-v2-logout-apis-initiate-logout-for-specific-mvpd: a GET, no Content-Type.
        .logoutV2: [
            "Authorization", "AP-Device-Identifier", "X-Device-Info", "X-Forwarded-For", "Adobe-Subject-Token",
            "X-Roku-Reserved-Roku-Connect-Token", "AD-Service-Token", "AP-Visitor-Identifier", "Accept",
            "User-Agent",
        ],
    ]

    /// Listed headers an app on the streaming device does not send: `X-Forwarded-For` is for
    /// server-to-server calls, and the platform, service-token and partner single sign-on headers
    /// belong to flows the SDK does not run.
    static let notSentByAnApp: Set<String> = [
        "X-Forwarded-For", "Adobe-Subject-Token", "X-Roku-Reserved-Roku-Connect-Token", "AD-Service-Token",
        "AP-Partner-Framework-Status",
    ]

    /// The DCR pages' headers ("Retrieve client credentials" and "Retrieve access token"; Adobe's
    /// DCR API: https://developer.adobe.com/adobe-pass/api/dcr_api/interactive): the same four on both.
    static let dcrHeaders: Set<String> = ["Content-Type", "X-Device-Info", "Accept", "User-Agent"]

    /// Lower-cased names, since header names are case-insensitive.
    static func names(_ headers: HTTPTransportHeaders) -> Set<String> { Set(headers.map { $0.name.lowercased() }) }
    static func lowercased(_ names: Set<String>) -> Set<String> { Set(names.map { $0.lowercased() }) }

    /// Configuration, a resumed TempPass session, its profile, preauthorize, authorize and
    /// logout; with the optional inputs (a visitor ID, Promotional TempPass data) or without.
    @Test(arguments: [true, false])
    func everyV2CallSendsExactlyTheHeadersItsPageLists(withOptionalInputs: Bool) async throws {
        let harness = Harness(backend: .restV2)
        let data = withOptionalInputs ? ["email": "viewer@example.com"] : [:]
        if withOptionalInputs { await harness.enabler.setOptions(.init(visitorID: "ECID-123")) }
        try await harness.configure()
        await harness.emulator.forceSessionResume()
        let presenter = ScriptedPresenter(mvpdID: "TempPass", landing: URL(string: "about:blank")!)
        try await harness.enabler.authenticate(data: data, presenter: presenter)
        _ = try await harness.enabler.preauthorize(
            PreauthorizeRequest(resources: ["news"], disabledFeatures: [.localCache, .remoteCache]))
        _ = try await harness.enabler.authorize(resource: "news", data: data)
        try await harness.enabler.logout()

        let log = await harness.emulator.requests
        for (route, listed) in Self.listedHeaders {
            var expected = Self.lowercased(listed.subtracting(Self.notSentByAnApp))
            if !withOptionalInputs {
                expected.remove("ap-visitor-identifier")
                expected.remove("ap-temppass-identity")
            }
            let calls = log.filter { $0.route == route }
            #expect(!calls.isEmpty, "the flow calls \(route)")
            for call in calls {
                let sent = Self.names(call.headers)
                #expect(sent == expected, "\(route): sent \(sent.sorted()), documented \(expected.sorted())")
                #expect(call.responseStatus == 200, "\(route) accepted by the strict emulator")
            }
        }
        let untabled = log.filter {
            $0.path.hasPrefix("/api/v2/") && $0.route.map { Self.listedHeaders[$0] == nil } ?? true
        }
        #expect(untabled.isEmpty, "every v2 call of the flow is in the table: \(untabled.map(\.path))")
    }

    /// The pages list `mvpd`, `domainName` and `redirectUrl` as required on a resume, whatever
    /// `missingParameters` says.
    @Test func resumeSendsAllThreeRequiredParametersEvenWhenOneIsMissing() async throws {
        let harness = Harness(backend: .restV2)
        try await harness.configure()
        let retry =
            #"{"actionName":"retry","actionType":"direct","reasonType":"none","url":"/api/v2/REF/sessions/NOSUCH","missingParameters":["redirectUrl"],"code":"NOSUCH","sessionId":"s","serviceProvider":"REF","notBefore":"1","notAfter":"2"}"#
        await harness.emulator.inject(.status(200, body: retry, contentType: "application/json"), on: .createSession)
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.authenticate(presenter: harness.presenter("Cablevision"))
        }
        let resume = try #require(await harness.emulator.requests(to: .resumeSession).first)
        #expect(resume.path == "/api/v2/REF/sessions/NOSUCH")
        #expect(resume.formValue("mvpd") == "Cablevision")
        #expect(resume.formValue("domainName") == "adobe.com")
        #expect(resume.formValue("redirectUrl") == "adobepass://ios.app")
        #expect(error?.code == "invalid_parameter_code", "the unknown code is the only thing wrong")
    }

    /// `REMOTE_CACHE` is a header on REST v1 (`Cache-Control: no-cache`) and nothing on v2, which
    /// has no such switch: a debug line says so instead. `AP-SDK-Identifier` is a v1 header only.
    @Test(arguments: allBackends)
    func remoteCacheAndSDKIdentifierStayOnV1(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        _ = try await harness.enabler.preauthorize(
            PreauthorizeRequest(resources: ["news"], disabledFeatures: [.localCache, .remoteCache]))
        let preauthorize = try #require(await harness.emulator.requests(to: backend.preauthorizeRoute).first)
        let apiCalls = await harness.emulator.requests.filter {
            $0.path.hasPrefix("/api/") && $0.route != .authenticate
                && $0.route != .authenticateV2
        }
        #expect(!apiCalls.isEmpty)
        let debug = harness.logLines.all.filter { $0.level == .debug }.map(\.message)
        switch backend {
        case .restV1:
            #expect(preauthorize.headers["Cache-Control"] == "no-cache")
            for call in apiCalls {
                #expect(call.headers["AP-SDK-Identifier"]?.hasPrefix("swift/") == true, "\(call.path)")
            }
        case .restV2:
            for call in apiCalls {
                #expect(call.headers["Cache-Control"] == nil, "\(call.path)")
                #expect(call.headers["AP-SDK-Identifier"] == nil, "\(call.path)")
            }
            #expect(debug.contains { $0.contains("REMOTE_CACHE") && $0.contains("v2") })
        }
    }

    /// DCR sends what its two pages list, on either backend.
    @Test(arguments: allBackends)
    func dcrSendsOnlyTheHeadersItsPagesList(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.configure()
        for route in [EmulatorRoute.register, .token] {
            let call = try #require(await harness.emulator.requests(to: route).first)
            #expect(Self.names(call.headers) == Self.lowercased(Self.dcrHeaders), "\(route)")
        }
    }
}

/// `X-Device-Info` as Adobe's header page describes it
/// (https://experienceleague.adobe.com/en/docs/pass/authentication/integration-guide-programmers/rest-apis/rest-api-v2/rest-api-v2-appendix/rest-api-v2-appendix-headers/rest-api-v2-appendix-headers-x-device-info):
/// plain Base64 of a JSON object, restricted keys holding values from their lists.
@Suite(.timeLimit(.minutes(5))) struct DeviceInfoHeaderTests {
    /// The appendix's restricted lists.
    static let restricted: [String: Set<String>] = [
        "primaryHardwareType": [
            "Camera", "DataCollectionTerminal", "Desktop", "EmbeddedNetworkModule", "eReader",
            "GamesConsole", "GeolocationTracker", "Glasses", "MediaPlayer", "MobilePhone",
            "PaymentTerminal", "PluginModem", "SetTopBox", "TV", "Tablet", "WirelessHotspot",
            "Wristwatch", "Unknown",
        ],
        "osName": [
            "Android", "Chrome OS", "Linux", "Mac OS", "OS X", "OpenBSD", "Roku OS", "Windows", "iOS", "tvOS",
            "webOS",
        ],
        "osFamily": [
            "Android", "BSD", "Linux", "PlayStation OS", "Roku OS", "Symbian", "Tizen", "Windows", "iOS", "tvOS",
            "macOS", "webOS",
        ],
        "osVendor": [
            "Amazon", "Apple", "Google", "LG", "Microsoft", "Mozilla", "Nintendo", "Nokia", "Roku", "Samsung",
            "Sony", "Tizen Project",
        ],
    ]
    /// Every key the appendix lists.
    static let appendixKeys: Set<String> = [
        "primaryHardwareType", "model", "version", "manufacturer", "vendor", "osName", "osFamily", "osVendor",
        "osVersion", "browserName", "browserVendor", "browserVersion", "userAgent", "displayWidth", "displayHeight",
        "displayPpi", "diagonalScreenSize", "connectionIp", "connectionPort", "connectionType", "connectionSecure",
        "applicationId",
    ]

    /// What this test process runs on, in the appendix's words (Linux: the osName and osFamily
    /// lists' "Linux"; no OS vendor on its list).
    static var expectedPlatform: [String: String] {
        #if os(Linux)
        return ["osName": "Linux", "osFamily": "Linux"]
        #elseif os(macOS)
        return [
            "osName": "Mac OS", "osFamily": "macOS", "osVendor": "Apple", "primaryHardwareType": "Desktop",
            "manufacturer": "Apple", "vendor": "Apple",
        ]
        #elseif os(tvOS)
        return [
            "osName": "tvOS", "osFamily": "tvOS", "osVendor": "Apple", "primaryHardwareType": "SetTopBox",
            "manufacturer": "Apple", "vendor": "Apple",
        ]
        #else
        return ["osName": "iOS", "osFamily": "iOS", "osVendor": "Apple", "manufacturer": "Apple", "vendor": "Apple"]
        #endif
    }

    /// The header of the first configuration call, decoded the way a server would.
    static func deviceInfo(of harness: Harness) async throws -> [String: JSONValue] {
        let call = try #require(await harness.emulator.requests(to: harness.backend.configurationRoute).first)
        let header = try #require(call.headers["X-Device-Info"])
        let json = try #require(Data(base64Encoded: header), "plain Base64")
        return try JSONDecoder().decode([String: JSONValue].self, from: json)
    }

    @Test(arguments: allBackends)
    func computedDeviceInfoUsesTheAppendixKeysAndLists(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.configure()
        let fields = try await Self.deviceInfo(of: harness)
        #expect(
            Set(fields.keys).isSubset(of: Self.appendixKeys),
            "unknown keys: \(Set(fields.keys).subtracting(Self.appendixKeys))")
        for (key, values) in Self.restricted {
            if let value = fields[key] {
                #expect(value.stringValue.map(values.contains) == true, "\(key) = \(value) is on its list")
            }
        }
        for (key, value) in Self.expectedPlatform {
            #expect(fields[key]?.stringValue == value, "\(key)")
        }
        #if canImport(Darwin)
        // Apple's hardware identifier gives the model and its version (Adobe's iOS cookbook).
        let known = [
            "primaryHardwareType", "model", "version", "manufacturer", "vendor", "osName", "osFamily",
            "osVendor", "osVersion", "applicationId",
        ]
        #else
        // Elsewhere the model may be only the architecture, with no version.
        let known = ["primaryHardwareType", "model", "osName", "osFamily", "osVersion", "applicationId"]
        #endif
        for key in known {
            #expect(fields[key]?.stringValue?.isEmpty == false, "\(key) is sent")
        }
        if let type = fields["connectionType"] {
            #expect(
                ["WiFi", "cellular", "LAN", "notConnected"].contains(type.stringValue ?? ""),
                "the cookbooks' connection types")
        }
        #expect(fields["connectionIp"] == nil && fields["connectionPort"] == nil, "only when the app sets them")
    }

    @Test(arguments: allBackends)
    func connectionAddressIsSentOnlyWhenTheAppSetsIt(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        await harness.enabler.setOptions(.init(connectionIP: "203.0.113.7", connectionPort: 53124))
        try await harness.configure()
        let fields = try await Self.deviceInfo(of: harness)
        #expect(fields["connectionIp"] == .string("203.0.113.7"))
        #expect(fields["connectionPort"] == .number(53124))
        #expect(fields["osName"] != nil, "added to the computed device info")

        // Over an app's own device info too, which otherwise goes out as given.
        let custom = DeviceInfo(fields: ["model": "AppleTV", "osName": "tvOS", "connectionIp": "10.0.0.2"])
        await harness.enabler.setOptions(.init(deviceInfo: custom, connectionIP: "203.0.113.8"))
        try await harness.enabler.setRequestor("REF", refresh: true)
        let calls = await harness.emulator.requests(to: backend.configurationRoute)
        let header = try #require(calls.last?.headers["X-Device-Info"])
        let replaced = try JSONDecoder().decode(
            [String: JSONValue].self, from: try #require(Data(base64Encoded: header)))
        #expect(replaced == ["model": "AppleTV", "osName": "tvOS", "connectionIp": "203.0.113.8"])

        // Unset again: gone.
        await harness.enabler.setOptions(.init())
        try await harness.enabler.setRequestor("REF", refresh: true)
        let last = try #require(
            await harness.emulator.requests(to: backend.configurationRoute).last?.headers["X-Device-Info"])
        let plain = try JSONDecoder().decode([String: JSONValue].self, from: try #require(Data(base64Encoded: last)))
        #expect(plain["connectionIp"] == nil && plain["connectionPort"] == nil)
    }
}
