import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// Partner single sign-on against a hostile service provider: the profile answer to the partner's
/// response rewritten on its way to the app.
@Suite(.timeLimit(.minutes(5))) struct HostilePartnerTests {
    /// A partner harness whose `profiles/sso` answers pass through `rename`.
    static func harness(renaming rename: @escaping @Sendable (String) -> [String]) async -> Harness {
        let clock = TestClock()
        let fake = FakePartnerFramework(clock: clock, picker: .select(PartnerSSOTests.appleID))
        let emulator = PassEmulator(scenario: .standard, clock: clock)
        await emulator.enablePartnerSingleSignOn(
            mvpd: "Cablevision", platformMappingID: PartnerSSOTests.appleID, boardingStatus: "SUPPORTED")
        return Harness(clock: clock, emulator: emulator) {
            $0.partnerFramework = fake
            $0.transport = HostilePeerTests.RewritingTransport(inner: emulator.transport) { request, response in
                guard request.url.path.contains("/profiles/sso/"), var body = HostilePeerTests.object(response),
                    let profiles = body["profiles"] as? [String: Any]
                else { return response }
                var renamed: [String: Any] = [:]
                for (mvpd, profile) in profiles {
                    for name in rename(mvpd) { renamed[name] = profile }
                }
                body["profiles"] = renamed
                return HostilePeerTests.response(response, with: body)
            }
        }
    }

    @Test func withTwoProfilesThePartnersMVPDsIsTaken() async throws {
        // AutoCable sorts before Cablevision: the first key is the wrong one.
        let harness = await Self.harness { [$0, "AutoCable"] }
        try await harness.configure()
        let authentication = try await harness.enabler.authenticate(providerFilter: nil, presenter: UnusablePresenter())
        #expect(authentication.mvpd.id == "Cablevision")
        #expect(await harness.enabler.checkAuthentication().authentication?.mvpd.id == "Cablevision")
    }

    @Test func aProfileForAnMVPDTheRequestorDoesNotOfferIsNotUsed() async throws {
        let harness = await Self.harness { _ in ["EvilMVPD"] }
        let events = EventRecorder(harness.enabler.events)
        try await harness.configure()
        // The partner's profile is refused: the basic flow follows (its picker, which this
        // presenter cannot show).
        await #expect(throws: (any Error).self) {
            try await harness.enabler.authenticate(providerFilter: nil, presenter: UnusablePresenter())
        }
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
        #expect(!harness.storage.keysHoldingAuthentication, "nothing stored for the foreign MVPD")
        await PartnerSSOTests.settled(events)
        #expect(
            events.all.contains {
                if case .partnerSingleSignOn(.fellBack(.validationFailed(let code))) = $0 {
                    code == "provider_not_available"
                } else {
                    false
                }
            })
    }
}
