import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// Storage that fails every read until told to work again (and every write while
/// `failingWrites` is set), and records what was removed.
final class FlakyStorage: TokenStorage {
    let inner = InMemoryTokenStorage()
    let failing = LockedValue(true)
    let failingWrites = LockedValue(false)
    let removals = LockedValue(0)
    struct Unavailable: Error {}

    func loadRecords(before deadline: TokenStorageDeadline) async throws -> [String: Data] {
        if failing.withLock({ $0 }) { throw Unavailable() }
        return try await inner.loadRecords(before: deadline)
    }
    func writeRecord(_ data: Data, forKey key: String, before deadline: TokenStorageDeadline) async throws {
        if failingWrites.withLock({ $0 }) { throw Unavailable() }
        try await inner.writeRecord(data, forKey: key, before: deadline)
    }
    func removeRecord(forKey key: String, before deadline: TokenStorageDeadline) async throws {
        removals.withLock { $0 += 1 }
        try await inner.removeRecord(forKey: key, before: deadline)
    }
    func removeAllRecords(before deadline: TokenStorageDeadline) async throws {
        removals.withLock { $0 += 1 }
        try await inner.removeAllRecords(before: deadline)
    }
    /// Reads, then writes and removes one by one, as a store without a lock of its own would.
    func applyChanges(
        _ changes: [TokenStorageChange], ifRecord key: String, satisfies condition: (Data?) -> Bool,
        before deadline: TokenStorageDeadline
    ) async throws -> Bool {
        guard condition(try await loadRecords(before: deadline)[key]) else { return false }
        for change in changes {
            switch change {
            case .write(let data, let key): try await writeRecord(data, forKey: key, before: deadline)
            case .remove(let key): try await removeRecord(forKey: key, before: deadline)
            }
        }
        return true
    }
}

@Suite(.timeLimit(.minutes(5))) struct PersistenceTests {
    func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("PersistenceTests-\(UUID().uuidString)")
            .appendingPathComponent("tokens.json")
    }

    @Test(arguments: allBackends)
    func twoInstancesOnOneFileShareTheSession(backend: AccessEnabler.Backend) async throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let first = Harness(backend: backend, clock: clock, emulator: emulator, storage: FileTokenStorage(url: url))
        let authentication = try await first.signIn()
        _ = try await first.enabler.authorize(resource: "news")

        let second = Harness(backend: backend, clock: clock, emulator: emulator, storage: FileTokenStorage(url: url))
        try await second.configure()
        #expect(await second.enabler.checkAuthentication().authentication == authentication)
        #expect(await second.enabler.selectedProvider()?.id == "Cablevision")
        await emulator.clearRequestLog()
        _ = try await second.enabler.authorize(resource: "news")
        // Credentials, access token and (v1) the authorization were reused.
        #expect(
            await emulator.requests.compactMap(\.route) == (backend == .restV2 ? [.authorizeDecisions] : [.mediaToken]))
    }

    @Test func aCorruptFileIsMovedAsideAndReported() async throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("garbage that is not JSON".utf8).write(to: url)
        let harness = Harness(storage: FileTokenStorage(url: url))
        let events = EventRecorder(harness.enabler.events)
        try await harness.signIn()
        await events.waitFor { if case .storageRecovered = $0 { true } else { false } }
        let recovery = try #require(
            events.all.lazy.compactMap { event -> EntitlementEvent.StorageRecovery? in
                if case .storageRecovered(let recovery) = event { recovery } else { nil }
            }.first)
        let movedTo = try #require(recovery.movedTo)
        #expect(try String(contentsOf: movedTo, encoding: .utf8) == "garbage that is not JSON")
        #expect(await harness.enabler.checkAuthentication().isAuthenticated, "the SDK carries on with a fresh store")
    }

    @Test func anUnreadableStoreIsAStorageErrorNotALogout() async throws {
        let storage = FlakyStorage()
        storage.failing.withLock { $0 = false }
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        try await Harness(clock: clock, emulator: emulator, storage: storage).signIn()

        storage.failing.withLock { $0 = true }
        let relaunched = Harness(clock: clock, emulator: emulator, storage: storage)
        let error = await #expect(throws: AccessEnablerError.self) { try await relaunched.configure() }
        #expect(error == .storageFailure)
        guard case .notAuthenticated(let reason) = await relaunched.enabler.checkAuthentication() else {
            Issue.record("expected not authenticated")
            return
        }
        #expect(reason == .requestorNotConfigured || reason == .storageFailure)
        #expect(storage.removals.withLock { $0 } == 0, "nothing was deleted")

        storage.failing.withLock { $0 = false }
        try await relaunched.configure()
        #expect(
            await relaunched.enabler.checkAuthentication().isAuthenticated, "the session is intact once storage works")
    }

    @Test(arguments: allBackends)
    func aLoginThatCouldNotBeStoredIsReportedAndWrittenOnceTheStorageWorksAgain(backend: AccessEnabler.Backend)
        async throws
    {
        let storage = FlakyStorage()
        storage.failing.withLock { $0 = false }
        let harness = Harness(backend: backend, storage: storage)
        try await harness.configure()
        // A full disk or a locked keychain: the sign-in cannot be stored. The caller is told; the
        // session still works from memory for this instance.
        storage.failingWrites.withLock { $0 = true }
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.authenticate(presenter: harness.presenter("Cablevision"))
        }
        #expect(error == .storageFailure)
        #expect(error?.action == .retry)
        let authentication = try #require(await harness.enabler.checkAuthentication().authentication)
        #expect(authentication.mvpd.id == "Cablevision")
        #expect(try await storage.inner.loadRecords().keys.contains { $0.hasPrefix("authn|") } == false)

        if backend == .restV1 {
            // The authorization later calls reuse could not be stored either: reported; held in
            // memory, so the next call succeeds from it without a second authorization.
            await #expect(throws: AccessEnablerError.storageFailure) {
                try await harness.enabler.authorize(resource: "news")
            }
            _ = try await harness.enabler.authorize(resource: "news")
            #expect(await harness.emulator.requests(to: .authorize).count == 1)
        } else {
            // A REST v2 decision carries its media token; only the stored expiry is missing.
            _ = try await harness.enabler.authorize(resource: "news")
        }

        // The next write that works brings every failed one along.
        storage.failingWrites.withLock { $0 = false }
        _ = try await harness.enabler.authorize(resource: "kids")
        let restarted = Harness(
            backend: backend, clock: harness.clock, emulator: harness.emulator, storage: storage.inner)
        try await restarted.configure()
        #expect(await restarted.enabler.checkAuthentication().authentication == authentication)
    }

    @Test func integrityCheckClearEmptiesTheStoreAtStart() async throws {
        let storage = InMemoryTokenStorage()
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        try await Harness(clock: clock, emulator: emulator, storage: storage).signIn()
        let cleared = Harness(clock: clock, emulator: emulator, storage: storage) { $0.storageIntegrityCheck = .clear }
        try await cleared.configure()
        #expect(await cleared.enabler.checkAuthentication().isAuthenticated == false)
    }

    @Test func integrityCheckAllClearsOnlyAStoreThatFailsItAndReportsIt() async throws {
        let storage = InMemoryTokenStorage()
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        try await Harness(clock: clock, emulator: emulator, storage: storage).signIn()

        let healthy = Harness(clock: clock, emulator: emulator, storage: storage) { $0.storageIntegrityCheck = .all }
        try await healthy.configure()
        #expect(await healthy.enabler.checkAuthentication().isAuthenticated)

        try await storage.writeRecord(Data("{broken".utf8), forKey: "authn|REF")
        let checked = Harness(clock: clock, emulator: emulator, storage: storage) { $0.storageIntegrityCheck = .all }
        let events = EventRecorder(checked.enabler.events)
        try await checked.configure()
        #expect(await checked.enabler.checkAuthentication().isAuthenticated == false)
        await events.waitFor {
            if case .storageRecovered(let recovery) = $0 { recovery.reason.contains("integrity") } else { false }
        }
    }

    @Test(arguments: allBackends)
    func twoLiveInstancesOnOneFileKeepEachOthersTokens(backend: AccessEnabler.Backend) async throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let first = Harness(backend: backend, clock: clock, emulator: emulator, storage: FileTokenStorage(url: url))
        try await first.signIn()
        // The second instance loads the store now; each then writes its own authorization.
        let second = Harness(backend: backend, clock: clock, emulator: emulator, storage: FileTokenStorage(url: url))
        try await second.configure()
        _ = try await first.enabler.authorize(resource: "news")
        _ = try await second.enabler.authorize(resource: "sports")
        let third = Harness(backend: backend, clock: clock, emulator: emulator, storage: FileTokenStorage(url: url))
        try await third.configure()
        for resource in ["news", "sports"] {
            #expect(
                try await third.enabler.getMetadata(.authorizationExpiry(resource: resource)).date != nil,
                "\(resource) survived the other instance's writes")
        }
    }
}
