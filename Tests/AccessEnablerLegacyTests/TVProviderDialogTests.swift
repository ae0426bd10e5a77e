import AccessEnabler
@testable import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// A delegate written for SDK 2.x: only the callbacks it must implement, none of the optional
/// ones (no TV Provider callbacks, no tracking).
@MainActor
final class RequiredCallbacksDelegate: NSObject, @preconcurrency EntitlementDelegate {
    private(set) var calls: [String] = []
    func setRequestorComplete(_ status: Int32) { calls.append("setRequestorComplete(\(status))") }
    func setAuthenticationStatus(_ status: Int32, errorCode code: String!) {
        calls.append("setAuthenticationStatus(\(status), \"\(code ?? "nil")\")")
    }
    func setToken(_ token: String!, forResource resource: String!) { calls.append("setToken") }
    func tokenRequestFailed(_ resource: String!, errorCode code: String!, errorDescription description: String!) {
        calls.append("tokenRequestFailed")
    }
    func displayProviderDialog(_ mvpds: [Any]!) { calls.append("displayProviderDialog") }
    func navigate(toUrl url: String!) { calls.append("navigate(toUrl:)") }
}

/// Stands in for the adapter's own presentation over the foreground scene.
@MainActor
final class RecordingTVProviderPresenter: TVProviderDialogPresenting {
    private(set) var calls: [String] = []
    func present(_ viewController: TVProviderViewController) { calls.append("present") }
    func dismiss(_ viewController: TVProviderViewController) { calls.append("dismiss") }
}

/// Apple's TV Provider view controllers reach the screen whether or not the delegate implements
/// `presentTvProviderDialog` / `dismissTvProviderDialog` (Apple requires them presented before
/// `accountManager(_:present:)` returns); the optional Objective-C callbacks go only where they
/// are implemented.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct TVProviderDialogTests {
    let receivers = LegacyReceivers()
    let fallback = RecordingTVProviderPresenter()

    var relay: TVProviderDialogRelay { TVProviderDialogRelay(receivers: receivers, fallback: fallback) }

    @Test func aDelegateWithoutTheCallbacksGetsTheAdaptersPresentation() {
        let delegate = RequiredCallbacksDelegate()
        receivers.delegate = delegate
        let relay = relay
        let viewController = NSObject()
        relay.present(viewController)
        // Synchronous: on screen before the account manager's delegate method returns.
        #expect(fallback.calls == ["present"])
        relay.dismiss(viewController)
        #expect(fallback.calls == ["present", "dismiss"])
        #expect(delegate.calls.isEmpty)
    }

    @Test func aDelegateWithTheCallbacksPresentsItself() {
        let delegate = RecordingDelegate()
        receivers.delegate = delegate
        let relay = relay
        let viewController = NSObject()
        relay.present(viewController)
        relay.dismiss(viewController)
        #expect(delegate.calls == ["presentTvProviderDialog", "dismissTvProviderDialog"])
        #expect(fallback.calls.isEmpty)
    }

    /// Without a delegate (none set yet, or released) Apple's view controller is shown all the same.
    @Test func withoutADelegateTheAdapterPresents() {
        let relay = relay
        relay.present(NSObject())
        #expect(fallback.calls == ["present"])
    }

    /// What the adapter presented, the adapter dismisses, even if the delegate was replaced by
    /// one that implements the callbacks meanwhile.
    @Test func whatTheAdapterPresentedTheAdapterDismisses() {
        receivers.delegate = RequiredCallbacksDelegate()
        let relay = relay
        let viewController = NSObject()
        relay.present(viewController)
        let recording = RecordingDelegate()
        receivers.delegate = recording
        relay.dismiss(viewController)
        #expect(fallback.calls == ["present", "dismiss"])
        #expect(recording.calls.isEmpty)
    }

    @Test func theOptionalCallbacksRoutes() {
        #expect(
            OptionalCallback.allCases.map(\.selector) == [
                "navigateToUrl:useSVC:", "sendTrackingData:forEventType:", "presentTvProviderDialog:",
                "dismissTvProviderDialog:", "status:",
            ])
        for callback in OptionalCallback.allCases {
            #expect(callback.route(delegateResponds: true) == .delegate)
        }
        #expect(OptionalCallback.navigateWithSafari.route(delegateResponds: false) == .navigateToURL)
        #expect(OptionalCallback.sendTrackingData.route(delegateResponds: false) == .nowhere)
        #expect(OptionalCallback.status.route(delegateResponds: false) == .nowhere)
        #expect(OptionalCallback.presentTvProviderDialog.route(delegateResponds: false) == .adapter)
        #expect(OptionalCallback.dismissTvProviderDialog.route(delegateResponds: false) == .adapter)
    }

    /// The selectors are those the Objective-C protocols declare (the relay asks
    /// `respondsToSelector:` with them).
    @Test func theSelectorsAreTheObjectiveCProtocolsOwn() throws {
        let source = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Sources/AccessEnablerLegacy/ObjectiveC/ObjCEntitlementDelegate.swift")
                .standardized,
            encoding: .utf8)
        for callback in OptionalCallback.allCases {
            #expect(source.contains("@objc(\(callback.selector)) optional func"), "\(callback.selector)")
        }
    }

    /// End to end through the adapter's own wiring, the path an app takes: without a partner
    /// framework in the configuration the adapter makes one (a stand-in for Apple's here) over its
    /// relay, whose view controllers reach the screen for a delegate without the TV Provider
    /// callbacks (the adapter's presentation) and reach a delegate with them; the sign-in
    /// completes either way.
    @Test(arguments: [false, true])
    func endToEndThroughTheAdaptersRelay(delegateHasTheCallbacks: Bool) async throws {
        let clock = TestClock()
        let emulator = PassEmulator(scenario: .standard, clock: clock)
        await emulator.enablePartnerSingleSignOn(mvpd: "Cablevision", platformMappingID: "Cablevision-Apple")
        let fake = FakePartnerFramework(clock: clock, picker: .select("Cablevision-Apple"))
        typealias Relayed = @MainActor @Sendable (TVProviderViewController) -> Void
        let relayed = LockedValue<(present: Relayed, dismiss: Relayed)?>(nil)
        let binding = TVProviderBinding(fallback: fallback) { present, dismiss in
            relayed.withLock { $0 = (present, dismiss) }
            return fake
        }
        let legacy = LegacyAccessEnabler(
            softwareStatement: "legacy-test-statement",
            configuration: LegacyHarness.configuration(on: emulator, clock: clock),
            tvProvider: binding, safari: nil)
        let relay = try #require(relayed.withLock { $0 }, "the adapter made its partner framework over its relay")
        let withoutCallbacks = RequiredCallbacksDelegate()
        let withCallbacks = RecordingDelegate()
        if delegateHasTheCallbacks { legacy.delegate = withCallbacks } else { legacy.delegate = withoutCallbacks }
        // Apple's picker: one view controller, shown and then dismissed.
        let picker = StandInViewController()
        await fake.update {
            $0.onPickerShown = { await MainActor.run { relay.present(picker) } }
            $0.onPickerDismissed = { await MainActor.run { relay.dismiss(picker) } }
        }
        legacy.setRequestor("REF")
        legacy.getAuthentication([TV_PROVIDERS: ["Cablevision"]])
        if delegateHasTheCallbacks {
            await eventually("signed in") { withCallbacks.calls.contains("setAuthenticationStatus(1, \"\")") }
            #expect(
                withCallbacks.calls.filter { $0.contains("TvProviderDialog") } == [
                    "presentTvProviderDialog", "dismissTvProviderDialog",
                ])
            #expect(fallback.calls.isEmpty)
        } else {
            await eventually("signed in") { withoutCallbacks.calls.count == 2 }
            #expect(withoutCallbacks.calls == ["setRequestorComplete(1)", "setAuthenticationStatus(1, \"\")"])
            #expect(fallback.calls == ["present", "dismiss"])
        }
        #expect(await fake.authenticationRequests.count == 1, "signed in through the TV Provider")
    }
}

/// Stands in for Apple's picker view controller.
final class StandInViewController: Sendable {}
