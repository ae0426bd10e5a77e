import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// Each call is labelled, retried and mapped as the call it is: the log names the call that
/// failed.
@Suite(.timeLimit(.minutes(5))) struct WireEndpointTests {
    /// The log lines that report an HTTP status, as "<call> answered <status>".
    static func answers(in harness: Harness) -> [String] {
        harness.logLines.all.map { $0.message.replacingOccurrences(of: "[AccessEnabler] ", with: "") }
            .filter { $0.contains(" answered ") }
    }

    /// `GET /sessions/{code}` (the companion app's code check) failing with a 500 is logged as the
    /// session-information call; it was logged as a profiles call.
    @Test func sessionInformationFailureIsLoggedAsThatCall() async throws {
        let harness = Harness()
        try await harness.configure()
        await harness.emulator.inject(.html(status: 500), on: .sessionInfo)
        await #expect(throws: AccessEnablerError.internalError) {
            try await harness.enabler.activationRequest(forCode: "ABC123")
        }
        let answers = Self.answers(in: harness)
        #expect(answers.contains("sessionInfo answered 500"), "\(answers)")
        #expect(!answers.contains { $0.hasPrefix("profiles") }, "\(answers)")
    }

    /// `POST /profiles/sso/{partner}` failing with a 500 is logged as the partner profile call;
    /// it was logged as a sessions call. It is not sent again: the partner's response is used once.
    @Test func partnerProfileFailureIsLoggedAsThatCall() async throws {
        let clock = TestClock()
        let fake = FakePartnerFramework(clock: clock, picker: .select(PartnerSSOTests.appleID))
        let emulator = PassEmulator(scenario: .standard, clock: clock)
        await emulator.enablePartnerSingleSignOn(mvpd: "Cablevision", platformMappingID: PartnerSSOTests.appleID)
        let harness = Harness(clock: clock, emulator: emulator) {
            $0.partnerFramework = fake
            $0.retryPolicy = RetryPolicy(maxAttempts: 3)
        }
        try await harness.configure()
        await emulator.inject(.html(status: 500), on: .partnerProfile)
        await #expect(throws: AccessEnablerError.internalError) {
            try await harness.enabler.authenticate(providerFilter: nil, presenter: UnusablePresenter())
        }
        let answers = Self.answers(in: harness)
        #expect(answers.contains("partnerProfile answered 500"), "\(answers)")
        #expect(answers.contains("partnerSession answered 200"), "\(answers)")
        #expect(!answers.contains { $0.hasPrefix("sessions") }, "\(answers)")
        #expect(await emulator.requests(to: .partnerProfile).count == 1)
    }
}

/// What a protocol does not offer is never attempted: REST API v1 has no partner single sign-on.
@Suite(.timeLimit(.minutes(5))) struct BackendCapabilityTests {
    @Test func restV1NeverAsksThePartnerFramework() async throws {
        let clock = TestClock()
        let fake = FakePartnerFramework(clock: clock, picker: .select(PartnerSSOTests.appleID))
        let harness = Harness(backend: .restV1, clock: clock) { $0.partnerFramework = fake }
        try await harness.configure()
        let authentication = try await harness.enabler.authenticate(
            providerFilter: nil, presenter: harness.presenter("Cablevision"))
        _ = try await harness.enabler.authorize(resource: "news")

        #expect(authentication.mvpd.id == "Cablevision")
        #expect(await fake.statusRequests.isEmpty)
        #expect(await fake.authenticationRequests.isEmpty)
        let requests = await harness.emulator.requests
        #expect(!requests.isEmpty)
        #expect(requests.allSatisfy { $0.headers["AP-Partner-Framework-Status"] == nil })
    }
}
