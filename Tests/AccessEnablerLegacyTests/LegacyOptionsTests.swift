import AccessEnabler
@testable import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// `setOptions:` adds up: each key keeps its value until a later call names it again; an empty
/// string or `NSNull` removes it.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct LegacyOptionsTests {
    static let deviceInfo = DeviceInfo(fields: ["model": .string("TestPhone"), "osName": .string("iOS")])

    /// The options the core holds once every `setOptions` made so far has reached it.
    func coreOptions(_ harness: LegacyHarness) async -> AsyncAccessEnabler.Options {
        await harness.legacy.session.optionsUpdate?.value(awaiting: "the options update")
        return await harness.legacy.accessEnabler.currentOptions
    }

    /// Adobe's Experience Cloud ID recipe sets `visitorID` on its own after the app's options:
    /// `handleSVC` and `device_info` stay.
    @Test func aLaterVisitorIDKeepsTheOptionsSetBefore() async {
        let harness = LegacyHarness(backend: .restV2)
        harness.legacy.setOptions(["handleSVC": true, "device_info": Self.deviceInfo.base64EncodedJSON])
        harness.legacy.setOptions(["visitorID": "ECID-1"])

        let options = await coreOptions(harness)
        #expect(options.handleSVC)
        #expect(options.deviceInfo == Self.deviceInfo)
        #expect(options.visitorID == "ECID-1")
        #expect(harness.legacy.session.authentication.handleSVC, "the Safari routing keeps handleSVC")
    }

    /// The other order: the app's options after the visitor ID keep the visitor ID.
    @Test func laterOptionsKeepTheVisitorIDSetBefore() async {
        let harness = LegacyHarness(backend: .restV2)
        harness.legacy.setOptions(["visitorID": "ECID-1", "applicationProfile": "tv-app"])
        harness.legacy.setOptions(["handleSVC": true, "device_info": Self.deviceInfo.base64EncodedJSON])

        let options = await coreOptions(harness)
        #expect(options.visitorID == "ECID-1")
        #expect(options.applicationProfile == "tv-app")
        #expect(options.handleSVC)
        #expect(options.deviceInfo == Self.deviceInfo)
    }

    /// A key set again takes the new value; an empty string or `NSNull` removes it (`handleSVC`
    /// is then off); the keys not named stay.
    @Test func anEmptyStringOrNSNullRemovesTheKey() async {
        let harness = LegacyHarness(backend: .restV2)
        harness.legacy.setOptions([
            "visitorID": "ECID-1", "applicationProfile": "tv-app", "handleSVC": true,
            "device_info": Self.deviceInfo.base64EncodedJSON,
        ])
        harness.legacy.setOptions(["visitorID": "ECID-2"])
        #expect(await coreOptions(harness).visitorID == "ECID-2")

        harness.legacy.setOptions(["visitorID": "", "handleSVC": NSNull()])
        let options = await coreOptions(harness)
        #expect(options.visitorID == nil)
        #expect(!options.handleSVC)
        #expect(!harness.legacy.session.authentication.handleSVC)
        #expect(options.applicationProfile == "tv-app")
        #expect(options.deviceInfo == Self.deviceInfo)

        harness.legacy.setOptions(["device_info": NSNull(), "applicationProfile": ""])
        let cleared = await coreOptions(harness)
        #expect(cleared.deviceInfo == nil)
        #expect(cleared.applicationProfile == nil)
    }

    /// A value that cannot be read loses nothing: a `device_info` that is not Base64 JSON keeps
    /// the one set before.
    @Test func anUnreadableValueChangesNothing() async {
        let harness = LegacyHarness(backend: .restV2)
        harness.legacy.setOptions(["device_info": Self.deviceInfo.base64EncodedJSON])
        harness.legacy.setOptions(["device_info": "not base64 json", "visitorID": "ECID-1"])
        let options = await coreOptions(harness)
        #expect(options.deviceInfo == Self.deviceInfo)
        #expect(options.visitorID == "ECID-1")
    }

    /// On the wire: the sign-in after both calls carries the visitor ID and the app's device
    /// information.
    @Test func bothOptionsReachTheServer() async throws {
        let harness = LegacyHarness(backend: .restV2)
        harness.legacy.setOptions(["device_info": Self.deviceInfo.base64EncodedJSON])
        harness.legacy.setOptions(["visitorID": "ECID-1"])
        await harness.configure()
        try await harness.signIn("AutoCable")
        let session = try #require(await harness.emulator.requests(to: .createSession).first)
        #expect(session.headers["AP-Visitor-Identifier"] == "ECID-1")
        #expect(session.headers["X-Device-Info"] == Self.deviceInfo.base64EncodedJSON)
    }

    /// The dictionary, read: each key named is a change, the others none.
    @Test func theUpdateNamesOnlyTheKeysGiven() {
        let update = LegacyOptionsUpdate(["visitorID": "ECID-1", "handleSVC": "", "unknown": "x"])
        #expect(update.visitorID == .set("ECID-1"))
        #expect(update.handleSVC == .remove)
        #expect(update.applicationProfile == nil)
        #expect(update.deviceInfo == nil)
        #expect(LegacyOptionsUpdate(["handleSVC": NSNumber(value: true)]).handleSVC == .set(true))
        #expect(LegacyOptionsUpdate(["handleSVC": "false"]).handleSVC == .set(false))
        #expect(LegacyOptionsUpdate(["ap_vi": Optional<String>.none as Any]).visitorID == .remove)
    }
}
