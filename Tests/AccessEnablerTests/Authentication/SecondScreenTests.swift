import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// The second-screen sign-in (REST API v2 secondary-application flow): a TV instance shows a code
/// and polls; a companion instance (or the emulator's activation page) finishes the login; both
/// on one emulator and one test clock.
@Suite(.timeLimit(.minutes(5))) struct SecondScreenTests {
    /// A TV and a phone: two SDK instances (separate storage, separate device IDs) on one
    /// emulator and one clock.
    struct Pair {
        let tv: Harness
        let phone: Harness

        init(
            backend: AccessEnabler.Backend = .restV2, scenario: EmulatorScenario = .standard,
            interval: Duration = .seconds(3), companionRedirectURL: URL? = URL(string: "adbe.companion://adobe.com")
        ) {
            let clock = TestClock()
            let emulator = PassEmulator(scenario: scenario, clock: clock)
            tv = Harness(backend: backend, clock: clock, emulator: emulator) {
                $0.activationURL = emulator.activationURL
                $0.profilePollingInterval = interval
            }
            phone = Harness(backend: backend, clock: clock, emulator: emulator) {
                if let companionRedirectURL { $0.redirectURL = companionRedirectURL }
            }
        }

        var emulator: PassEmulator { tv.emulator }
        var clock: TestClock { tv.clock }

        func configure() async throws {
            try await tv.configure()
            try await phone.configure()
        }

        /// Polls made for the code so far.
        func polls() async -> Int { await emulator.requests(to: .profileForCode).count }
    }

    /// Starts the sign-in and returns the code shown and the iterator, which polls on its next call.
    static func showCode(_ pair: Pair, mvpdID: String? = nil) async throws
        -> (ActivationCode, SecondScreenSignIn.Iterator)
    {
        var iterator = pair.tv.enabler.secondScreenSignIn(mvpdID: mvpdID).makeAsyncIterator()
        guard case .showCode(let code) = try await iterator.next(awaiting: "the code shown") else {
            Issue.record("no code shown")
            throw CancellationError()
        }
        return (code, iterator)
    }

    /// The iterator's next state, awaited in a task of its own.
    static func nextState(_ iterator: SecondScreenSignIn.Iterator) -> Task<SecondScreenSignIn.State?, any Error> {
        Task {
            var iterator = iterator
            return try await iterator.next()
        }
    }

    // MARK: TV side: code, cadence, success

    @Test func theCodeIsShownThenPolledOncePerConfiguredInterval() async throws {
        let pair = Pair(interval: .seconds(4))
        try await pair.configure()
        let started = pair.clock.now
        let (code, iterator) = try await Self.showCode(pair)
        #expect(code.code.count == 7)
        #expect(code.mvpd == nil)
        #expect(code.expires == started.addingTimeInterval(1800), "the emulator's codes last 30 minutes")
        #expect(code.activationURL == pair.emulator.activationURL)
        #expect(code.qrCodeURL?.absoluteString == pair.emulator.activationURL.absoluteString + "?code=" + code.code)
        let create = try #require(await pair.emulator.requests(to: .createSession).first)
        #expect(create.formValue("mvpd") == nil, "without a preselected MVPD the TV sends no parameters")
        #expect(await pair.polls() == 0, "nothing is polled before the code is shown")

        let result = Self.nextState(iterator)
        for polls in 1...3 {
            await eventually { pair.clock.pendingSleeps == 1 }
            #expect(await pair.polls() == polls - 1, "no poll before the interval has passed")
            pair.clock.advance(by: .seconds(4))
            await eventually { await pair.polls() == polls }
        }
        // The viewer finishes on the phone; the next poll finds the profile.
        try await pair.phone.enabler.activate(code: code.code, presenter: pair.phone.presenter("Cablevision"))
        await eventually { pair.clock.pendingSleeps == 1 }
        pair.clock.advance(by: .seconds(4))
        guard case .authenticated(let authentication)? = try await result.value(awaiting: "the second-screen sign-in")
        else {
            Issue.record("not authenticated")
            return
        }
        #expect(authentication.mvpd.id == "Cablevision")
        #expect(authentication.userID == "alice-user-id")
        #expect(await pair.polls() == 4)
        #expect(await pair.tv.enabler.checkAuthentication().authentication == authentication)
        #expect(await pair.tv.enabler.selectedProvider()?.id == "Cablevision", "stored as after a browser login")
        #expect(pair.tv.storage.keysHoldingAuthentication)
        #expect(await pair.phone.enabler.checkAuthentication().isAuthenticated == false, "the phone stores nothing")
        #expect(!pair.phone.storage.keysHoldingAuthentication)
        let polls = await pair.emulator.requests(to: .profileForCode)
        #expect(polls.allSatisfy { $0.path == "/api/v2/REF/profiles/code/\(code.code)" })
        #expect(
            polls.allSatisfy { $0.headers["AP-Device-Identifier"] != nil && $0.headers["X-Device-Info"] != nil },
            "the checklist asks for the device headers on every call")
    }

    /// Every REST v2 call carries `X-Device-Info` and `AP-Device-Identifier`, the calls made with
    /// only a code included (resume, session information, profile by code): a full flow on two
    /// devices, every v2 request the emulator saw.
    @Test func everyV2CallOfAFullFlowCarriesBothDeviceHeaders() async throws {
        let pair = Pair()
        try await pair.configure()
        let (code, iterator) = try await Self.showCode(pair)
        let result = Self.nextState(iterator)
        _ = try await pair.phone.enabler.activationRequest(forCode: code.code)
        try await pair.phone.enabler.activate(code: code.code, presenter: pair.phone.presenter("Cablevision"))
        await eventually { pair.clock.pendingSleeps == 1 }
        pair.clock.advance(by: .seconds(3))
        _ = try await result.value(awaiting: "the second-screen sign-in")
        _ = try await pair.tv.enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
        _ = try await pair.tv.enabler.authorize(resource: "news")
        try await pair.tv.enabler.refreshAuthentication()
        try await pair.tv.enabler.logout()
        await pair.emulator.forceSessionResume()
        try await pair.phone.enabler.authenticate(presenter: pair.phone.presenter("Cablevision"))

        let calls = await pair.emulator.requests.filter { $0.path.hasPrefix("/api/v2/") && $0.route != .authenticateV2 }
        let routes = Set(calls.compactMap(\.route))
        #expect(
            routes.isSuperset(of: [
                .configurationV2, .createSession, .resumeSession, .sessionInfo, .profileForCode, .profile, .profiles,
                .preauthorizeDecisions, .authorizeDecisions, .logoutV2,
            ]), "the flow makes every kind of v2 call: \(routes)")
        for call in calls {
            #expect(
                call.headers["AP-Device-Identifier"]?.hasPrefix("fingerprint ") == true, "\(call.method) \(call.path)")
            #expect(call.headers["X-Device-Info"]?.isEmpty == false, "\(call.method) \(call.path)")
            #expect(call.responseStatus == 200, "\(call.path) accepted by the strict emulator")
        }
    }

    @Test @MainActor func aPreselectedMVPDNeedsNoPickerOnThePhone() async throws {
        let pair = Pair()
        try await pair.configure()
        let shown = LockedValue<ActivationCode?>(nil)
        let enabler = pair.tv.enabler
        // The loop a tvOS screen runs (see the "Sign in on Apple TV" article).
        let screen = Task { @MainActor in
            var states: [SecondScreenSignIn.State] = []
            for try await state in enabler.secondScreenSignIn(mvpdID: "Cablevision") {
                states.append(state)
                if case .showCode(let code) = state { shown.withLock { $0 = code } }
            }
            return states
        }
        await eventually { shown.withLock { $0 } != nil }
        let code = try #require(shown.withLock { $0 })
        #expect(code.mvpd?.id == "Cablevision")
        let request = try await pair.phone.enabler.activationRequest(forCode: code.code)
        #expect(request.mvpd?.id == "Cablevision")
        #expect(request.expires == code.expires)
        // A presenter without an MVPD would cancel a picker: the preselected one is used.
        try await pair.phone.enabler.activate(code: code.code, presenter: pair.phone.presenter(nil))
        let resume = try #require(await pair.emulator.requests(to: .resumeSession).first)
        #expect(resume.formValue("mvpd") == "Cablevision")
        #expect(resume.formValue("domainName") == "adobe.com")
        #expect(resume.formValue("redirectUrl") == "adbe.companion://adobe.com")
        await eventually { pair.clock.pendingSleeps == 1 }
        pair.clock.advance(by: .seconds(3))
        let states = try await screen.value(awaiting: "the second-screen states")
        #expect(states.count == 2)
        #expect(states.last.flatMap { if case .authenticated(let a) = $0 { a.mvpd.id } else { nil } } == "Cablevision")
        #expect(await pair.tv.enabler.checkAuthentication().isAuthenticated)
    }

    @Test func withoutAPreselectedMVPDThePhonesPickerChooses() async throws {
        let pair = Pair()
        try await pair.configure()
        let (code, iterator) = try await Self.showCode(pair)
        let result = Self.nextState(iterator)
        let request = try await pair.phone.enabler.activationRequest(forCode: " \(code.code.lowercased()) ")
        #expect(request.mvpd == nil, "the phone must let the viewer pick")
        #expect(request.code == code.code, "typed codes are trimmed and upper-cased")
        await #expect(throws: AccessEnablerError.providerNotSelected) {
            try await pair.phone.enabler.activate(code: code.code, presenter: pair.phone.presenter(nil))
        }
        #expect(await pair.emulator.requests(to: .resumeSession).isEmpty, "a cancelled picker resumes nothing")
        let mvpd = try await pair.phone.enabler.activate(
            code: code.code, presenter: pair.phone.presenter("Cablevision"))
        #expect(mvpd.id == "Cablevision")
        await eventually { pair.clock.pendingSleeps == 1 }
        pair.clock.advance(by: .seconds(3))
        guard case .authenticated(let authentication)? = try await result.value(awaiting: "the second-screen sign-in")
        else {
            Issue.record("not authenticated")
            return
        }
        #expect(authentication.mvpd.id == "Cablevision")
        #expect(!pair.phone.storage.keysHoldingAuthentication)
    }

    @Test func theEmulatorsActivationPageCompletesTheSignIn() async throws {
        let scenario = ProfileTests.scenario(profileDelay: 5)
        let pair = Pair(scenario: scenario)
        try await pair.configure()
        let (code, iterator) = try await Self.showCode(pair)
        let result = Self.nextState(iterator)
        let viewer = pair.phone.presenter(nil)
        // Without a preselected MVPD the page shows the picker, which a headless viewer cannot use.
        await #expect(throws: HeadlessPresenterError.unexpectedPage(status: 200, path: "/activate")) {
            try await viewer.activate(code: code.code, at: pair.emulator.activationURL)
        }
        await #expect(throws: HeadlessPresenterError.unexpectedPage(status: 400, path: "/activate")) {
            try await pair.phone.presenter("Cablevision").activate(code: "WRONG12", at: pair.emulator.activationURL)
        }
        // AutoCable confirms logins 5 s late (the scenario knob): the first poll after the login
        // finds nothing.
        try await pair.phone.presenter("AutoCable").activate(code: code.code, at: pair.emulator.activationURL)
        await eventually { pair.clock.pendingSleeps == 1 }
        pair.clock.advance(by: .seconds(3))
        await eventually { await pair.polls() == 1 }
        await eventually { pair.clock.pendingSleeps == 1 }
        pair.clock.advance(by: .seconds(3))
        guard case .authenticated(let authentication)? = try await result.value(awaiting: "the second-screen sign-in")
        else {
            Issue.record("not authenticated")
            return
        }
        #expect(authentication.mvpd.id == "AutoCable")
        #expect(await pair.polls() == 2)
        let done = try await pair.emulator.transport.send(
            HTTPTransportRequest(
                url: URL(string: "/activate/done?code=" + code.code, relativeTo: pair.emulator.baseURL)!.absoluteURL))
        #expect(String(decoding: done.body, as: UTF8.self).contains("go back to your TV"))
        let page = try await pair.emulator.transport.send(HTTPTransportRequest(url: pair.emulator.activationURL))
        #expect(String(decoding: page.body, as: UTF8.self).contains(#"name="code""#))
    }

    // MARK: Companion errors

    @Test func theCompanionReportsWrongAndExpiredCodes() async throws {
        let pair = Pair()
        try await pair.configure()
        await #expect(throws: AccessEnablerError.invalidAuthenticationCode) {
            try await pair.phone.enabler.activationRequest(forCode: "NOPE123")
        }
        await #expect(throws: AccessEnablerError.invalidArgument) {
            try await pair.phone.enabler.activate(code: "  ", presenter: pair.phone.presenter("Cablevision"))
        }
        let (code, _) = try await Self.showCode(pair)
        pair.clock.advance(by: .seconds(1800))
        let error = await #expect(throws: AccessEnablerError.self) {
            try await pair.phone.enabler.activate(code: code.code, presenter: pair.phone.presenter("Cablevision"))
        }
        #expect(error == .invalidAuthenticationSession)
        #expect(error?.status.status == 400)
        #expect(await pair.emulator.requests(to: .resumeSession).isEmpty, "an invalid code is not resumed")
        #expect(await pair.emulator.requests(to: .sessionInfo).count == 2)
    }

    /// The companion activates an MVPD that requires Safari as its own login would: the page ends
    /// on the app's scheme from the registration, which the resume call names as its redirect URL.
    @Test func theCompanionActivatesASafariMVPDOnTheAppScheme() async throws {
        var scenario = EmulatorScenario.standard
        for index in scenario.mvpds.indices where scenario.mvpds[index].id == "Cablevision" {
            scenario.mvpds[index].requiresSafariViewController = true
        }
        scenario.softwareStatements.redirectURIs = ["adbe.u-companion://adobe.com"]
        let pair = Pair(scenario: scenario, companionRedirectURL: nil)
        try await pair.configure()
        let (code, _) = try await Self.showCode(pair)
        try await pair.phone.enabler.activate(
            code: code.code, mvpdID: "Cablevision", presenter: pair.phone.presenter(nil))
        let resume = try #require(await pair.emulator.requests(to: .resumeSession).last)
        let form = URLComponents(string: "?" + String(decoding: resume.body ?? Data(), as: UTF8.self))
        let redirect = form?.queryItems?.first { $0.name == "redirectUrl" }?.value
        #expect(redirect == "adbe.u-companion://adobe.com")
    }

    // MARK: Stopping

    @Test func theCodesExpiryEndsTheSignInOnTheTV() async throws {
        let pair = Pair(interval: .seconds(600))
        try await pair.configure()
        let (_, iterator) = try await Self.showCode(pair)
        let result = Self.nextState(iterator)
        for polls in 1...3 {
            await eventually { pair.clock.pendingSleeps == 1 }
            pair.clock.advance(by: .seconds(600))
            if polls < 3 { await eventually { await pair.polls() == polls } }
        }
        await #expect(throws: AccessEnablerError.authenticationCodeExpired) {
            try await result.value(awaiting: "the second-screen sign-in")
        }
        #expect(await pair.polls() == 2, "at 10 and 20 minutes; at 30 the code has expired")
        #expect(await pair.tv.enabler.checkAuthentication().isAuthenticated == false)
    }

    /// A new attempt stops the old one's polling when it starts, not once its viewer has picked
    /// an MVPD: the old code must not sign the TV in behind the new attempt's picker.
    @Test func aNewAttemptStopsTheOldPollingWhileItsPickerIsOpen() async throws {
        let pair = Pair()
        try await pair.configure()
        let (_, oldIterator) = try await Self.showCode(pair)
        let oldResult = Self.nextState(oldIterator)
        await eventually { pair.clock.pendingSleeps == 1 }
        let picker = OpenPickerPresenter()
        let newAttempt = pair.tv.enabler.secondScreenSignInFlow(
            forceAuthentication: true, data: [:], providerFilter: nil, picker: picker)
        let newResult = Task { () async throws -> Void in
            for await _ in newAttempt {}
        }
        await eventually { picker.pickerShown.withLock { $0 } }
        pair.clock.advance(by: .seconds(3))
        await #expect(throws: AccessEnablerError.authenticationCodeReplaced) {
            try await oldResult.value(awaiting: "the replaced sign-in")
        }
        #expect(await pair.polls() == 0, "the replaced code is not polled")
        newResult.cancel()
        _ = await newResult.result(awaiting: "the cancelled new sign-in")
    }

    @Test func aNewCodeStopsTheOldPolling() async throws {
        let pair = Pair()
        try await pair.configure()
        let (old, oldIterator) = try await Self.showCode(pair)
        let oldResult = Self.nextState(oldIterator)
        await eventually { pair.clock.pendingSleeps == 1 }
        let (new, newIterator) = try await Self.showCode(pair)
        #expect(new.code != old.code)
        let newResult = Self.nextState(newIterator)
        await eventually { pair.clock.pendingSleeps == 2 }
        pair.clock.advance(by: .seconds(3))
        await #expect(throws: AccessEnablerError.authenticationCodeReplaced) {
            try await oldResult.value(awaiting: "the replaced sign-in")
        }
        await eventually { await pair.polls() == 1 }
        try await pair.phone.enabler.activate(code: new.code, presenter: pair.phone.presenter("Cablevision"))
        await eventually { pair.clock.pendingSleeps == 1 }
        pair.clock.advance(by: .seconds(3))
        _ = try await newResult.value(awaiting: "the new sign-in")
        let paths = await pair.emulator.requests(to: .profileForCode).map(\.path)
        #expect(
            paths == Array(repeating: "/api/v2/REF/profiles/code/\(new.code)", count: 2), "the old code is never polled"
        )
    }

    @Test func cancellingStopsThePolling() async throws {
        let pair = Pair()
        try await pair.configure()
        let (_, iterator) = try await Self.showCode(pair)
        let result = Self.nextState(iterator)
        await eventually { pair.clock.pendingSleeps == 1 }
        pair.clock.advance(by: .seconds(3))
        await eventually { await pair.polls() == 1 }
        await eventually { pair.clock.pendingSleeps == 1 }
        result.cancel()
        await #expect(throws: CancellationError.self) { try await result.value(awaiting: "the second-screen sign-in") }
        pair.clock.advance(by: .seconds(60))
        #expect(await pair.polls() == 1, "no poll after the cancellation")
    }

    @Test func aThrottledPollWaitsForRetryAfter() async throws {
        let pair = Pair()
        try await pair.configure()
        let (code, iterator) = try await Self.showCode(pair)
        await pair.emulator.inject(.tooManyRequests(retryAfter: "10"), on: .profileForCode)
        let result = Self.nextState(iterator)
        await eventually { pair.clock.pendingSleeps == 1 }
        pair.clock.advance(by: .seconds(3))
        await eventually { await pair.polls() == 1 }
        #expect(await pair.emulator.requests(to: .profileForCode).first?.responseStatus == 429)
        await eventually { pair.clock.pendingSleeps == 1 }
        pair.clock.advance(by: .seconds(3))
        #expect(pair.clock.pendingSleeps == 1, "still waiting: Retry-After asked for 10 s")
        #expect(await pair.polls() == 1)
        try await pair.phone.enabler.activate(code: code.code, presenter: pair.phone.presenter("Cablevision"))
        pair.clock.advance(by: .seconds(7))
        guard case .authenticated? = try await result.value(awaiting: "the second-screen sign-in") else {
            Issue.record("not authenticated")
            return
        }
        #expect(await pair.polls() == 2, "one poll after the throttled one, 10 s later")
    }

    /// A failed poll (a 5xx, or a dropped connection) is retried at the next interval: the rule
    /// the browser login's poll follows too.
    @Test(arguments: [EmulatorFault.html(status: 503), .dropConnection])
    func aFailedPollIsRetriedAtTheNextInterval(fault: EmulatorFault) async throws {
        let pair = Pair()
        try await pair.configure()
        let (code, iterator) = try await Self.showCode(pair)
        await pair.emulator.inject(fault, on: .profileForCode)
        let result = Self.nextState(iterator)
        await eventually { pair.clock.pendingSleeps == 1 }
        pair.clock.advance(by: .seconds(3))
        await eventually { await pair.polls() == 1 }
        try await pair.phone.enabler.activate(code: code.code, presenter: pair.phone.presenter("Cablevision"))
        await eventually { pair.clock.pendingSleeps == 1 }
        pair.clock.advance(by: .seconds(3))
        guard case .authenticated? = try await result.value(awaiting: "the second-screen sign-in") else {
            Issue.record("not authenticated")
            return
        }
        #expect(await pair.polls() == 2)
    }

    @Test func aLogoutDuringAPollWritesNothingBack() async throws {
        let pair = Pair()
        try await pair.configure()
        let (code, iterator) = try await Self.showCode(pair)
        try await pair.phone.enabler.activate(code: code.code, presenter: pair.phone.presenter("Cablevision"))
        let gate = EmulatorGate()
        await pair.emulator.inject(.hold(gate), on: .profileForCode)
        let result = Self.nextState(iterator)
        await eventually { pair.clock.pendingSleeps == 1 }
        pair.clock.advance(by: .seconds(3))
        await eventually { gate.waiting == 1 }
        try await pair.tv.enabler.logout()
        gate.open()
        await #expect(throws: CancellationError.self) { try await result.value(awaiting: "the second-screen sign-in") }
        #expect(await pair.polls() == 1)
        #expect(await pair.tv.enabler.checkAuthentication().isAuthenticated == false)
        #expect(!pair.tv.storage.keysHoldingAuthentication)
    }

    @Test func aLogoutBetweenPollsStopsThePolling() async throws {
        let pair = Pair()
        try await pair.configure()
        let (_, iterator) = try await Self.showCode(pair)
        let result = Self.nextState(iterator)
        await eventually { pair.clock.pendingSleeps == 1 }
        try await pair.tv.enabler.logout()
        pair.clock.advance(by: .seconds(3))
        await #expect(throws: CancellationError.self) { try await result.value(awaiting: "the second-screen sign-in") }
        #expect(await pair.polls() == 0)
    }

    // MARK: Shortcuts and REST API v1

    @Test func aSignedInTVGetsNoCode() async throws {
        let pair = Pair()
        let signedIn = try await pair.tv.signIn()
        let states = try await pair.tv.enabler.secondScreenSignIn().collect(awaiting: "the signed-in TV's states")
        #expect(states == [.authenticated(signedIn)])
        #expect(await pair.emulator.requests(to: .createSession).count == 1, "only the browser login's session")
    }

    @Test func restV1ThrowsNotSupported() async throws {
        let pair = Pair(backend: .restV1)
        try await pair.configure()
        await #expect(throws: AccessEnablerError.secondScreenNotSupported) {
            _ = try await pair.tv.enabler.secondScreenSignIn(mvpdID: "Cablevision").collect(
                awaiting: "the refused sign-in")
        }
        await #expect(throws: AccessEnablerError.secondScreenNotSupported) {
            try await pair.phone.enabler.activate(code: "ABC1234", presenter: pair.phone.presenter("Cablevision"))
        }
        #expect(await pair.emulator.requests.filter { $0.route == .createSession || $0.route == .sessionInfo }.isEmpty)
    }
}
