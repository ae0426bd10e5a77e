import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// The device ID (Adobe's Stable Device Identifier) stays the same across launches, logouts and
/// storage integrity wipes; only a new install (a store without the seed) makes a new one.
@Suite(.timeLimit(.minutes(5))) struct DeviceSeedTests {
    func launch(
        _ storage: any TokenStorage, _ clock: TestClock, _ emulator: PassEmulator,
        _ check: StorageIntegrityCheck = .none
    ) -> Harness {
        Harness(clock: clock, emulator: emulator, storage: storage) { $0.storageIntegrityCheck = check }
    }

    @Test func theSeedSurvivesRelaunchAndLogout() async throws {
        let storage = InMemoryTokenStorage()
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let first = launch(storage, clock, emulator)
        try await first.signIn()
        let seed = try #require(try await storage.loadRecords()["device"])
        try await first.enabler.logout()
        #expect(try await storage.loadRecords()["device"] == seed)
        try await launch(storage, clock, emulator).signIn()
        #expect(try await storage.loadRecords()["device"] == seed)
    }

    @Test(arguments: [StorageIntegrityCheck.clear, .all])
    func anIntegrityWipeKeepsTheSeed(check: StorageIntegrityCheck) async throws {
        let storage = InMemoryTokenStorage()
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let first = launch(storage, clock, emulator)
        try await first.signIn()
        let idBefore = try #require(await first.deviceID())
        let seed = try #require(try await storage.loadRecords()["device"])
        // The "all" check wipes only a store that fails it.
        if check == .all { try await storage.writeRecord(Data("{broken".utf8), forKey: "authn|REF") }

        await emulator.clearRequestLog()
        let wiped = launch(storage, clock, emulator, check)
        try await wiped.configure()
        #expect(await wiped.enabler.checkAuthentication().isAuthenticated == false, "the session was wiped")
        #expect(try await storage.loadRecords()["device"] == seed)
        #expect(try await storage.loadRecords()["authn|REF"] == nil)
        try await wiped.enabler.authenticate(presenter: wiped.presenter("Cablevision"))
        #expect(await wiped.deviceID() == idBefore, "the same device ID after the wipe")
    }

    @Test func aStoreWithoutTheSeedIsANewDevice() async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let first = launch(InMemoryTokenStorage(), clock, emulator)
        try await first.signIn()
        let firstID = try #require(await first.deviceID())
        await emulator.clearRequestLog()
        // A reinstall whose storage did not outlive the app: an empty store.
        let reinstalled = launch(InMemoryTokenStorage(), clock, emulator)
        try await reinstalled.signIn()
        #expect(try #require(await reinstalled.deviceID()) != firstID)
    }
}
