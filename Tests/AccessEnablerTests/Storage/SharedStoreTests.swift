import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// Several processes on one `FileTokenStorage` file, as several runs of the command-line tool
/// are: each "process" is its own SDK instance with its own `FileTokenStorage` on the same file,
/// talking to one server (the emulator) from one device. A late answer in one process must never
/// remove or overwrite what another process stored meanwhile.
@Suite(.timeLimit(.minutes(5))) struct SharedStoreTests {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("SharedStoreTests-\(UUID().uuidString)")
        .appendingPathComponent("tokens.json")
    let clock = TestClock()
    let emulator: PassEmulator

    init() {
        // AutoCable updates the profile's attributes when it authorizes (a refresh has news).
        emulator = PassEmulator(scenario: ProfileTests.scenario(), clock: clock)
    }

    /// A new process on the shared file.
    func process(_ backend: AccessEnabler.Backend, transport: (any HTTPTransport)? = nil) -> Harness {
        Harness(backend: backend, clock: clock, emulator: emulator, storage: FileTokenStorage(url: url)) {
            if let transport { $0.transport = transport }
        }
    }

    /// What the file holds now, as a process started now reads it.
    func stored() async throws -> [String: Data] { try await FileTokenStorage(url: url).loadRecords() }

    /// Process 2 logs viewer A out; process 3 logs viewer B in (by default AutoCable's bob).
    func logOutThenLogInAsB(_ backend: AccessEnabler.Backend, mvpd: String = "AutoCable") async throws {
        let second = process(backend)
        try await second.configure()
        try await second.enabler.logout()
        let third = process(backend)
        try await third.configure()
        let viewerB = try await third.enabler.authenticate(presenter: third.presenter(mvpd))
        #expect(viewerB.mvpd.id == mvpd)
    }

    /// B's login, as a fifth process started afterwards sees it.
    func expectBSignedIn(
        _ backend: AccessEnabler.Backend, _ comment: Comment, mvpd: String = "AutoCable", userID: String = "bob-user-id"
    ) async throws {
        let fifth = process(backend)
        try await fifth.configure()
        let status = await fifth.enabler.checkAuthentication()
        #expect(status.authentication?.userID == userID, comment)
        #expect(status.authentication?.mvpd.id == mvpd, comment)
    }

    @Test func aConditionalChangeComparesWhatAnotherInstanceAppended() async throws {
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let ours = FileTokenStorage(url: url)
        let theirs = FileTokenStorage(url: url)
        try await ours.writeRecord(Data("A".utf8), forKey: "authn|REF")
        try await ours.writeRecord(Data("a-news".utf8), forKey: "authz|REF|news")
        try await theirs.writeRecord(Data("B".utf8), forKey: "authn|REF")
        let removals: [TokenStorageChange] = [.remove(forKey: "authz|REF|news"), .remove(forKey: "authn|REF")]

        #expect(try await !ours.applyChanges(removals, ifRecord: "authn|REF") { $0 == Data("A".utf8) })
        #expect(try await stored() == ["authn|REF": Data("B".utf8), "authz|REF|news": Data("a-news".utf8)])
        #expect(
            try await ours.applyChanges(removals + [.write(Data("C".utf8), forKey: "x")], ifRecord: "authn|REF") {
                $0 == Data("B".utf8)
            })
        #expect(try await stored() == ["x": Data("C".utf8)])
        #expect(
            try await ours.applyChanges([.remove(forKey: "x")], ifRecord: "authn|REF") { $0 == nil },
            "none is a value too")
        #expect(try await stored().isEmpty)
    }

    /// A condition replays only what was appended since the last one, and reads everything
    /// again after another instance compacted the files.
    @Test func aConditionSeesAppendsAndCompactionsByAnotherInstance() async throws {
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let ours = FileTokenStorage(url: url)
        let theirs = FileTokenStorage(url: url)
        try await ours.writeRecord(Data("A".utf8), forKey: "authn|REF")
        #expect(try await ours.applyChanges([], ifRecord: "authn|REF") { $0 == Data("A".utf8) })
        try await theirs.writeRecord(Data("B".utf8), forKey: "authn|REF")
        #expect(try await ours.applyChanges([], ifRecord: "authn|REF") { $0 == Data("B".utf8) }, "an append")
        // Enough appends to compact: a new snapshot, an emptied journal.
        let filler = Data(repeating: 0x61, count: 1024)
        for index in 0..<80 { try await theirs.writeRecord(filler, forKey: "filler-\(index)") }
        try await theirs.writeRecord(Data("C".utf8), forKey: "authn|REF")
        #expect(FileManager.default.fileExists(atPath: url.path), "compacted into a snapshot")
        #expect(
            try await ours.applyChanges([.remove(forKey: "filler-0")], ifRecord: "authn|REF") { $0 == Data("C".utf8) })
        #expect(try await stored()["filler-0"] == nil)
        #expect(try await stored()["filler-1"] == filler)
        #expect(try await stored()["authn|REF"] == Data("C".utf8))
    }

    /// A store written for the synchronous protocol of earlier versions still works (through
    /// the deprecated `SynchronousTokenStorage`), with its default conditional change: read,
    /// compare, then write.
    @available(*, deprecated, message: "exercises the deprecated SynchronousTokenStorage")
    @Test func aSynchronousStoreStillWorksAndItsDefaultComparesThenWrites() async throws {
        let custom = SynchronousStore()
        try custom.writeRecord(Data("B".utf8), forKey: "authn|REF")
        #expect(
            try await !custom.applyChanges(
                [.remove(forKey: "authn|REF")], ifRecord: "authn|REF", satisfies: { $0 == Data("A".utf8) },
                before: .inTests))
        #expect(custom.removals.withLock { $0 } == 0)
        #expect(
            try await custom.applyChanges(
                [.remove(forKey: "authn|REF")], ifRecord: "authn|REF", satisfies: { $0 == Data("B".utf8) },
                before: .inTests))
        #expect(try custom.loadRecords().isEmpty)
        // As an SDK's storage.
        let harness = Harness(storage: custom)
        try await harness.signIn()
        #expect(try custom.loadRecords().keys.contains("authn|REF"))
    }

    /// A call of process 1 whose answer the server holds.
    enum LateCall: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case authorize, preauthorize

        var testDescription: String { rawValue }

        func route(_ backend: AccessEnabler.Backend) -> EmulatorRoute {
            self == .authorize ? backend.authorizeRoute : backend.preauthorizeRoute
        }

        func run(_ enabler: AccessEnabler) async throws {
            switch self {
            case .authorize: _ = try await enabler.authorize(resource: "news")
            case .preauthorize: _ = try await enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
            }
        }
    }

    /// REST API v2: the server holds one profile per MVPD, so A's request, answered after B
    /// logged in with another MVPD, is rejected (on REST API v1 the device's one session answers
    /// for B, below).
    @Test(arguments: LateCall.allCases)
    func aLateRejectionInOneProcessLeavesAnotherProcesssLoginAlone(call: LateCall) async throws {
        let backend = AccessEnabler.Backend.restV2
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let first = process(backend)
        try await first.signIn("Cablevision")
        let gate = EmulatorGate()
        await emulator.inject(.hold(gate), on: call.route(backend))
        let inFlight = Task { try await call.run(first.enabler) }
        try await emulator.waitForRequests(to: call.route(backend), count: 1)
        try await logOutThenLogInAsB(backend)
        gate.open()

        let error = try await #require(throws: AccessEnablerError.self) {
            try await inFlight.value(awaiting: "the \(call) in flight")
        }
        #expect(error.code == "authenticated_profile_missing")
        try await expectBSignedIn(backend, "process 1's late rejection of A did not delete B's login")
        #expect(try await stored().keys.contains("authn|REF"))
        // Process 1 now holds what the store holds.
        #expect(await first.enabler.checkAuthentication().authentication?.userID == "bob-user-id")
    }

    /// The server grants A's authorization, and the answer reaches process 1 only after B has
    /// logged in elsewhere: it must not be stored where B's process would reuse it.
    @Test(arguments: allBackends)
    func anAuthorizationObtainedForAIsNotStoredOnBsSession(backend: AccessEnabler.Backend) async throws {
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let held = AnswerHoldingTransport(inner: emulator.transport) { $0.url.path.contains("/authorize") }
        let first = process(backend, transport: held)
        try await first.signIn("Cablevision")
        let inFlight = Task { try await first.enabler.authorize(resource: "news") }
        await eventually { held.holding == 1 }
        #expect(await emulator.requests(to: backend.authorizeRoute).first?.responseStatus == 200, "granted to A")
        try await logOutThenLogInAsB(backend)
        held.release()
        _ = await inFlight.result(awaiting: "A's authorization, answered after B's login")

        #expect(try await !stored().keys.contains("authz|REF|news"), "A's authorization did not land on B's session")
        try await expectBSignedIn(backend, "B's login is untouched")
    }

    /// A's profile as the server describes it after a change (new attributes) reaches process 1
    /// after B logged in elsewhere: it must not be written over B's login.
    @Test func aProfileUpdateOfAIsNotWrittenOverBsLogin() async throws {
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let held = AnswerHoldingTransport(inner: emulator.transport) { $0.url.path.hasSuffix("/profiles") }
        let first = process(.restV2, transport: held)
        try await first.signIn("AutoCable")
        _ = try await first.enabler.authorize(resource: "news")
        let inFlight = Task { try await first.enabler.refreshAuthentication() }
        await eventually { held.holding == 1 }
        try await logOutThenLogInAsB(.restV2, mvpd: "Cablevision")
        held.release()
        _ = await inFlight.result(awaiting: "A's profile update, answered after B's login")
        try await expectBSignedIn(
            .restV2, "process 1's update of A did not replace B's login", mvpd: "Cablevision", userID: "alice-user-id")
    }

    /// What another process did to the store shows in this instance's next check: its logout,
    /// and its login. Found by the model-based tests ("the two processes agree on what is
    /// stored": two steps, a sign-in in one process, a check in the other); fixed by the store's
    /// change marker (issue 31, section 5, item 8).
    @Test(arguments: allBackends)
    func anInstanceSeesWhatAnotherProcessStored(backend: AccessEnabler.Backend) async throws {
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let first = process(backend)
        try await first.configure()
        #expect(await !first.enabler.checkAuthentication().isAuthenticated)
        let second = process(backend)
        try await second.signIn("Cablevision")
        #expect(
            await first.enabler.checkAuthentication().authentication?.mvpd.id == "Cablevision",
            "the other process's login")
        try await second.enabler.logout()
        #expect(await second.enabler.checkAuthentication().isAuthenticated == false, "its own logout")
        #expect(await first.enabler.checkAuthentication().isAuthenticated == false, "the other process's logout")
        let third = process(backend)
        try await third.signIn("AutoCable")
        #expect(
            await second.enabler.checkAuthentication().authentication?.mvpd.id == "AutoCable",
            "the third process's login")
    }
}

/// Lets `inner` answer, then holds the answers to requests that `matching` selects until
/// ``release()``: the server decided, but the answer has not reached the caller yet.
final class AnswerHoldingTransport: HTTPTransport {
    let inner: any HTTPTransport
    let matching: @Sendable (HTTPTransportRequest) -> Bool
    private let answers = TestLatch()

    init(inner: any HTTPTransport, matching: @escaping @Sendable (HTTPTransportRequest) -> Bool) {
        self.inner = inner
        self.matching = matching
    }

    /// How many answers are held now.
    var holding: Int { answers.waiting }

    /// Delivers the held answers, and every later one at once.
    func release() { answers.open() }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        let response = try await inner.send(request)
        guard matching(request) else { return response }
        await answers.wait("the test to release the held answer to \(request.url.path)")
        return response
    }
}

/// A store written against the synchronous protocol of earlier versions.
@available(*, deprecated, message: "exercises the deprecated SynchronousTokenStorage")
final class SynchronousStore: SynchronousTokenStorage {
    private let records = LockedValue<[String: Data]>([:])
    let removals = LockedValue(0)

    func loadRecords() throws -> [String: Data] { records.withLock { $0 } }
    func writeRecord(_ data: Data, forKey key: String) throws { records.withLock { $0[key] = data } }
    func removeRecord(forKey key: String) throws {
        removals.withLock { $0 += 1 }
        records.withLock { _ = $0.removeValue(forKey: key) }
    }
    func removeAllRecords() throws { records.withLock { $0 = [:] } }
}
