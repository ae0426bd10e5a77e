import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// A `preauthorize` reads the store's change marker once, as it starts reading the token cache
/// (so that a login or logout another instance stored counts), then answers from the cache or
/// reads the session and decisions again at one generation on its way to the server. These tests
/// hold a call at that read, while other calls change the cache.
@Suite(.timeLimit(.minutes(5))) struct PreauthorizeCacheReadTests {
    @Test(arguments: allBackends)
    func decisionsCachedWhileACallWaitsOnTheStoreAreAnsweredWithoutARequest(backend: AccessEnabler.Backend)
        async throws
    {
        let (harness, storage, held) = try await Self.callHeldAtTheStore(backend)
        let other = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
        #expect(await harness.emulator.requests(to: backend.preauthorizeRoute).count == 1)

        storage.releaseHeldRead()
        let answer = try await held.value
        #expect(answer.decisions == other.decisions)
        #expect(
            await harness.emulator.requests(to: backend.preauthorizeRoute).count == 1,
            "the held call took the decision the other call cached")
        #expect(storage.reads == 2, "one marker read a call: the held call's first read took the store's changes")
    }

    @Test(arguments: allBackends)
    func aLogoutWhileACallWaitsOnTheStoreFailsTheCallWithoutARequest(backend: AccessEnabler.Backend) async throws {
        let (harness, storage, held) = try await Self.callHeldAtTheStore(backend)
        _ = try await harness.enabler.logout()

        storage.releaseHeldRead()
        let error = await #expect(throws: AccessEnablerError.self) { try await held.value }
        #expect(error == .authenticationSessionMissing)
        #expect(await harness.emulator.requests(to: backend.preauthorizeRoute).isEmpty)
    }

    /// A signed-in harness on a ``MarkerHoldingStorage`` and a `preauthorize` of "news" (nothing
    /// cached) held at its read of the store's change marker.
    private static func callHeldAtTheStore(_ backend: AccessEnabler.Backend) async throws
        -> (Harness, MarkerHoldingStorage, Task<PreauthorizeResponse, any Error>)
    {
        let storage = MarkerHoldingStorage()
        let harness = Harness(backend: backend, storage: storage)
        try await harness.signIn()
        await harness.emulator.clearRequestLog()
        storage.holdRead(number: 1)
        let held = Task { try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news"])) }
        await storage.reachedHeldRead.wait("the held call's read of the store")
        return (harness, storage, held)
    }
}

/// In-memory storage whose change marker, read at the start of every read of the session, can
/// hold one read until the test releases it. It reports no changes from other instances.
final class MarkerHoldingStorage: TokenStorage {
    private let records = InMemoryTokenStorage()
    private let readCount = LockedValue((count: 0, holding: Int?.none))
    /// Opens when the held read starts.
    let reachedHeldRead = TestLatch()
    private let release = TestLatch()

    /// Holds the `number`th read of the change marker from now on.
    func holdRead(number: Int) {
        readCount.withLock { $0 = (0, number) }
    }

    /// The reads of the change marker since ``holdRead(number:)``.
    var reads: Int { readCount.withLock { $0.count } }

    /// Lets the held read go on.
    func releaseHeldRead() {
        release.open()
    }

    func changeMarker() async throws -> TokenStorageChangeMarker? {
        let isHeld = readCount.withLock { reads in
            reads.count += 1
            return reads.count == reads.holding
        }
        if isHeld {
            reachedHeldRead.open()
            await release.wait("the test to release the held read")
        }
        return nil
    }

    func loadRecords(before deadline: TokenStorageDeadline) async throws -> [String: Data] {
        try await records.loadRecords(before: deadline)
    }
    func writeRecord(_ data: Data, forKey key: String, before deadline: TokenStorageDeadline) async throws {
        try await records.writeRecord(data, forKey: key, before: deadline)
    }
    func removeRecord(forKey key: String, before deadline: TokenStorageDeadline) async throws {
        try await records.removeRecord(forKey: key, before: deadline)
    }
    func removeAllRecords(before deadline: TokenStorageDeadline) async throws {
        try await records.removeAllRecords(before: deadline)
    }
    func applyChanges(
        _ changes: [TokenStorageChange], ifRecord key: String, satisfies condition: (Data?) -> Bool,
        before deadline: TokenStorageDeadline
    ) async throws -> Bool {
        try await records.applyChanges(changes, ifRecord: key, satisfies: condition, before: deadline)
    }
}
