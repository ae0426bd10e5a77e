import AccessEnabler
@testable import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// `logout` on iOS reports `setAuthenticationStatus(0, …)` when the logout page is done: when the
/// app hands its redirect back, when a new flow replaces it, or when it can no longer finish.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct LegacyLogoutTests {
    /// The app never hands the page back: the status comes once ``LegacySession/logoutPageLimit``
    /// has passed on the SDK's clock, not before.
    @Test(arguments: legacyBackends)
    func aLogoutPageThatNeverFinishesEndsAtTheLimit(backend: AsyncAccessEnabler.Backend) async throws {
        let harness = LegacyHarness(backend: backend)
        await harness.configure()
        try await harness.signIn("Cablevision")
        harness.legacy.logout()
        #expect(await harness.delegate.next(1) == ["navigate(toUrl: /adobe-services/logout)"])
        await eventually("the logout waits on the clock") { harness.clock.pendingSleeps == 1 }

        harness.clock.advance(by: LegacySession.logoutPageLimit - .seconds(1))
        harness.legacy.getSelectedProvider()
        #expect(await harness.delegate.next(1) == ["selectedProvider(nil)"], "no status before the limit")
        harness.clock.advance(by: .seconds(1))
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"User Not Authenticated Error\")"])
        #expect(harness.clock.pendingSleeps == 0)
    }

    /// A new flow replaces the logout page: the logout reports, and the new flow runs (its picker
    /// is not cancelled by the logout, which may still be clearing storage when the flow starts).
    @Test func aNewFlowEndsTheLogoutPage() async throws {
        let harness = LegacyHarness(backend: .restV2)
        await harness.configure()
        try await harness.signIn("Cablevision")
        harness.legacy.logout()
        #expect(await harness.delegate.next(1) == ["navigate(toUrl: /adobe-services/logout)"])
        harness.legacy.getAuthentication()
        #expect(
            Set(await harness.delegate.next(2)) == [
                "setAuthenticationStatus(0, \"User Not Authenticated Error\")",
                "displayProviderDialog([\"Cablevision\", \"AutoCable\", \"TempPass\"])",
            ])
        harness.legacy.setSelectedProvider("AutoCable")
        let login = await harness.delegate.next(1)
        #expect(
            login.first?.hasPrefix("navigate(toUrl: /api/v2") == true, "the new flow's picker was answered: \(login)")
    }
}

/// A logout page that ends while its logout still clears storage, before the logout waits for
/// it. Serialized: each test holds a thread in ``GatedStorage`` (a store's calls are synchronous),
/// and two at once could hold every thread of a two-core machine.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(5))) struct LegacyLogoutPageRaceTests {
    /// The app hands the page's redirect back while the logout still clears storage (before it
    /// begins to wait for the page): the status follows once storage is cleared, with no wait on
    /// the clock.
    @Test(arguments: legacyBackends)
    func aRedirectHandedBackBeforeTheLogoutWaitsEndsIt(backend: AsyncAccessEnabler.Backend) async throws {
        let storage = GatedStorage()
        let harness = LegacyHarness(backend: backend) { $0.storage = storage }
        await harness.configure()
        try await harness.signIn("Cablevision")
        storage.close()
        // Opened however the test ends: a throw before the open below must not leave a pool
        // thread parked in the held removal for the rest of the run.
        defer { storage.open() }
        harness.legacy.logout()
        #expect(await harness.delegate.next(1) == ["navigate(toUrl: /adobe-services/logout)"])
        await eventually("the logout clears storage") { storage.isHoldingARemoval }
        harness.legacy.handleExternalURL(try await harness.loadLastNavigation(mvpd: "Cablevision"))
        storage.open()
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"User Not Authenticated Error\")"])
        #expect(harness.clock.pendingSleeps == 0, "nothing waits on the clock")
    }

    /// The viewer closes the adapter's Safari view controller on the logout page while the
    /// logout still clears storage: the status follows once storage is cleared, with no wait on
    /// the clock.
    @Test func doneOnTheLogoutPageBeforeTheLogoutWaitsEndsIt() async throws {
        let storage = GatedStorage()
        let harness = LegacyHarness(backend: .restV2, scenario: .safariCablevision) { $0.storage = storage }
        let safari = RecordingSafari()
        harness.legacy.session.authentication.safari = safari
        await harness.configure()
        harness.legacy.getAuthentication()
        _ = await harness.delegate.next(1)
        harness.legacy.setSelectedProvider("Cablevision")
        await eventually("the adapter presents the login") { safari.presented.count == 1 }
        harness.legacy.handleExternalURL(
            try await LegacySafariTests().loadInSafari(
                try #require(safari.presented.last), mvpd: "Cablevision", in: harness))
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])

        storage.close()
        // Opened however the test ends: a throw before the open below must not leave a pool
        // thread parked in the held removal for the rest of the run.
        defer { storage.open() }
        harness.legacy.logout()
        await eventually("the adapter presents the logout page") { safari.presented.count == 2 }
        await eventually("the logout clears storage") { storage.isHoldingARemoval }
        safari.tapDone()
        storage.open()
        #expect(await harness.delegate.next(1) == ["setAuthenticationStatus(0, \"User Not Authenticated Error\")"])
        #expect(harness.clock.pendingSleeps == 0, "nothing waits on the clock")
    }
}

/// In-memory token storage whose removals wait while it is closed: a logout can be held while it
/// clears storage, after its page was shown.
final class GatedStorage: TokenStorage, @unchecked Sendable {
    private let records = InMemoryTokenStorage()
    private let condition = NSCondition()
    private var closed = false
    private var holding = false

    /// Holds every removal from now on, until ``open()``.
    func close() {
        condition.lock()
        closed = true
        condition.unlock()
    }

    /// Lets the held removals and every later one through.
    func open() {
        condition.lock()
        closed = false
        condition.broadcast()
        condition.unlock()
    }

    /// Whether a removal is being held.
    var isHoldingARemoval: Bool {
        condition.lock()
        defer { condition.unlock() }
        return holding
    }

    func loadRecords() throws -> [String: Data] { try records.loadRecords() }
    func writeRecord(_ data: Data, forKey key: String) throws { try records.writeRecord(data, forKey: key) }
    func removeAllRecords() throws { try records.removeAllRecords() }
    func removeRecord(forKey key: String) throws {
        condition.lock()
        while closed {
            holding = true
            condition.wait()
        }
        holding = false
        condition.unlock()
        try records.removeRecord(forKey: key)
    }
    func applyChanges(_ changes: [TokenStorageChange], ifRecord key: String, satisfies check: (Data?) -> Bool)
        throws -> Bool
    {
        try records.applyChanges(changes, ifRecord: key, satisfies: check)
    }
}
