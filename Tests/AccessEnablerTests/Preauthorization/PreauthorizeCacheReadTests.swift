import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// A `preauthorize` the cache cannot answer reads the cache twice: once for the whole answer,
/// then, on its way to the server, for the session and the decisions at one generation. These
/// tests stop a call between the two reads.
@Suite(.timeLimit(.minutes(5))) struct PreauthorizeCacheReadTests {
    @Test(arguments: allBackends)
    func decisionsCachedBetweenTheTwoReadsAreAnsweredWithoutARequest(backend: AccessEnabler.Backend) async throws {
        let storage = MarkerHoldingStorage()
        let harness = Harness(backend: backend, storage: storage)
        try await harness.signIn()
        await harness.emulator.clearRequestLog()

        // The held call's first read (the whole answer) finds nothing; its second is held.
        storage.holdRead(number: 2)
        let held = Task { try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news"])) }
        await storage.reachedHeldRead.wait("the second read of the held call")
        let other = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
        #expect(await harness.emulator.requests(to: backend.preauthorizeRoute).count == 1)

        storage.releaseHeldRead()
        let answer = try await held.value
        #expect(answer.decisions == other.decisions)
        #expect(
            await harness.emulator.requests(to: backend.preauthorizeRoute).count == 1,
            "the held call took the decision the other call cached")
    }

    @Test(arguments: allBackends)
    func aLogoutBetweenTheTwoReadsFailsTheCallWithoutARequest(backend: AccessEnabler.Backend) async throws {
        let storage = MarkerHoldingStorage()
        let harness = Harness(backend: backend, storage: storage)
        try await harness.signIn()
        await harness.emulator.clearRequestLog()

        storage.holdRead(number: 2)
        let held = Task { try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news"])) }
        await storage.reachedHeldRead.wait("the second read of the held call")
        _ = try await harness.enabler.logout()

        storage.releaseHeldRead()
        let error = await #expect(throws: AccessEnablerError.self) { try await held.value }
        #expect(error == .authenticationSessionMissing)
        #expect(await harness.emulator.requests(to: backend.preauthorizeRoute).isEmpty)
    }
}

/// In-memory storage whose change marker, read at the start of every read of the session, can
/// hold one read until the test releases it. It reports no changes from other instances.
final class MarkerHoldingStorage: TokenStorage {
    private let records = InMemoryTokenStorage()
    private let reads = LockedValue((count: 0, holding: Int?.none))
    /// Opens when the held read starts.
    let reachedHeldRead = TestLatch()
    private let release = TestLatch()

    /// Holds the `number`th read of the change marker from now on.
    func holdRead(number: Int) {
        reads.withLock { $0 = (0, number) }
    }

    /// Lets the held read go on.
    func releaseHeldRead() {
        release.open()
    }

    func changeMarker() async throws -> TokenStorageChangeMarker? {
        let isHeld = reads.withLock { reads in
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
