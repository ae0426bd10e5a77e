import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// Two instances on one store (two processes on one file, or an app and its extension on one
/// in-memory store): `checkAuthentication()`, which answers from memory, first takes a login or
/// logout the other made, when the store's change marker moved.
@Suite(.timeLimit(.minutes(2))) struct StoreChangeTests {
    enum Store: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case file, memory
        var testDescription: String { rawValue }
    }

    /// Two instances on one store of `kind`, on one emulator and clock.
    static func instances(_ kind: Store) -> (Harness, Harness, cleanUp: @Sendable () -> Void) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("StoreChangeTests-\(UUID().uuidString)", isDirectory: true)
        let url = folder.appendingPathComponent("tokens.json")
        let memory = InMemoryTokenStorage()
        func storage() -> any TokenStorage { kind == .file ? FileTokenStorage(url: url) : memory }
        let first = Harness(storage: storage())
        let second = Harness(clock: first.clock, emulator: first.emulator, storage: storage())
        return (first, second, { try? FileManager.default.removeItem(at: folder) })
    }

    @Test(arguments: Store.allCases)
    func aLogoutByAnotherInstanceIsSeenByTheNextCheck(store: Store) async throws {
        let (first, second, cleanUp) = Self.instances(store)
        defer { cleanUp() }
        try await first.signIn()
        try await second.configure()
        #expect(await second.enabler.checkAuthentication().isAuthenticated)
        try await first.enabler.logout()
        #expect(
            await second.enabler.checkAuthentication().isAuthenticated == false,
            "the other instance logged out; memory must not answer for the store")
    }

    @Test(arguments: Store.allCases)
    func aLoginByAnotherInstanceIsSeenByTheNextCheck(store: Store) async throws {
        let (first, second, cleanUp) = Self.instances(store)
        defer { cleanUp() }
        try await second.configure()
        #expect(await second.enabler.checkAuthentication().isAuthenticated == false)
        let signedIn = try await first.signIn()
        let status = await second.enabler.checkAuthentication()
        #expect(status.authentication?.userID == signedIn.userID)
    }

    /// The instance's own writes move the marker too: reading its own login back changes nothing.
    @Test(arguments: Store.allCases)
    func anInstancesOwnLoginStaysAsItIs(store: Store) async throws {
        let (first, _, cleanUp) = Self.instances(store)
        defer { cleanUp() }
        let signedIn = try await first.signIn()
        _ = try await first.enabler.authorize(resource: "news")
        #expect(await first.enabler.checkAuthentication().authentication == signedIn)
        #expect(try await first.enabler.getMetadata(.authorizationExpiry(resource: "news")).value != .null)
    }
}
