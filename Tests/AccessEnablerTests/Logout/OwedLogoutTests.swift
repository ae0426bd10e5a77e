import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// A logout whose server call fails is not reversed: the call is retried as the retry policy
/// allows, and a server logout that still failed is remembered in storage and sent again by the
/// next refresh (which the README says to call at launch and on every return to the
/// foreground), of this instance or another on the same store; until it goes through, no refresh
/// takes the profile back.
@Suite(.timeLimit(.minutes(2))) struct OwedLogoutTests {
    @Test(arguments: allBackends)
    func aFailedServerLogoutIsSentAgainByTheNextRefreshNotReversed(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        await harness.emulator.inject(.html(status: 503), on: backend.logoutRoute)
        let outcome = try await harness.enabler.logout()
        #expect(outcome.incompleteError != nil)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)

        let status = try await harness.enabler.refreshAuthentication()
        #expect(status.isAuthenticated == false, "the refresh took back the profile the viewer logged out of")
        #expect(await harness.emulator.requests(to: backend.logoutRoute).count == 2, "the logout was sent again")
        #expect(try await harness.enabler.availableProfiles().isEmpty, "the server no longer holds it")
    }

    @Test(arguments: allBackends)
    func whileTheServerLogoutFailsNoRefreshTakesTheProfileBack(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        await harness.emulator.inject(.html(status: 503), on: backend.logoutRoute, times: 3)
        try await harness.enabler.logout()
        #expect(try await harness.enabler.refreshAuthentication().isAuthenticated == false)
        #expect(try await harness.enabler.availableProfiles().isEmpty, "the profile is the viewer's no more")
        #expect(await harness.emulator.requests(to: backend.logoutRoute).count == 3)
        // The server answers again: the next refresh sends it, once.
        #expect(try await harness.enabler.refreshAuthentication().isAuthenticated == false)
        #expect(try await harness.enabler.refreshAuthentication().isAuthenticated == false)
        #expect(await harness.emulator.requests(to: backend.logoutRoute).count == 4)
    }

    @Test(arguments: allBackends)
    func theServerLogoutIsRetried(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend) { $0.retryPolicy = RetryPolicy() }
        try await harness.signIn()
        await harness.emulator.inject(.html(status: 503), on: backend.logoutRoute)
        let outcome = try await driving(harness.clock) { try await harness.enabler.logout() }
        #expect(outcome.incompleteError == nil)
        #expect(await harness.emulator.requests(to: backend.logoutRoute).count == 2)
        #expect(try await harness.enabler.refreshAuthentication().isAuthenticated == false)
        #expect(await harness.emulator.requests(to: backend.logoutRoute).count == 2, "nothing owed")
    }

    /// Two processes on one file: the second does not take back the profile the first logged out
    /// of, and sends the logout the first owes.
    @Test(arguments: allBackends)
    func anotherInstanceOnTheStoreNeitherTakesTheProfileBackNorForgetsTheLogout(
        backend: AccessEnabler.Backend
    ) async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("OwedLogoutTests-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("tokens.json")
        let first = Harness(backend: backend, storage: FileTokenStorage(url: url))
        try await first.signIn()
        await first.emulator.inject(.html(status: 503), on: backend.logoutRoute, times: 2)
        try await first.enabler.logout()

        let second = Harness(
            backend: backend, clock: first.clock, emulator: first.emulator, storage: FileTokenStorage(url: url))
        try await second.configure()
        #expect(try await second.enabler.refreshAuthentication().isAuthenticated == false)
        #expect(try await second.enabler.refreshAuthentication().isAuthenticated == false)
        #expect(await first.emulator.requests(to: backend.logoutRoute).count == 3, "the second sent it")
        #expect(try await first.enabler.refreshAuthentication().isAuthenticated == false)
        #expect(await first.emulator.requests(to: backend.logoutRoute).count == 3, "settled for both")
    }

    /// A new login replaces the session the failed logout was to remove: sending that logout
    /// later would end the new one.
    @Test(arguments: allBackends)
    func aNewLoginForgetsTheOwedLogout(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        await harness.emulator.inject(.html(status: 503), on: backend.logoutRoute)
        try await harness.enabler.logout()
        try await harness.signIn()
        #expect(try await harness.enabler.refreshAuthentication().isAuthenticated)
        #expect(await harness.emulator.requests(to: backend.logoutRoute).count == 1)
    }
}
