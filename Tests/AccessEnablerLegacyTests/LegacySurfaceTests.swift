@testable import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

@MainActor
@Suite(.timeLimit(.minutes(5))) struct LegacySurfaceTests {
    func configuration(_ emulator: PassEmulator, storage: any TokenStorage, clock: TestClock)
        -> AccessEnabler.Configuration
    {
        var configuration = AccessEnabler.Configuration()
        configuration.transport = emulator.transport
        configuration.storage = storage
        configuration.clock = clock
        configuration.environment = .init(serviceProviders: [emulator.baseURL])
        return configuration
    }

    @Test func storageCheckClearLogsOutAtStart() async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let storage = InMemoryTokenStorage()
        let core = AsyncAccessEnabler(
            softwareStatement: "s", configuration: configuration(emulator, storage: storage, clock: clock))
        try await core.setRequestor("REF")
        try await core.authenticate(presenter: HeadlessPresenter(mvpdID: "AutoCable", transport: emulator.transport))

        LegacyTaskStart.applyEnvironment()
        let kept = LegacyAccessEnabler(
            storageCheck: .INTEGRITY_CHECK_NONE, softwareStatement: "s",
            configuration: configuration(emulator, storage: storage, clock: clock))
        let keptDelegate = RecordingDelegate()
        kept.delegate = keptDelegate
        kept.setRequestor("REF")
        kept.checkAuthentication()
        #expect(await keptDelegate.next(2) == ["setRequestorComplete(1)", "setAuthenticationStatus(1, \"\")"])

        let cleared = LegacyAccessEnabler(
            storageCheck: .INTEGRITY_CHECK_CLEAR, softwareStatement: "s",
            configuration: configuration(emulator, storage: storage, clock: clock))
        let clearedDelegate = RecordingDelegate()
        cleared.delegate = clearedDelegate
        cleared.setRequestor("REF")
        cleared.checkAuthentication()
        #expect(
            await clearedDelegate.next(2) == [
                "setRequestorComplete(1)", "setAuthenticationStatus(0, \"User Not Authenticated Error\")",
            ])
    }

    /// The legacy `setRequestor` on a signed-in launch uses the REST v2 configuration the core
    /// stored: the whole launch (configuration, authentication check, selected provider) sends
    /// only the profile sync, after the callbacks, which are the legacy SDK's.
    @Test func aSignedInLaunchThroughTheAdapterSendsOnlyTheProfileSync() async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let storage = InMemoryTokenStorage()
        var first = configuration(emulator, storage: storage, clock: clock)
        first.backend = .restV2
        let core = AsyncAccessEnabler(softwareStatement: "s", configuration: first)
        try await core.setRequestor("REF")
        try await core.authenticate(presenter: HeadlessPresenter(mvpdID: "AutoCable", transport: emulator.transport))
        clock.advance(by: .seconds(2700))
        await emulator.clearRequestLog()

        let launched = LegacyAccessEnabler(softwareStatement: "s", configuration: first)
        let delegate = RecordingDelegate()
        launched.delegate = delegate
        launched.setRequestor("REF")
        launched.checkAuthentication()
        launched.getSelectedProvider()
        #expect(
            await delegate.next(3) == [
                "setRequestorComplete(1)", "setAuthenticationStatus(1, \"\")", "selectedProvider(AutoCable)",
            ])
        try await emulator.waitForRequests(to: .profiles, count: 1)
        #expect(await emulator.requests.map(\.route) == [.profiles], "no configuration, DCR or other request")
    }

    @Test @available(*, deprecated)
    func theDeprecatedInitializerHasNoStatementSoConfigurationFails() async {
        let legacy = LegacyAccessEnabler()
        let delegate = RecordingDelegate()
        legacy.delegate = delegate
        legacy.setRequestor("REF", serviceProviders: ["http://127.0.0.1:9"])
        #expect(await delegate.next(1) == ["setRequestorComplete(0)"])
    }

    @Test(arguments: legacyBackends)
    func getAuthenticationWithForceAloneRunsTheFlowWhenAuthenticated(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        try await harness.signIn("AutoCable")
        harness.legacy.getAuthentication(false)
        #expect(
            await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"],
            "not forced: answered from the session")
        harness.legacy.getAuthentication(true)
        #expect(
            await harness.delegate.next(1) == ["displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])"])
        harness.legacy.setSelectedProvider(nil)
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"Provider not Selected Error\")"])
    }

    @Test(arguments: legacyBackends)
    func trackingArraysHaveTheDocumentedLayouts(backend: AccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        try await harness.signIn("AutoCable")
        harness.legacy.checkAuthorization("premium")
        _ = await harness.delegate.next(1)
        await eventually { harness.delegate.tracking.contains { $0.event == TRACKING_AUTHORIZATION } }
        let platform = [LegacySession.deviceType, "ios", DeviceInfo.current.osName ?? ""]
        let selection = try #require(harness.delegate.tracking.first { $0.event == TRACKING_GET_SELECTED_PROVIDER })
        #expect(selection.data == ["AutoCable"] + platform)
        let authentication = try #require(harness.delegate.tracking.first { $0.event == TRACKING_AUTHENTICATION })
        #expect(authentication.data == ["true", "AutoCable", md5("bob-user-id"), "false"] + platform)
        let authorization = try #require(harness.delegate.tracking.first { $0.event == TRACKING_AUTHORIZATION })
        #expect(authorization.data.count == 9)
        #expect(authorization.data[0] == "false")
        #expect(authorization.data[4].hasSuffix("denied_by_mvpd"))
        #expect(authorization.data[5].contains("premium"))
        #expect(Array(authorization.data[6...]) == platform)
    }

    @Test func metadataRequestsReadTheWaysAppsWriteTheOpcode() {
        let asInt = MetadataRequest([METADATA_OPCODE_KEY: Int(METADATA_USER_META), METADATA_USER_META_KEY: "zip"])
        #expect(asInt == MetadataRequest(opcode: METADATA_USER_META, userMetadataName: "zip"))
        #expect(asInt.key == .userMetadata("zip"))
        let asInt32 = MetadataRequest([METADATA_OPCODE_KEY: METADATA_AUTHORIZATION, METADATA_RESOURCE_ID_KEY: "news"])
        #expect(asInt32.key == .authorizationExpiry(resource: "news"))
        #expect(MetadataRequest([METADATA_OPCODE_KEY: NSNumber(value: 2)]).key == .deviceID)
        #expect(MetadataRequest([METADATA_OPCODE_KEY: "0"]).key == .authenticationExpiry)
        #expect(MetadataRequest([METADATA_OPCODE_KEY: METADATA_USER_META]).key == nil, "user metadata needs a name")
        #expect(MetadataRequest(nil).key == nil)
    }

    @Test func legacyOptionsParseTheDocumentedKeys() throws {
        let info = Data(#"{"model":"AppleTV","osName":"tvOS"}"#.utf8).base64EncodedString()
        func parse(_ dictionary: [AnyHashable: Any]?) -> AccessEnabler.Options {
            LegacyOptionsUpdate(dictionary).applied(to: AccessEnabler.Options())
        }
        let options = parse([
            "applicationProfile": "p", "visitorID": "v", "handleSVC": true, "device_info": info, "other": 1,
        ])
        #expect(options.applicationProfile == "p")
        #expect(options.visitorID == "v")
        #expect(options.handleSVC)
        #expect(options.deviceInfo?.model == "AppleTV")
        #expect(parse(["ap_vi": "w", "handleSVC": "true"]).visitorID == "w")
        #expect(parse(["handleSVC": "true"]).handleSVC)
        #expect(parse(["handleSVC": false]).handleSVC == false)
        #expect(parse(nil) == AccessEnabler.Options())
    }

    @Test func dataDictionariesAndArraysBecomeText() {
        #expect(
            LegacyValues.stringDictionary(["email": "a@b", "count": 3, "flag": true, "ratio": 2.5, 7: "x"]) == [
                "email": "a@b", "count": "3", "flag": "true", "ratio": "2.5", "7": "x",
            ])
        #expect(
            LegacyValues.strings(["a", 1, URL(string: "https://sp.example")!, NSNull()]) == [
                "a", "1", "https://sp.example",
            ])
        #expect(LegacyValues.strings(nil).isEmpty)
    }

    @Test func userMetadataBecomesFoundationValues() throws {
        let object: JSONValue = .object([
            "zip": .array(["10001", "10002"]), "rating": .object(["MPAA": "PG-13"]), "n": .number(3), "ok": .bool(true),
        ])
        let value = try #require(LegacyValues.foundationValue(object) as? [String: Any])
        #expect(value["zip"] as? [String] == ["10001", "10002"])
        #expect((value["rating"] as? NSDictionary)?["MPAA"] as? String == "PG-13")
        #expect(value["n"] as? Int == 3)
        #expect(value["ok"] as? Bool == true)
        #expect(LegacyValues.foundationValue("text") as? String == "text")
        #expect(LegacyValues.foundationValue(.null) is NSNull)
    }

    @Test func constantsKeepTheirLegacyValues() {
        #expect(ACCESS_ENABLER_STATUS_SUCCESS == 1)
        #expect(ACCESS_ENABLER_STATUS_ERROR == 0)
        #expect(USER_AUTHENTICATED == "")
        #expect(ADOBEPASS_REDIRECT_URL == "adobepass://ios.app")
        #expect(PreauthorizeRequest.Feature.LOCAL_CACHE == .localCache)
        #expect(PreauthorizeRequest.Feature.REMOTE_CACHE == .remoteCache)
        #expect(
            Set([METADATA_AUTHENTICATION, METADATA_AUTHORIZATION, METADATA_DEVICE_ID, METADATA_USER_META]).count == 4)
        #expect(Set([TRACKING_AUTHENTICATION, TRACKING_AUTHORIZATION, TRACKING_GET_SELECTED_PROVIDER]).count == 3)
    }

    /// The adapter reaches the network and the token store only through the async core: its
    /// sources name none of the transport or storage types, nor the core's internals.
    @Test func theAdapterOnlyCallsTheAsyncCore() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/AccessEnablerLegacy")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count >= 10)
        let forbidden = [
            "HTTPTransport", "URLSession", "HTTPTransportRequest", "TokenStorage", "FileTokenStorage", "@testable",
            "TokenCache", "EntitlementBackend",
        ]
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for word in forbidden {
                #expect(!text.contains(word), "\(file.lastPathComponent) uses \(word)")
            }
        }
    }
}
