import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// REST API v2 checklist, Authentication and Logout phases: polling for the profile after the
/// browser step, session consistency with the server, several profiles, and logout per profile.
@Suite(.timeLimit(.minutes(5))) struct ProfileTests {
    /// The standard scenario with `AutoCable` confirming logins `delay` seconds late, and
    /// updating the profile's attributes when it authorizes.
    static func scenario(profileDelay delay: TimeInterval = 0) -> EmulatorScenario {
        var scenario = EmulatorScenario.standard
        let index = scenario.mvpds.firstIndex { $0.id == "AutoCable" }!
        scenario.mvpds[index].profileDelay = delay
        scenario.mvpds[index].updatesAttributesOnAuthorization = true
        return scenario
    }

    // MARK: Polling (Polling Mechanism Starting / Stopping / Configuring)

    @Test func theProfileIsPolledEveryIntervalUntilItAppears() async throws {
        let harness = Harness(backend: .restV2, scenario: Self.scenario(profileDelay: 7))
        try await harness.configure()
        let login = Task { try await harness.enabler.authenticate(presenter: harness.presenter("AutoCable")) }
        for polls in 1...3 {
            // Each poll finds nothing yet and waits the interval (3 s by default) on the clock.
            await eventually { await harness.emulator.requests(to: .profile).count == polls }
            await eventually { harness.clock.pendingSleeps == 1 }
            harness.clock.advance(by: .seconds(3))
        }
        let authentication = try await login.value(awaiting: "the login")
        #expect(authentication.mvpd.id == "AutoCable")
        #expect(
            await harness.emulator.requests(to: .profile).count == 4, "at 0, 3, 6 s nothing; at 9 s the profile")
        #expect(await harness.enabler.checkAuthentication().isAuthenticated)
    }

    @Test func pollingStopsWhenTheLoginsCodeExpires() async throws {
        // The emulator's codes last 30 minutes; polling every 10 minutes reaches that quickly.
        let harness = Harness(backend: .restV2, scenario: Self.scenario(profileDelay: 7200)) {
            $0.profilePollingInterval = .seconds(600)
            $0.profileWaitAfterRedirect = .seconds(7200)
        }
        try await harness.configure()
        let login = Task { try await harness.enabler.authenticate(presenter: harness.presenter("AutoCable")) }
        for polls in 1...2 {
            await eventually { await harness.emulator.requests(to: .profile).count == polls }
            await eventually { harness.clock.pendingSleeps == 1 }
            harness.clock.advance(by: .seconds(600))
        }
        let error = await #expect(throws: AccessEnablerError.self) { try await login.value(awaiting: "the login") }
        #expect(error == .authenticationSessionMissing)
        #expect(error?.status.details?.contains("before the login expired") == true)
        #expect(
            await harness.emulator.requests(to: .profile).count == 3, "0, 10 and 20 min; 30 min is past the code"
        )
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
    }

    /// The MVPD login reached the redirect URL but left no profile (a failed SAML assertion, a
    /// misconfigured MVPD): the login ends after the configured wait, not at the code's expiry
    /// 30 minutes later.
    @Test func aLoginThatLeftNoProfileEndsAfterTheWaitAfterTheRedirect() async throws {
        let harness = Harness(backend: .restV2, scenario: Self.scenario(profileDelay: 7200))
        try await harness.configure()
        let started = harness.clock.now
        let ended = LockedValue(false)
        let login = Task {
            defer { ended.withLock { $0 = true } }
            return try await harness.enabler.authenticate(presenter: harness.presenter("AutoCable"))
        }
        for polls in 1...9 {
            await eventually { await harness.emulator.requests(to: .profile).count == polls }
            await eventually { harness.clock.pendingSleeps == 1 }
            harness.clock.advance(by: .seconds(3))
        }
        // At 27 s the tenth poll finds nothing: the login ends, or (without the bound) sleeps again.
        await eventually { await harness.emulator.requests(to: .profile).count == 10 }
        await eventually { ended.withLock { $0 } || harness.clock.pendingSleeps == 1 }
        #expect(ended.withLock { $0 }, "the login ended after the wait, not at the code's expiry")
        if !ended.withLock({ $0 }) { login.cancel() }
        let error = await #expect(throws: AccessEnablerError.self) { try await login.value(awaiting: "the login") }
        #expect(error == .authenticationSessionMissing)
        #expect(error?.status.details?.contains("The MVPD login ended without a profile") == true)
        #expect(
            await harness.emulator.requests(to: .profile).count == 10,
            "every 3 s from 0 to 27 s; 30 s is the end")
        #expect(harness.clock.now.timeIntervalSince(started) == 27)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
    }

    /// The wait is a `Configuration` option; a shorter one ends sooner.
    @Test func theWaitAfterTheRedirectIsConfigurable() async throws {
        let harness = Harness(backend: .restV2, scenario: Self.scenario(profileDelay: 7200)) {
            $0.profileWaitAfterRedirect = .seconds(5)
        }
        try await harness.configure()
        let ended = LockedValue(false)
        let login = Task {
            defer { ended.withLock { $0 = true } }
            return try await harness.enabler.authenticate(presenter: harness.presenter("AutoCable"))
        }
        await eventually { harness.clock.pendingSleeps == 1 }
        harness.clock.advance(by: .seconds(3))
        await eventually { await harness.emulator.requests(to: .profile).count == 2 }
        await eventually { ended.withLock { $0 } || harness.clock.pendingSleeps == 1 }
        #expect(ended.withLock { $0 }, "the login ended at the end of the 5 s wait")
        if !ended.withLock({ $0 }) { login.cancel() }
        await #expect(throws: AccessEnablerError.authenticationSessionMissing) {
            try await login.value(awaiting: "the login")
        }
        #expect(await harness.emulator.requests(to: .profile).count == 2, "at 0 and 3 s; 6 s is past the wait")
    }

    /// A transient failure in the middle of the poll (a 5xx, a dropped connection) does not end
    /// the login: the next poll, one interval later, finds the profile. The same rule as the
    /// second-screen poll's.
    @Test(arguments: [
        EmulatorFault.html(status: 503),
        .status(
            500, body: #"{"status":500,"code":"internal_error","message":"Internal error"}"#,
            contentType: "application/json"),
        .dropConnection,
    ])
    func aTransientFailureDuringThePollIsRetriedAtTheNextInterval(fault: EmulatorFault) async throws {
        let harness = Harness(backend: .restV2, scenario: Self.scenario(profileDelay: 4))
        try await harness.configure()
        let login = Task { try await harness.enabler.authenticate(presenter: harness.presenter("AutoCable")) }
        // At 0 s nothing yet; the poll at 3 s fails; at 6 s the profile.
        await eventually { await harness.emulator.requests(to: .profile).count == 1 }
        await harness.emulator.inject(fault, on: .profile)
        for polls in 2...3 {
            await eventually { harness.clock.pendingSleeps == 1 }
            harness.clock.advance(by: .seconds(3))
            await eventually { await harness.emulator.requests(to: .profile).count == polls }
        }
        let authentication = try await login.value(awaiting: "the login")
        #expect(authentication.mvpd.id == "AutoCable")
        #expect(await harness.emulator.requests(to: .profile).count == 3)
    }

    /// A definitive answer (here a 403 with an error code) ends the poll at once.
    @Test func aDefinitiveFailureDuringThePollEndsTheLogin() async throws {
        let harness = Harness(backend: .restV2, scenario: Self.scenario(profileDelay: 4))
        try await harness.configure()
        let body = #"{"status":403,"code":"invalid_requestor","message":"Forbidden"}"#
        await harness.emulator.inject(.status(403, body: body, contentType: "application/json"), on: .profile)
        let login = Task { try await harness.enabler.authenticate(presenter: harness.presenter("AutoCable")) }
        let error = await #expect(throws: AccessEnablerError.self) { try await login.value(awaiting: "the login") }
        #expect(error?.code == "invalid_requestor")
        #expect(await harness.emulator.requests(to: .profile).count == 1)
    }

    @Test func cancellingStopsThePolling() async throws {
        let harness = Harness(backend: .restV2, scenario: Self.scenario(profileDelay: 60))
        try await harness.configure()
        let login = Task { try await harness.enabler.authenticate(presenter: harness.presenter("AutoCable")) }
        await eventually { harness.clock.pendingSleeps == 1 }
        login.cancel()
        await #expect(throws: CancellationError.self) { try await login.value(awaiting: "the login") }
        harness.clock.advance(by: .seconds(60))
        #expect(await harness.emulator.requests(to: .profile).count == 1, "no poll after the cancellation")
    }

    // MARK: Session consistency (refreshAuthentication)

    @Test(arguments: allBackends)
    func aLogoutMadeElsewhereRemovesTheLocalSession(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        let events = EventRecorder(harness.enabler.events)
        try await harness.signIn()
        await harness.emulator.invalidateSessions()
        let status = try await harness.enabler.refreshAuthentication()
        #expect(status.isAuthenticated == false)
        #expect(!harness.storage.keysHoldingAuthentication)
        await events.waitFor {
            if case .authenticationRemoved(let reason?) = $0 { reason == .authenticationSessionMissing } else { false }
        }
        let profileRoute: EmulatorRoute = backend == .restV2 ? .profiles : .authenticationToken
        #expect(await harness.emulator.requests(to: profileRoute).count == (backend == .restV2 ? 1 : 2))
    }

    @Test(arguments: allBackends)
    func aFailedRefreshChangesNothing(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        let signedIn = try await harness.signIn()
        await harness.emulator.inject(.html(status: 503), on: backend == .restV2 ? .profiles : .authenticationToken)
        await #expect(throws: AccessEnablerError.internalError) { try await harness.enabler.refreshAuthentication() }
        #expect(await harness.enabler.checkAuthentication().authentication == signedIn)
    }

    @Test func changedAttributesAndExpiryUpdateTheLocalProfile() async throws {
        let harness = Harness(backend: .restV2, scenario: Self.scenario())
        try await harness.signIn("AutoCable")
        #expect(try await harness.enabler.getMetadata(.userMetadata("lastAuthorizedResource")).value == .null)
        _ = try await harness.enabler.authorize(resource: "news")
        // Without a refresh the SDK still has the attributes of the login.
        #expect(try await harness.enabler.getMetadata(.userMetadata("lastAuthorizedResource")).value == .null)
        let status = try await harness.enabler.refreshAuthentication()
        #expect(status.isAuthenticated)
        #expect(try await harness.enabler.getMetadata(.userMetadata("lastAuthorizedResource")).value == .string("news"))
    }

    @Test func theProfileCanBeReadAgainAfterEveryAuthorization() async throws {
        let harness = Harness(backend: .restV2, scenario: Self.scenario()) {
            $0.refreshesProfileAfterAuthorization = true
        }
        try await harness.signIn("AutoCable")
        _ = try await harness.enabler.authorize(resource: "sports")
        // Read in the background: the media token does not wait for it.
        await eventually {
            (try? await harness.enabler.getMetadata(.userMetadata("lastAuthorizedResource")).value) == .string("sports")
        }
        #expect(
            await harness.emulator.requests(to: .profile).count == 2,
            "the login's read and one after the authorization")
    }

    @Test func aSessionGoneOnTheServerIsReplacedByAnotherProfileItHolds() async throws {
        let harness = Harness(backend: .restV2)
        let events = EventRecorder(harness.enabler.events)
        try await harness.signIn("Cablevision")
        let deviceID = try #require(await harness.deviceID())
        await harness.emulator.invalidateSessions()
        await harness.emulator.grantProfile(
            mvpd: "AutoCable", userID: "b", ttl: 7200, requestor: "REF", deviceID: deviceID)
        let status = try await harness.enabler.refreshAuthentication()
        #expect(status.authentication?.mvpd.id == "AutoCable")
        await events.waitFor {
            if case .authenticationRemoved(let reason?) = $0 { reason == .authenticationSessionMissing } else { false }
        }
    }

    @Test func theViewersChoiceAmongSeveralProfilesIsAdopted() async throws {
        let harness = Harness(backend: .restV2)
        try await harness.signIn("Cablevision")
        let deviceID = try #require(await harness.deviceID())
        await harness.emulator.grantProfile(
            mvpd: "AutoCable", userID: "sso-user", type: "appleSSO", ttl: 7200, requestor: "REF", deviceID: deviceID)
        let profiles = try await harness.enabler.availableProfiles()
        #expect(profiles.map(\.profileType) == ["regular", "appleSSO"], "a picker can tell them apart")
        let status = try await harness.enabler.refreshAuthentication(preferring: "AutoCable")
        #expect(status.authentication?.mvpd.id == "AutoCable")
        #expect(status.authentication?.userID == "sso-user")
        #expect(status.authentication?.profileType == "appleSSO")
    }

    @Test func aProfileFromSingleSignOnIsAdopted() async throws {
        let harness = Harness(backend: .restV2)
        try await harness.configure()
        let deviceID = try #require(await harness.deviceID())
        await harness.emulator.grantProfile(
            mvpd: "AutoCable", userID: "sso-user", type: "appleSSO", ttl: 7200, requestor: "REF", deviceID: deviceID)
        let status = try await harness.enabler.refreshAuthentication()
        #expect(status.authentication?.mvpd.id == "AutoCable")
        #expect(status.authentication?.userID == "sso-user")
        #expect(await harness.enabler.selectedProvider()?.id == "AutoCable")
        _ = try await harness.enabler.authorize(resource: "news")
    }

    // MARK: Multiple profiles (Multiple Profiles Support)

    @Test func severalProfilesAreListedAndTheSessionsComesFirst() async throws {
        let harness = Harness(backend: .restV2)
        let events = EventRecorder(harness.enabler.events)
        try await harness.signIn("Cablevision")
        let deviceID = try #require(await harness.deviceID())
        await harness.emulator.grantProfile(
            mvpd: "AutoCable", userID: "other-user", ttl: 9 * 3600, requestor: "REF", deviceID: deviceID)
        let profiles = try await harness.enabler.availableProfiles()
        #expect(profiles.map(\.mvpd.id) == ["Cablevision", "AutoCable"], "the local session first, not the longest")
        let status = try await harness.enabler.refreshAuthentication()
        #expect(status.authentication?.mvpd.id == "Cablevision")
        await events.waitFor {
            if case .profilesAvailable(let all) = $0 {
                all.map(\.mvpd.id) == ["Cablevision", "AutoCable"]
            } else {
                false
            }
        }
    }

    @Test func withoutASessionTheSelectedMVPDThenTheLongestValidityIsChosen() async throws {
        let harness = Harness(backend: .restV2)
        try await harness.configure()
        let deviceID = try #require(await harness.deviceID())
        await harness.emulator.grantProfile(
            mvpd: "Cablevision", userID: "a", ttl: 3600, requestor: "REF", deviceID: deviceID)
        await harness.emulator.grantProfile(
            mvpd: "AutoCable", userID: "b", ttl: 7200, requestor: "REF", deviceID: deviceID)
        #expect(try await harness.enabler.availableProfiles().map(\.mvpd.id) == ["AutoCable", "Cablevision"])
        #expect(try await harness.enabler.refreshAuthentication().authentication?.mvpd.id == "AutoCable")
    }

    // MARK: Logout per profile action (Logout Support)

    @Test func loggingOutAnAppleSSOProfileAsksForTheSystemSignOut() async throws {
        let harness = Harness(backend: .restV2)
        let events = EventRecorder(harness.enabler.events)
        try await harness.configure()
        let deviceID = try #require(await harness.deviceID())
        await harness.emulator.grantProfile(
            mvpd: "AutoCable", userID: "sso-user", type: "appleSSO", ttl: 7200, requestor: "REF", deviceID: deviceID)
        try await harness.enabler.refreshAuthentication()
        let outcome = try await harness.enabler.logout(presenter: UnusablePresenter())
        #expect(outcome == LogoutOutcome(partnerLogoutMVPDIDs: ["AutoCable"]), "the caller learns it from the result")
        await events.waitFor { $0 == .partnerLogoutRequired(mvpdID: "AutoCable") }
        #expect(await harness.emulator.requests(to: .browserLogout).isEmpty, "no logout page for a partner profile")
        #expect(try await harness.enabler.availableProfiles().isEmpty)
    }
}

extension TokenStorage {
    /// Whether any authentication record is stored.
    /// (The harnesses that ask keep their records in memory.)
    var keysHoldingAuthentication: Bool {
        let keys = (self as? InMemoryTokenStorage)?.keys
        precondition(keys != nil, "keysHoldingAuthentication reads an InMemoryTokenStorage")
        return keys?.contains { $0.hasPrefix("authn|") } ?? false
    }
}
