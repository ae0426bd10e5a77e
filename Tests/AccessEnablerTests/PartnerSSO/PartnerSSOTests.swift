import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// Partner single sign-on (Apple's TV Provider) over REST API v2, on the emulator with the fake
/// partner framework.
@Suite(.timeLimit(.minutes(5))) struct PartnerSSOTests {
    static let appleID = "Cablevision-Apple"

    /// A harness whose app gives `partner`, with Cablevision onboarded for it (`boardingStatus`).
    static func harness(
        partner: @Sendable (TestClock) -> FakePartnerFramework, boardingStatus: String = "SUPPORTED"
    ) async -> (Harness, FakePartnerFramework) {
        let clock = TestClock()
        let fake = partner(clock)
        let emulator = PassEmulator(scenario: .standard, clock: clock)
        await emulator.enablePartnerSingleSignOn(
            mvpd: "Cablevision", platformMappingID: appleID, boardingStatus: boardingStatus)
        let harness = Harness(clock: clock, emulator: emulator) { $0.partnerFramework = fake }
        return (harness, fake)
    }

    /// The decoded `AP-Partner-Framework-Status` of a logged request.
    static func partnerStatus(_ record: EmulatorRequestRecord) throws -> [String: Any] {
        let header = try #require(record.headers["AP-Partner-Framework-Status"])
        let data = try #require(Data(base64Encoded: header))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Waits until `authenticate` has reported its end (the partner events come before it).
    static func settled(_ events: EventRecorder) async {
        await events.waitFor { event in
            if case .authenticationChecked(let check) = event { return !check.fromCache }
            return false
        }
    }

    @Test func signsInThroughThePartnerWithoutABrowser() async throws {
        let (harness, fake) = await Self.harness { FakePartnerFramework(clock: $0, picker: .select(Self.appleID)) }
        let events = EventRecorder(harness.enabler.events)
        try await harness.configure()
        let authentication = try await harness.enabler.authenticate(
            providerFilter: nil, presenter: UnusablePresenter())

        #expect(authentication.mvpd.id == "Cablevision")
        #expect(authentication.profileType == "appleSSO")
        #expect(authentication.userID == "partner-user")
        #expect(await harness.enabler.checkAuthentication().authentication?.profileType == "appleSSO")
        // No basic session, no browser step: the two partner calls, each with the header.
        #expect(await harness.emulator.requests(to: .createSession).isEmpty)
        #expect(await harness.emulator.requests(to: .authenticateV2).isEmpty)
        let partnerCalls =
            await harness.emulator.requests(to: .partnerSession)
            + harness.emulator.requests(to: .partnerProfile)
        #expect(partnerCalls.map(\.path) == ["/api/v2/REF/sessions/sso/Apple", "/api/v2/REF/profiles/sso/Apple"])
        for call in partnerCalls {
            let status = try Self.partnerStatus(call)
            #expect((status["frameworkPermissionInfo"] as? [String: Any])?["accessStatus"] as? String == "granted")
            #expect((status["frameworkProviderInfo"] as? [String: Any])?["id"] as? String == Self.appleID)
        }
        // The partner got the supported providers, then Adobe's request with its attribute names.
        #expect(await fake.statusRequests.first(where: \.allowsInterruption)?.supportedProviderIDs == [Self.appleID])
        let exchange = try #require(await fake.authenticationRequests.first)
        #expect(exchange.type == "saml")
        #expect(exchange.attributeNames == ["uid", "NameID", "uniqueId"])
        #expect(exchange.mvpdID == "Cablevision")
        #expect(exchange.providerID == Self.appleID)
        await Self.settled(events)
        #expect(events.all.contains(.partnerSingleSignOn(.signedIn(mvpdID: "Cablevision"))))

        // Later calls whose pages list the header carry it; the logout page does not list it.
        _ = try await harness.enabler.authorize(resource: "news")
        let authorize = try #require(await harness.emulator.requests(to: .authorizeDecisions).last)
        #expect(authorize.headers["AP-Partner-Framework-Status"] != nil)
    }

    @Test func permissionDeniedFallsBackToTheBasicFlow() async throws {
        let (harness, fake) = await Self.harness {
            FakePartnerFramework(clock: $0, accessStatus: .denied, picker: .select(Self.appleID))
        }
        let events = EventRecorder(harness.enabler.events)
        try await harness.configure()
        let authentication = try await harness.enabler.authenticate(
            providerFilter: nil, presenter: harness.presenter("Cablevision"))
        #expect(authentication.profileType == "regular")
        #expect(await harness.emulator.requests(to: .partnerSession).isEmpty)
        #expect(await harness.emulator.requests(to: .authenticateV2).count == 1)
        // The sessions page does not list the header: the basic flow does not send it.
        #expect(
            await harness.emulator.requests(to: .createSession).first?.headers["AP-Partner-Framework-Status"] == nil)
        #expect(await fake.authenticationRequests.isEmpty)
        await Self.settled(events)
        #expect(events.all.contains(.partnerSingleSignOn(.fellBack(.permission(.denied)))))
    }

    @Test func providerNotOnboardedFallsBackToTheBasicFlow() async throws {
        let (harness, fake) = await Self.harness(
            partner: { FakePartnerFramework(clock: $0, picker: .select(Self.appleID)) }, boardingStatus: "PICKER")
        let events = EventRecorder(harness.enabler.events)
        try await harness.configure()
        // A presenter that would pick AutoCable: it is not asked.
        let authentication = try await harness.enabler.authenticate(
            providerFilter: nil, presenter: harness.presenter("AutoCable"))
        #expect(authentication.profileType == "regular")
        #expect(authentication.mvpd.id == "Cablevision", "the MVPD the server named, without the MVPD picker")
        #expect(await harness.emulator.requests(to: .partnerSession).count == 1)
        #expect(await harness.emulator.requests(to: .authenticateV2).count == 1)
        #expect(await fake.authenticationRequests.isEmpty)
        await Self.settled(events)
        // The server named the MVPD the TV Provider signed in with: its login page follows.
        #expect(
            events.all.contains(
                .partnerSingleSignOn(
                    .fellBack(
                        .serverFallback(reasonType: "configuration_fallback", mvpdID: "Cablevision")))))
    }

    @Test func unsupportedProviderInThePickerFallsBackToTheBasicFlow() async throws {
        let (harness, _) = await Self.harness { FakePartnerFramework(clock: $0, picker: .unsupported("Other-Apple")) }
        let events = EventRecorder(harness.enabler.events)
        try await harness.configure()
        let authentication = try await harness.enabler.authenticate(
            providerFilter: nil, presenter: harness.presenter("Cablevision"))
        #expect(authentication.profileType == "regular")
        #expect(await harness.emulator.requests(to: .partnerSession).isEmpty)
        await Self.settled(events)
        #expect(events.all.contains(.partnerSingleSignOn(.fellBack(.providerNotSupported(providerID: "Other-Apple")))))
    }

    @Test func anMVPDChosenInThePartnersPickerThatSignsInItselfIsNotAskedForAgain() async throws {
        // AutoCable is listed in the TV Provider's picker but signs in through its own page
        // (PICKER): the viewer chose it there, so its login follows without the MVPD picker.
        let (harness, _) = await Self.harness {
            FakePartnerFramework(clock: $0, picker: .unsupported("AutoCable-Apple"))
        }
        await harness.emulator.enablePartnerSingleSignOn(
            mvpd: "AutoCable", platformMappingID: "AutoCable-Apple", boardingStatus: "PICKER")
        let events = EventRecorder(harness.enabler.events)
        try await harness.configure()
        let authentication = try await harness.enabler.authenticate(
            providerFilter: nil, presenter: harness.presenter("Cablevision"))
        #expect(authentication.mvpd.id == "AutoCable", "the partner's choice, not the presenter's picker")
        #expect(authentication.profileType == "regular")
        await Self.settled(events)
        #expect(events.all.contains(.partnerSingleSignOn(.fellBack(.pickerProvider(mvpdID: "AutoCable")))))
        #expect(
            !events.all.contains(.partnerSingleSignOn(.fellBack(.providerNotSupported(providerID: "AutoCable-Apple")))))
    }

    @Test func serverSideValidationFailureFallsBackToTheBasicFlow() async throws {
        let (harness, _) = await Self.harness {
            FakePartnerFramework(clock: $0, picker: .select(Self.appleID), exchange: .invalidResponse)
        }
        let events = EventRecorder(harness.enabler.events)
        try await harness.configure()
        let authentication = try await harness.enabler.authenticate(
            providerFilter: nil, presenter: harness.presenter("Cablevision"))
        #expect(authentication.profileType == "regular")
        #expect(await harness.emulator.requests(to: .partnerProfile).count == 1)
        #expect(await harness.emulator.requests(to: .authenticateV2).count == 1)
        await Self.settled(events)
        #expect(
            events.all.contains(
                .partnerSingleSignOn(.fellBack(.validationFailed(code: "invalid_parameter_saml_response")))))
    }

    @Test func cancellingThePartnerPickerIsProviderNotSelected() async throws {
        let (harness, _) = await Self.harness { FakePartnerFramework(clock: $0, picker: .cancel) }
        let events = EventRecorder(harness.enabler.events)
        try await harness.configure()
        await #expect(throws: AccessEnablerError.providerNotSelected) {
            try await harness.enabler.authenticate(providerFilter: nil, presenter: UnusablePresenter())
        }
        #expect(await harness.emulator.requests(to: .partnerSession).isEmpty)
        #expect(await harness.emulator.requests(to: .createSession).isEmpty)
        #expect(!(await harness.enabler.checkAuthentication().isAuthenticated))
        await Self.settled(events)
        #expect(events.all.contains(.partnerSingleSignOn(.cancelled)))
    }

    @Test func cancellingThePartnerLoginIsProviderNotSelected() async throws {
        let (harness, _) = await Self.harness {
            FakePartnerFramework(clock: $0, picker: .select(Self.appleID), exchange: .cancel)
        }
        try await harness.configure()
        await #expect(throws: AccessEnablerError.providerNotSelected) {
            try await harness.enabler.authenticate(providerFilter: nil, presenter: UnusablePresenter())
        }
        #expect(await harness.emulator.requests(to: .partnerProfile).isEmpty)
    }

    @Test func expiredPartnerStatusFallsBackWithoutAskingTheServer() async throws {
        let (harness, _) = await Self.harness {
            FakePartnerFramework(
                clock: $0, signedInProvider: Self.appleID, expirationDate: $0.now.addingTimeInterval(-1),
                picker: .select(Self.appleID))
        }
        let events = EventRecorder(harness.enabler.events)
        try await harness.configure()
        let authentication = try await harness.enabler.authenticate(
            providerFilter: nil, presenter: harness.presenter("Cablevision"))
        #expect(authentication.profileType == "regular")
        #expect(await harness.emulator.requests(to: .partnerSession).isEmpty)
        await Self.settled(events)
        #expect(events.all.contains(.partnerSingleSignOn(.fellBack(.providerUnavailable))))
    }

    @Test func logoutOfAnSSOProfileEmitsTheEventWithoutABrowserStep() async throws {
        let (harness, _) = await Self.harness { FakePartnerFramework(clock: $0, picker: .select(Self.appleID)) }
        try await harness.configure()
        try await harness.enabler.authenticate(providerFilter: nil, presenter: UnusablePresenter())
        let events = EventRecorder(harness.enabler.events)
        let outcome = try await harness.enabler.logout(presenter: UnusablePresenter())
        #expect(outcome == LogoutOutcome(partnerLogoutMVPDIDs: ["Cablevision"]))
        await events.waitFor { $0 == .loggedOut }
        #expect(events.all.contains(.partnerLogoutRequired(mvpdID: "Cablevision")))
        #expect(await harness.emulator.requests(to: .logoutV2).count == 1)
        #expect(await harness.emulator.requests(to: .browserLogout).isEmpty)
        #expect(!(await harness.enabler.checkAuthentication().isAuthenticated))
    }

    @Test func withoutAPartnerFrameworkNothingChanges() async throws {
        let clock = TestClock()
        let emulator = PassEmulator(scenario: .standard, clock: clock)
        await emulator.enablePartnerSingleSignOn(mvpd: "Cablevision", platformMappingID: Self.appleID)
        let harness = Harness(clock: clock, emulator: emulator)
        try await harness.configure()
        let authentication = try await harness.enabler.authenticate(
            providerFilter: nil, presenter: harness.presenter("Cablevision"))
        #expect(authentication.profileType == "regular")
        #expect(await harness.emulator.requests(to: .partnerSession).isEmpty)
        #expect(await harness.emulator.requests.allSatisfy { $0.headers["AP-Partner-Framework-Status"] == nil })
    }

    @Test func theFilterNarrowsAndOrdersThePartnersPicker() async throws {
        let (harness, fake) = await Self.harness { FakePartnerFramework(clock: $0, picker: .cancel) }
        await harness.emulator.enablePartnerSingleSignOn(mvpd: "AutoCable", platformMappingID: "AutoCable-Apple")
        try await harness.configure()
        let filter = PartnerProviderFilter(
            providers: ["AutoCable", "Unknown", "Cablevision"], featuredProviders: ["Cablevision", "Unknown"])
        _ = try? await harness.enabler.authenticate(providerFilter: filter, presenter: UnusablePresenter())
        let request = try #require(await fake.statusRequests.first(where: \.allowsInterruption))
        #expect(request.supportedProviderIDs == ["AutoCable-Apple", Self.appleID])
        #expect(request.featuredProviderIDs == [Self.appleID])
        #expect(request.allowsInterruption)
    }

    @Test func statusHeaderIsTheDocumentedBase64JSON() throws {
        let status = PartnerFrameworkStatus(
            accessStatus: .granted, providerID: "Cablevision",
            expirationDate: Date(timeIntervalSince1970: 2_025_430_636), providerError: .init(code: "1", message: "m"))
        let data = try #require(Data(base64Encoded: status.headerValue))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["frameworkPermissionInfo", "frameworkProviderInfo"])
        #expect((object["frameworkPermissionInfo"] as? [String: String]) == ["accessStatus": "granted"])
        let provider = try #require(object["frameworkProviderInfo"] as? [String: Any])
        #expect(provider["id"] as? String == "Cablevision")
        #expect(provider["expirationDate"] as? String == "2025430636000")
        #expect((provider["error"] as? [String: String]) == ["code": "1", "message": "m"])
        #expect(!status.allowsSingleSignOn(at: Date(timeIntervalSince1970: 2_025_430_636)))
        #expect(status.allowsSingleSignOn(at: Date(timeIntervalSince1970: 2_025_430_635)))
    }
}
