@testable import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// `getAuthentication` with the Apple TV Provider (a fake partner framework) on REST API v2.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct LegacyPartnerSSOTests {
    let clock = TestClock()
    let emulator: PassEmulator
    let fake: FakePartnerFramework
    let legacy: LegacyAccessEnabler
    let delegate = RecordingDelegate()

    init() async {
        emulator = PassEmulator(scenario: .standard, clock: clock)
        await emulator.enablePartnerSingleSignOn(mvpd: "Cablevision", platformMappingID: "Cablevision-Apple")
        fake = FakePartnerFramework(clock: clock, picker: .select("Cablevision-Apple"))
        var configuration = LegacyHarness.configuration(on: emulator, clock: clock)
        configuration.partnerFramework = fake
        legacy = LegacyAccessEnabler(softwareStatement: "legacy-test-statement", configuration: configuration)
        legacy.delegate = delegate
        legacy.statusDelegate = delegate
        delegate.recordStatus = true
    }

    func configure() async {
        legacy.setRequestor("REF")
        #expect(await delegate.next(1) == ["setRequestorComplete(1)"])
    }

    @Test func filteredGetAuthenticationSignsInThroughTheTVProvider() async throws {
        await configure()
        legacy.getAuthentication([TV_PROVIDERS: ["Cablevision", "AutoCable"], FEATURED_TV_PROVIDERS: ["Cablevision"]])
        #expect(await delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        let request = try #require(await fake.statusRequests.first(where: \.allowsInterruption))
        // AutoCable is not enabled for the TV Provider: left out of Apple's picker.
        #expect(request.supportedProviderIDs == ["Cablevision-Apple"])
        #expect(request.featuredProviderIDs == ["Cablevision-Apple"])
        #expect(await emulator.requests(to: .partnerProfile).count == 1)
        #expect(!delegate.calls.contains { $0.hasPrefix("displayProviderDialog") })
    }

    @Test func onTheSecondScreenPathTheTVProviderComesBeforeTheCode() async throws {
        legacy.usesSecondScreenAuthentication = true
        await configure()
        legacy.getAuthentication([TV_PROVIDERS: ["Cablevision"]])
        #expect(await delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        #expect(await emulator.requests(to: .partnerProfile).count == 1)
        #expect(
            await emulator.requests(to: .createSession).isEmpty, "no registration code when the TV Provider signs in")
        #expect(!delegate.statusReports.contains { $0["errorId"] == "REGCODE" })
    }

    @Test func onTheSecondScreenPathAFallbackLeadsToThePickerThenTheCode() async throws {
        legacy.usesSecondScreenAuthentication = true
        await fake.update { $0.accessStatus = .denied }
        await configure()
        legacy.getAuthentication([TV_PROVIDERS: ["Cablevision"]])
        #expect(
            await delegate.next(2) == [
                "status(VSA403)", "displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])",
            ])
        legacy.setSelectedProvider("AutoCable")
        #expect(await delegate.next(1) == ["status(REGCODE)"])
        #expect(delegate.navigations.isEmpty, "the code, not a login page")
        let create = try #require(await emulator.requests(to: .createSession).last)
        #expect(create.formValue("mvpd") == "AutoCable")
        legacy.setSelectedProvider(nil)
        #expect(
            await delegate.next(2) == ["status(N005)", "setAuthenticationStatus(0, \"Provider not Selected Error\")"])
    }

    @Test func aPickerProviderChosenInTheTVProviderIsSelectedSilently() async throws {
        await emulator.enablePartnerSingleSignOn(
            mvpd: "AutoCable", platformMappingID: "AutoCable-Apple", boardingStatus: "PICKER")
        await fake.update { $0.picker = .unsupported("AutoCable-Apple") }
        await configure()
        legacy.getAuthentication([TV_PROVIDERS: ["Cablevision", "AutoCable"]])
        let next = await delegate.next(1)
        #expect(next.first?.hasPrefix("navigate(toUrl:") == true, "no status, no MVPD picker: \(next)")
        #expect(!delegate.statusReports.contains { $0["errorId"] == "N004" })
    }

    @Test func onTheSecondScreenPathAPickerProviderGoesToTheCode() async throws {
        legacy.usesSecondScreenAuthentication = true
        await emulator.enablePartnerSingleSignOn(
            mvpd: "AutoCable", platformMappingID: "AutoCable-Apple", boardingStatus: "PICKER")
        await fake.update { $0.picker = .unsupported("AutoCable-Apple") }
        await configure()
        legacy.getAuthentication([TV_PROVIDERS: ["Cablevision", "AutoCable"]])
        #expect(await delegate.next(1) == ["status(REGCODE)"])
        #expect(delegate.navigations.isEmpty)
        let create = try #require(await emulator.requests(to: .createSession).last)
        #expect(create.formValue("mvpd") == "AutoCable")
        legacy.setSelectedProvider(nil)
        #expect(
            await delegate.next(2) == ["status(N005)", "setAuthenticationStatus(0, \"Provider not Selected Error\")"])
    }

    /// The MVPD chosen in the TV Provider's picker goes straight to the code: no browser session
    /// is started for it, and the configuration is not loaded again on the way.
    @Test func aPickerProviderGoesToTheCodeWithOneSessionAndNoConfigurationLoad() async throws {
        legacy.usesSecondScreenAuthentication = true
        await emulator.enablePartnerSingleSignOn(
            mvpd: "AutoCable", platformMappingID: "AutoCable-Apple", boardingStatus: "PICKER")
        await fake.update { $0.picker = .unsupported("AutoCable-Apple") }
        await configure()
        let loadsBefore = await emulator.requests(to: .configurationV2).count
        // Past the configuration's lifetime: only a picker the SDK shows would want a fresh one.
        clock.advance(by: .seconds(301))
        legacy.getAuthentication([TV_PROVIDERS: ["Cablevision", "AutoCable"]])
        #expect(await delegate.next(1) == ["status(REGCODE)"])
        #expect(await emulator.requests(to: .configurationV2).count == loadsBefore)
        let sessions = await emulator.requests(to: .createSession)
        #expect(sessions.count == 1, "one session: the registration code's")
        legacy.setSelectedProvider(nil)
        _ = await delegate.next(2)
    }

    @Test func deniedAccessReportsVSA403ThenTheMVPDPicker() async throws {
        await fake.update { $0.accessStatus = .denied }
        await configure()
        legacy.getAuthentication([TV_PROVIDERS: ["Cablevision"]])
        #expect(
            await delegate.next(2) == [
                "status(VSA403)", "displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])",
            ])
    }

    @Test func cancelledApplePickerIsN005AndProviderNotSelected() async throws {
        await fake.update { $0.picker = .cancel }
        await configure()
        legacy.getAuthentication([TV_PROVIDERS: ["Cablevision"]])
        #expect(
            await delegate.next(2) == ["status(N005)", "setAuthenticationStatus(0, \"Provider not Selected Error\")"])
    }

    @Test func logoutOfTheTVProviderProfileReportsVSA203() async throws {
        await configure()
        legacy.getAuthentication()
        #expect(await delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        legacy.logout()
        #expect(
            await delegate.next(2) == [
                "status(VSA203)", "setAuthenticationStatus(0, \"User Not Authenticated Error\")",
            ])
        #expect(await emulator.requests(to: .browserLogout).isEmpty)
    }

    /// The fake's picker goes through the adapter's relay as a real TV Provider's view
    /// controllers do.
    func relayPickerToTheDelegate() async {
        let relay = TVProviderDialogRelay(receivers: legacy.receivers, fallback: nil)
        await fake.update {
            $0.onPickerShown = { await MainActor.run { relay.present(NSObject()) } }
            $0.onPickerDismissed = { await MainActor.run { relay.dismiss(NSObject()) } }
        }
    }

    @Test func presentAndDismissFrameTheTVProviderPickerWithAFilter() async throws {
        await relayPickerToTheDelegate()
        await configure()
        legacy.getAuthentication([TV_PROVIDERS: ["Cablevision"], FEATURED_TV_PROVIDERS: ["Cablevision"]])
        #expect(
            await delegate.next(3) == [
                "presentTvProviderDialog", "dismissTvProviderDialog", "setAuthenticationStatus(1, \"\")",
            ])
    }

    @Test func unsupportedProviderIsDismissThenN004ThenTheMVPDPicker() async throws {
        await fake.update { $0.picker = .unsupported("Other-Apple") }
        await relayPickerToTheDelegate()
        await configure()
        legacy.getAuthentication([TV_PROVIDERS: ["Cablevision"]])
        #expect(
            await delegate.next(4) == [
                "presentTvProviderDialog", "dismissTvProviderDialog", "status(N004)",
                "displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])",
            ])
    }

    /// "Other TV Provider" in Apple's picker (the TV Provider names no provider): `N003`, then
    /// the MVPD picker.
    @Test func otherTVProviderIsDismissThenN003ThenTheMVPDPicker() async throws {
        await fake.update { $0.picker = .otherProvider }
        await relayPickerToTheDelegate()
        await configure()
        legacy.getAuthentication([TV_PROVIDERS: ["Cablevision"]])
        #expect(
            await delegate.next(4) == [
                "presentTvProviderDialog", "dismissTvProviderDialog", "status(N003)",
                "displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])",
            ])
        #expect(delegate.statusReports.last?["level"] == "info")
    }

    /// Another flow on the same core (here the app checking the session while Apple's picker is
    /// up) emits its own events: the partner attempt's report comes from what this call's attempt
    /// returned, so `N004` is still delivered before the MVPD picker.
    @Test func anotherFlowsEventsDuringThePartnerAttemptDoNotEndItsReport() async throws {
        let core = legacy.accessEnabler
        await fake.update {
            $0.picker = .unsupported("Other-Apple")
            $0.onPickerShown = { _ = await core.checkAuthentication() }
        }
        await configure()
        legacy.getAuthentication([TV_PROVIDERS: ["Cablevision"]])
        #expect(
            await delegate.next(2) == [
                "status(N004)", "displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])",
            ])
    }

    /// The app logs out on the same core while the legacy logout waits for the server: the app's
    /// logout ends the TV Provider profile and learns so from its own outcome; the legacy logout
    /// reports only what its own call returned, so the app's `VSA203` is not delivered as its.
    @Test func aConcurrentLogoutsTVProviderReportStaysWithItsCaller() async throws {
        await configure()
        legacy.getAuthentication()
        #expect(await delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        let gate = EmulatorGate()
        await emulator.inject(.hold(gate), on: .logoutV2)
        legacy.logout()
        try await emulator.waitForRequests(to: .logoutV2, count: 1)
        let appOutcome = try await legacy.accessEnabler.logout()
        #expect(appOutcome.partnerLogoutMVPDIDs == ["Cablevision"])
        gate.open()
        #expect(await delegate.next(1) == ["setAuthenticationStatus(0, \"User Not Authenticated Error\")"])
        #expect(!delegate.statusReports.contains { $0["errorId"] == "VSA203" })
    }
}
