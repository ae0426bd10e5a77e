import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

@Suite struct LogoutTests {
    static func userKeys(_ storage: InMemoryTokenStorage) -> Set<String> {
        storage.keys.filter { !$0.hasPrefix("dcr.") && $0 != "device" }
    }

    @Test func logoutCallsTheServerThenTheBrowserThenClearsTheStore() async throws {
        let storage = InMemoryTokenStorage()
        let harness = Harness(storage: storage)
        try await harness.signIn()
        _ = try await harness.enabler.authorize(resource: "news")
        _ = try await harness.enabler.getMetadata(.userMetadata("zip"))
        #expect(!Self.userKeys(storage).isEmpty)
        await harness.emulator.clearRequestLog()

        try await harness.enabler.logout(presenter: harness.presenter("Cablevision"))
        #expect(await harness.emulator.requests.compactMap(\.route) == [.logout, .browserLogout])
        let server = try #require(await harness.emulator.requests(to: .logout).first)
        #expect(server.method == "DELETE")
        let browser = try #require(await harness.emulator.requests(to: .browserLogout).first)
        #expect(browser.queryItems.map(\.name) == ["noflash", "mso_id", "requestor_id", "redirect_url"])
        #expect(browser.query("mso_id") == "Cablevision")
        #expect(Self.userKeys(storage).isEmpty)
        #expect(storage.keys.contains("device"), "the device ID survives logout")
        #expect(await harness.enabler.selectedProvider() == nil)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
    }

    @Test func withoutAPresenterThereIsNoBrowserStep() async throws {
        let harness = Harness()
        try await harness.signIn()
        try await harness.enabler.logout()
        #expect(await harness.emulator.requests(to: .logout).count == 1)
        #expect(await harness.emulator.requests(to: .browserLogout).isEmpty)
    }

    @Test func anAuthorizationInFlightDuringLogoutWritesNothingBack() async throws {
        let storage = InMemoryTokenStorage()
        let harness = Harness(storage: storage)
        try await harness.signIn()
        let gate = EmulatorGate()
        await harness.emulator.inject(.hold(gate), on: .authorize)
        let inFlight = Task { try await harness.enabler.authorize(resource: "news") }
        try await harness.emulator.waitForRequests(to: .authorize, count: 1)
        try await harness.enabler.logout()
        gate.open()
        _ = try? await inFlight.value
        #expect(Self.userKeys(storage).isEmpty)
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
        await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.getMetadata(.authorizationExpiry(resource: "news"))
        }
    }

    @Test func aLoginFinishingAfterLogoutBeganIsDiscarded() async throws {
        let storage = InMemoryTokenStorage()
        let harness = Harness(storage: storage)
        try await harness.configure()
        let gate = EmulatorGate()
        await harness.emulator.inject(.hold(gate), on: .authnToken)
        let login = Task { try await harness.enabler.authenticate(presenter: harness.presenter("AutoCable")) }
        try await harness.emulator.waitForRequests(to: .authnToken, count: 1)
        try await harness.enabler.logout()
        gate.open()
        await #expect(throws: CancellationError.self) { try await login.value }
        #expect(Self.userKeys(storage).isEmpty)
    }

    @Test func aFailingServerStillLogsOutLocallyAndReportsIt() async throws {
        let harness = Harness()
        let events = EventRecorder(harness.enabler.events)
        try await harness.signIn()
        await harness.emulator.inject(.dropConnection, on: .logout)
        try await harness.enabler.logout(presenter: harness.presenter("Cablevision"))
        #expect(await harness.enabler.checkAuthentication().isAuthenticated == false)
        await events.waitFor { if case .logoutIncomplete(let error) = $0 { error == .networkError } else { false } }
        #expect(await harness.emulator.requests(to: .browserLogout).isEmpty)
    }
}
