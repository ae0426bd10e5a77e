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
/// clears storage, after its page was shown. A held removal is suspended, not blocking a thread.
final class GatedStorage: TokenStorage, @unchecked Sendable {
    private let records = InMemoryTokenStorage()
    private let lock = NSLock()
    private var closed = false
    private var held: [CheckedContinuation<Void, Never>] = []

    /// Holds every removal from now on, until ``open()``.
    func close() {
        lock.withLock { closed = true }
    }

    /// Lets the held removals and every later one through.
    func open() {
        let released = lock.withLock {
            closed = false
            defer { held = [] }
            return held
        }
        released.forEach { $0.resume() }
    }

    /// Whether a removal is being held.
    var isHoldingARemoval: Bool {
        lock.withLock { !held.isEmpty }
    }

    func loadRecords(before deadline: TokenStorageDeadline) async throws -> [String: Data] {
        try await records.loadRecords(before: deadline)
    }
    func writeRecord(_ data: Data, forKey key: String, before deadline: TokenStorageDeadline) async throws {
        try await records.writeRecord(data, forKey: key, before: deadline)
    }
    func removeAllRecords(before deadline: TokenStorageDeadline) async throws {
        try await records.removeAllRecords(before: deadline)
    }
    func removeRecord(forKey key: String, before deadline: TokenStorageDeadline) async throws {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let passes = lock.withLock {
                if closed { held.append(continuation) }
                return !closed
            }
            if passes { continuation.resume() }
        }
        try await records.removeRecord(forKey: key, before: deadline)
    }
    func applyChanges(
        _ changes: [TokenStorageChange], ifRecord key: String, satisfies check: (Data?) -> Bool,
        before deadline: TokenStorageDeadline
    ) async throws -> Bool {
        try await records.applyChanges(changes, ifRecord: key, satisfies: check, before: deadline)
    }
}
