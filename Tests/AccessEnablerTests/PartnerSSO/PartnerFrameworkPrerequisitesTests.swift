import AccessEnablerTesting
import Foundation
import Testing
@testable import AccessEnabler

/// A partner framework the app cannot use (Apple's TV Provider without its Info.plist usage
/// description) is left out with one log line, and never asked anything.
@Suite(.timeLimit(.minutes(5))) struct PartnerFrameworkPrerequisitesTests {
    /// The fake framework, with what the app lacks.
    struct Framework: PartnerFramework, PartnerFrameworkPrerequisites {
        let fake: FakePartnerFramework
        let missingPrerequisite: String?
        var exchangeError: TVProviderError?
        var partnerName: String { fake.partnerName }

        func status(for request: PartnerStatusRequest) async throws -> PartnerFrameworkOutcome<PartnerFrameworkStatus> {
            try await fake.status(for: request)
        }

        func authenticate(_ request: PartnerAuthenticationRequest) async throws
            -> PartnerFrameworkOutcome<PartnerAuthenticationResponse>
        {
            if let exchangeError { throw exchangeError }
            return try await fake.authenticate(request)
        }
    }

    static func signIn(
        missing: String?, exchangeError: TVProviderError? = nil, events: (@Sendable (Harness) -> Void)? = nil
    ) async throws -> (Harness, FakePartnerFramework) {
        let clock = TestClock()
        let fake = FakePartnerFramework(clock: clock, picker: .select("Cablevision-Apple"))
        let emulator = PassEmulator(scenario: .standard, clock: clock)
        await emulator.enablePartnerSingleSignOn(mvpd: "Cablevision", platformMappingID: "Cablevision-Apple")
        let harness = Harness(clock: clock, emulator: emulator) {
            $0.partnerFramework = Framework(fake: fake, missingPrerequisite: missing, exchangeError: exchangeError)
        }
        events?(harness)
        try await harness.configure()
        try await harness.enabler.authenticate(providerFilter: nil, presenter: harness.presenter("Cablevision"))
        return (harness, fake)
    }

    @Test func aFrameworkTheAppCannotUseIsNeverAsked() async throws {
        let missing = TVProviderPrerequisites.missing { _ in nil }
        let (harness, fake) = try await Self.signIn(missing: missing)
        #expect(harness.enabler.partnerFramework == nil)
        #expect(await fake.statusRequests.isEmpty)
        #expect(await harness.enabler.checkAuthentication().authentication?.profileType != "appleSSO")
        let lines = harness.logLines.all.filter { $0.message.contains("NSVideoSubscriberAccountUsageDescription") }
        #expect(lines.count == 1)
        #expect(lines.first?.level == .error)
    }

    @Test func aFrameworkWithEverythingItNeedsIsAsked() async throws {
        let (harness, fake) = try await Self.signIn(missing: nil)
        #expect(harness.enabler.partnerFramework != nil)
        #expect(await fake.statusRequests.isEmpty == false)
        #expect(await harness.enabler.checkAuthentication().authentication?.profileType == "appleSSO")
    }

    @Test func theBindingsOwnFailureCodeIsTheFallbackReason() async throws {
        let recorder = LockedValue<EventRecorder?>(nil)
        let (harness, _) = try await Self.signIn(
            missing: nil, exchangeError: TVProviderError(code: "no_attribute_names"),
            events: { harness in recorder.withLock { $0 = EventRecorder(harness.enabler.events) } })
        let events = try #require(recorder.withLock { $0 })
        await PartnerSSOTests.settled(events)
        #expect(events.all.contains(.partnerSingleSignOn(.fellBack(.frameworkError(code: "no_attribute_names")))))
        #expect(await harness.enabler.checkAuthentication().authentication?.mvpd.id == "Cablevision")
    }
}
