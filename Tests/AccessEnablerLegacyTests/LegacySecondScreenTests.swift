import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// The tvOS flow of the legacy adapter (`usesSecondScreenAuthentication`): the picker, then
/// `status` `REGCODE` with the code, polling until the viewer has signed in on another device.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct LegacySecondScreenTests {
    static let activationURL = URL(string: "https://tv.example/activate")!

    func harness() -> LegacyHarness {
        let harness = LegacyHarness(backend: .restV2) { configuration in
            configuration.profilePollingInterval = .seconds(3)
            configuration.activationURL = Self.activationURL
        }
        harness.legacy.statusDelegate = harness.delegate
        harness.delegate.recordStatus = true
        harness.legacy.usesSecondScreenAuthentication = true
        return harness
    }

    /// Polls made for a code so far.
    func polls(_ harness: LegacyHarness) async -> Int {
        await harness.emulator.requests(to: .profileForCode).count
    }

    @Test func theDefaultIsTheLoginPageExceptOnTVOS() {
        let legacy = LegacyAccessEnabler("statement")
        #if os(tvOS)
        #expect(legacy.usesSecondScreenAuthentication)
        #else
        #expect(!legacy.usesSecondScreenAuthentication)
        #endif
    }

    @Test func aSelectedProviderGetsARegistrationCodeAndThePollingSignsTheViewerIn() async throws {
        let harness = harness()
        await harness.configure()
        harness.legacy.getAuthentication()
        #expect(
            await harness.delegate.next(1) == ["displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])"])
        harness.legacy.setSelectedProvider("AutoCable")
        #expect(await harness.delegate.next(1) == ["status(REGCODE)"])
        let report = try #require(harness.delegate.statusReports.last)
        #expect(report["level"] == "Success")
        let code = try #require(report["code"])
        #expect(code.count == 7)
        #expect(report["activationURL"] == Self.activationURL.absoluteString)
        #expect(report["qrCodeURL"] == Self.activationURL.absoluteString + "?code=" + code)
        #expect(
            Int64(report["expires"] ?? "")
                == Int64(harness.clock.now.addingTimeInterval(1800).timeIntervalSince1970 * 1000))
        #expect(harness.delegate.navigations.isEmpty, "no login page on the second-screen path")
        let create = try #require(await harness.emulator.requests(to: .createSession).last)
        #expect(create.formValue("mvpd") == "AutoCable", "the picker's choice is preselected")

        // Nothing is found before the viewer signs in on the other device.
        await eventually { harness.clock.pendingSleeps == 1 }
        harness.clock.advance(by: .seconds(3))
        await eventually { harness.clock.pendingSleeps == 1 }
        #expect(await polls(harness) == 1)

        let phone = HeadlessPresenter(mvpdID: "AutoCable", transport: harness.emulator.transport)
        try await phone.activate(code: code, at: harness.emulator.activationURL)
        harness.clock.advance(by: .seconds(3))
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        #expect(await polls(harness) == 2)

        harness.legacy.checkAuthentication()
        #expect(
            await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"], "stored as after a browser login")
    }

    @Test func setSelectedProviderNilStopsThePolling() async throws {
        let harness = harness()
        await harness.configure()
        harness.legacy.getAuthentication()
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider("Cablevision")
        #expect(await harness.delegate.next(1) == ["status(REGCODE)"])
        await eventually { harness.clock.pendingSleeps == 1 }

        harness.legacy.setSelectedProvider(nil)
        #expect(
            await harness.delegate.next(2) == [
                "status(N005)", "setAuthenticationStatus(0, \"Provider not Selected Error\")",
            ])
        await eventually { harness.clock.pendingSleeps == 0 }
        harness.clock.advance(by: .seconds(30))
        #expect(await polls(harness) == 0, "no poll after the cancel")
        harness.legacy.checkAuthentication()
        #expect(
            await harness.delegate.next(2) == [
                "status(N000)", "setAuthenticationStatus(0, \"User Not Authenticated Error\")",
            ])
    }

    @Test func aCodeThatCannotBeCreatedIsReg500() async throws {
        let harness = harness()
        await harness.configure()
        let body = #"{"status":500,"code":"internal_error","message":"Internal error"}"#
        await harness.emulator.inject(.status(500, body: body, contentType: "application/json"), on: .createSession)
        harness.legacy.getAuthentication()
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider("AutoCable")
        #expect(
            await harness.delegate.next(2) == [
                "status(REG500)", "setAuthenticationStatus(0, \"Generic Authentication Error\")",
            ])
        #expect(harness.delegate.statusReports.last?["level"] == "error")
    }

    @Test func anExpiredCodeEndsTheFlow() async throws {
        let harness = harness()
        await harness.configure()
        harness.legacy.getAuthentication()
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider("AutoCable")
        #expect(await harness.delegate.next(1) == ["status(REGCODE)"])
        await eventually { harness.clock.pendingSleeps == 1 }
        harness.clock.advance(by: .seconds(1801))
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"Generic Authentication Error\")"])
    }
}

/// The registration-code path composes the core's provider choice and its second-screen sign-in:
/// nothing aborts a browser flow on the way, so observers of the core see only what happened.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct LegacySecondScreenChoiceTests {
    func harness() -> LegacyHarness {
        let harness = LegacySecondScreenTests().harness()
        return harness
    }

    @Test func anObserverSeesNoFailedCheckBeforeTheCodeIsShown() async throws {
        let harness = harness()
        await harness.configure()
        let events = harness.legacy.accessEnabler.events
        let seen = Task {
            var checks: [Bool] = []
            for await event in events {
                guard case .authenticationChecked(let check) = event, !check.fromCache else { continue }
                checks.append(check.isAuthenticated)
                if check.isAuthenticated { break }
            }
            return checks
        }
        harness.legacy.getAuthentication()
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider("AutoCable")
        #expect(await harness.delegate.next(1) == ["status(REGCODE)"])
        let code = try #require(harness.delegate.statusReports.last?["code"])
        await eventually { harness.clock.pendingSleeps == 1 }
        let phone = HeadlessPresenter(mvpdID: "AutoCable", transport: harness.emulator.transport)
        try await phone.activate(code: code, at: harness.emulator.activationURL)
        harness.clock.advance(by: .seconds(3))
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        #expect(
            await seen.value(awaiting: "the authentication checks") == [true],
            "one check: the sign-in; none failed on the way to the code")
    }

    @Test func theConfigurationIsLoadedOnceForThePickerAndTheCode() async throws {
        let harness = harness()
        await harness.configure()
        let loadsBefore = await harness.emulator.requests(to: .configurationV2).count
        // Past the configuration's lifetime: the picker shows a fresh one, and the code uses it.
        harness.clock.advance(by: .seconds(301))
        harness.legacy.getAuthentication()
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider("AutoCable")
        #expect(await harness.delegate.next(1) == ["status(REGCODE)"])
        #expect(await harness.emulator.requests(to: .configurationV2).count == loadsBefore + 1)
    }
}

/// The registration-code path takes what the browser path takes: `getAuthentication`'s data, and
/// `getAuthorization`'s sign-in (tvOS has no web view).
@MainActor
@Suite(.timeLimit(.minutes(5))) struct LegacySecondScreenCallTests {
    @Test func aPromotionalTempPassIdentityReachesTheServer() async throws {
        let harness = LegacySecondScreenTests().harness()
        await harness.configure()
        harness.legacy.getAuthentication(false, withData: ["email": "viewer@example.com"])
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider("TempPass")
        #expect(await harness.delegate.next(2).last == "setAuthenticationStatus(1, \"\")")
        let profile = try #require(await harness.emulator.requests(to: .profile).first)
        let identity = try #require(profile.headers["AP-TempPass-Identity"].flatMap { Data(base64Encoded: $0) })
        #expect(String(decoding: identity, as: UTF8.self) == #"{"email":"viewer@example.com"}"#)
    }

    @Test func getAuthorizationForAViewerNotSignedInShowsARegistrationCode() async throws {
        let harness = LegacySecondScreenTests().harness()
        await harness.configure()
        harness.legacy.getAuthorization("news")
        #expect(
            await harness.delegate.next(1) == ["displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])"])
        harness.legacy.setSelectedProvider("AutoCable")
        #expect(await harness.delegate.next(1) == ["status(REGCODE)"])
        #expect(harness.delegate.navigations.isEmpty, "no login page on the second-screen path")
        let code = try #require(harness.delegate.statusReports.last?["code"])
        await eventually { harness.clock.pendingSleeps == 1 }
        let phone = HeadlessPresenter(mvpdID: "AutoCable", transport: harness.emulator.transport)
        try await phone.activate(code: code, at: harness.emulator.activationURL)
        harness.clock.advance(by: .seconds(3))
        #expect(
            await harness.delegate.next(2) == ["setAuthenticationStatus(1, \"\")", "setToken(<token>, news)"])
    }

    /// Leaving `getAuthorization`'s code screen ends its sign-in as a cancelled picker would: a
    /// code activated afterwards signs nobody in and delivers no token.
    @Test func leavingGetAuthorizationsCodeScreenStopsItsSignIn() async throws {
        let harness = LegacySecondScreenTests().harness()
        await harness.configure()
        harness.legacy.getAuthorization("news")
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider("AutoCable")
        #expect(await harness.delegate.next(1) == ["status(REGCODE)"])
        let code = try #require(harness.delegate.statusReports.last?["code"])
        await eventually { harness.clock.pendingSleeps == 1 }

        harness.legacy.setSelectedProvider(nil)
        let cancelled = await harness.delegate.next(4)
        #expect(
            cancelled.prefix(3) == [
                "status(N005)", "setAuthenticationStatus(0, \"Provider not Selected Error\")", "status(N130)",
            ])
        #expect(cancelled.last?.hasPrefix("tokenRequestFailed(news, \"User Not Authenticated Error\"") == true)
        await eventually("the polling stopped") { harness.clock.pendingSleeps == 0 }

        let phone = HeadlessPresenter(mvpdID: "AutoCable", transport: harness.emulator.transport)
        try await phone.activate(code: code, at: harness.emulator.activationURL)
        harness.clock.advance(by: .seconds(3))
        #expect(await harness.emulator.requests(to: .profileForCode).isEmpty, "no poll after the viewer left")
        harness.legacy.checkAuthentication()
        #expect(
            await harness.delegate.next(2) == [
                "status(N000)", "setAuthenticationStatus(0, \"User Not Authenticated Error\")",
            ], "no sign-in and no token after the viewer left the code screen")
    }

    /// A flow started after `getAuthorization` showed its code replaces that sign-in: the old
    /// code's activation is not heard, the new code's polling is the one
    /// `setSelectedProvider(nil)` stops, and the resource then fails with the flow that replaced
    /// its sign-in.
    @Test func aNewSignInReplacesGetAuthorizationsCode() async throws {
        let harness = LegacySecondScreenTests().harness()
        await harness.configure()
        harness.legacy.getAuthorization("news")
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider("AutoCable")
        #expect(await harness.delegate.next(1) == ["status(REGCODE)"])
        await eventually { harness.clock.pendingSleeps == 1 }

        harness.legacy.getAuthentication()
        #expect(
            await harness.delegate.next(1) == ["displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])"],
            "the replaced sign-in reports nothing")
        harness.legacy.setSelectedProvider("Cablevision")
        #expect(await harness.delegate.next(1) == ["status(REGCODE)"])
        await eventually("only the new code is polled") { harness.clock.pendingSleeps == 1 }

        harness.legacy.setSelectedProvider(nil)
        let cancelled = await harness.delegate.next(4)
        #expect(
            cancelled.prefix(3) == [
                "status(N005)", "setAuthenticationStatus(0, \"Provider not Selected Error\")", "status(N130)",
            ])
        #expect(cancelled.last?.hasPrefix("tokenRequestFailed(news, \"User Not Authenticated Error\"") == true)
        await eventually("the polling stopped") { harness.clock.pendingSleeps == 0 }
    }
}
