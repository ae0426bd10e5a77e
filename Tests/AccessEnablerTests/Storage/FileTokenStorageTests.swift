import Foundation
import Testing
@testable import AccessEnabler
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@Suite(.timeLimit(.minutes(5))) struct FileTokenStorageTests {
    func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("FileTokenStorageTests-\(UUID().uuidString)", isDirectory: true)
            .appendingPathComponent("tokens.json")
    }

    @Test func recordsSurviveANewInstance() async throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let first = FileTokenStorage(url: url)
        try await first.writeRecord(Data("one".utf8), forKey: "a")
        try await first.writeRecord(Data("two".utf8), forKey: "b|c/d")
        try await first.removeRecord(forKey: "a")
        let second = FileTokenStorage(url: url)
        #expect(try await second.loadRecords() == ["b|c/d": Data("two".utf8)])
    }

    func permissions(_ url: URL) throws -> Int? {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue
    }

    /// Enough records that the journal outgrows the minimum and is compacted.
    func fill(_ storage: FileTokenStorage, count: Int, prefix: String = "k") async throws {
        let value = Data(repeating: 0x41, count: 200)
        for index in 0..<count { try await storage.writeRecord(value, forKey: "\(prefix)\(index)") }
    }

    @Test func filesArePrivateAndTheSnapshotIsVersioned() async throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let storage = FileTokenStorage(url: url)
        try await storage.writeRecord(Data("x".utf8), forKey: "k")
        #expect(try permissions(url.deletingLastPathComponent()) == 0o700, "the missing folder was created private")
        #expect(try permissions(storage.journalURL) == 0o600)
        #expect(try permissions(url.deletingLastPathComponent().appendingPathComponent("tokens.json.lock")) == 0o600)
        try await fill(storage, count: 400)
        #expect(try permissions(url) == 0o600)
        let object = try JSONDecoder().decode([String: JSONValue].self, from: Data(contentsOf: url))
        #expect(object["version"] == 2)
        #expect(object["format"] == "AccessEnabler.FileTokenStorage")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(leftovers.allSatisfy { !$0.hasSuffix(".tmp") }, "no temporary file is left behind")
        #expect(try await FileTokenStorage(url: url).loadRecords().count == 401)
    }

    @Test func aWriteAppendsWithoutRewritingTheSnapshot() async throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let storage = FileTokenStorage(url: url)
        try await fill(storage, count: 10_000)
        let before = try FileManager.default.attributesOfItem(atPath: url.path)
        let journalBefore =
            try FileManager.default.attributesOfItem(atPath: storage.journalURL.path)[.size] as? Int ?? 0
        try await storage.writeRecord(Data("new".utf8), forKey: "one more")
        let after = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect(after[.size] as? Int == before[.size] as? Int)
        #expect(
            after[.modificationDate] as? Date == before[.modificationDate] as? Date,
            "the 10,000 records were not rewritten")
        let journalAfter = try FileManager.default.attributesOfItem(atPath: storage.journalURL.path)[.size] as? Int ?? 0
        #expect(journalAfter - journalBefore < 200, "one short line was appended")
        #expect(try await FileTokenStorage(url: url).loadRecords().count == 10_001)
    }

    @Test func versionOneFilesAreReadAndMigratedByTheNextCompaction() async throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let old = #"{"format":"AccessEnabler.FileTokenStorage","version":1,"records":{"authn|REF":"eyJ4IjoxfQ=="}}"#
        try Data(old.utf8).write(to: url)
        let storage = FileTokenStorage(url: url)
        #expect(try await storage.loadRecords() == ["authn|REF": Data(#"{"x":1}"#.utf8)])
        try await fill(storage, count: 400)
        let object = try JSONDecoder().decode([String: JSONValue].self, from: Data(contentsOf: url))
        #expect(object["version"] == 2)
        #expect(try await FileTokenStorage(url: url).loadRecords()["authn|REF"] == Data(#"{"x":1}"#.utf8))
    }

    @Test func aTornLastJournalLineIsIgnored() async throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try await FileTokenStorage(url: url).writeRecord(Data("kept".utf8), forKey: "a")
        // The process dies halfway through the next append.
        let torn = FileTokenStorage(url: url, hooks: .init(journalLine: { $0.prefix($0.count / 2) }))
        try await torn.writeRecord(Data("lost".utf8), forKey: "b")
        #expect(try await FileTokenStorage(url: url).loadRecords() == ["a": Data("kept".utf8)])
    }

    /// A store at `url` holding `authentication` under "authn", loaded once: what the conditions
    /// after a load start from.
    func loadedStore(at url: URL, authentication: String) async throws -> FileTokenStorage {
        let storage = FileTokenStorage(url: url)
        try await storage.writeRecord(Data(authentication.utf8), forKey: "authn")
        #expect(try await storage.loadRecords() == ["authn": Data(authentication.utf8)])
        return storage
    }

    /// A load remembers how much of the journal it replayed, so the first condition after it
    /// reads only what was appended since: from the end of the last complete line, where the
    /// next writer's line starts once it has cut a torn tail off.
    @Test func aConditionAfterALoadStartsAtTheLastCompleteLine() async throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try await FileTokenStorage(url: url).writeRecord(Data("kept".utf8), forKey: "a")
        let torn = FileTokenStorage(url: url, hooks: .init(journalLine: { $0.prefix($0.count / 2) }))
        try await torn.writeRecord(Data(repeating: 0x62, count: 40), forKey: "b")
        let ours = FileTokenStorage(url: url)
        #expect(try await ours.loadRecords() == ["a": Data("kept".utf8)])
        // Another process cuts the torn line off and appends a longer one where it began.
        let long = Data(repeating: 0x63, count: 400)
        try await FileTokenStorage(url: url).writeRecord(long, forKey: "c")
        #expect(try await ours.applyChanges([.remove(forKey: "a")], ifRecord: "c") { $0 == long })
        #expect(try await FileTokenStorage(url: url).loadRecords() == ["c": long])
    }

    /// After a load, another instance compacts the files (a new snapshot, an emptied journal):
    /// the condition reads everything again instead of continuing in the old journal.
    @Test func aConditionAfterALoadSeesAnotherInstancesCompaction() async throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let ours = try await loadedStore(at: url, authentication: "A")
        let theirs = FileTokenStorage(url: url)
        try await fill(theirs, count: 400)
        try await theirs.writeRecord(Data("B".utf8), forKey: "authn")
        #expect(FileManager.default.fileExists(atPath: url.path), "compacted into a snapshot")
        #expect(try await ours.applyChanges([.remove(forKey: "k0")], ifRecord: "authn") { $0 == Data("B".utf8) })
        let records = try await FileTokenStorage(url: url).loadRecords()
        #expect(records.count == 400)
        #expect(records["k0"] == nil)
    }

    /// A condition after this instance's own compaction continues from the snapshot it wrote
    /// and sees what another instance appended since.
    @Test func aConditionAfterItsOwnCompactionSeesLaterAppends() async throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let ours = try await loadedStore(at: url, authentication: "A")
        try await fill(ours, count: 400)
        #expect(FileManager.default.fileExists(atPath: url.path), "compacted into a snapshot")
        let theirs = FileTokenStorage(url: url)
        try await theirs.writeRecord(Data("B".utf8), forKey: "authn")
        try await theirs.removeRecord(forKey: "k399")
        #expect(try await !ours.applyChanges([.remove(forKey: "k0")], ifRecord: "authn") { $0 == Data("A".utf8) })
        #expect(try await ours.applyChanges([.remove(forKey: "k1")], ifRecord: "authn") { $0 == Data("B".utf8) })
        let records = try await FileTokenStorage(url: url).loadRecords()
        #expect(records.count == 399)
        #expect(records["k0"] != nil)
        #expect(records["k1"] == nil)
        #expect(records["k399"] == nil)
    }

    /// After a load, the journal is moved away (as an instance that cannot read it does) and
    /// another instance writes a new one, longer than what the load replayed: the condition
    /// reads the new journal from its start, not from where the old one ended.
    @Test func aConditionAfterALoadReadsAReplacedJournalWhole() async throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let ours = try await loadedStore(at: url, authentication: "U")
        try FileManager.default.moveItem(
            at: ours.journalURL, to: url.deletingLastPathComponent().appendingPathComponent("moved"))
        let theirs = FileTokenStorage(url: url)
        try await theirs.writeRecord(Data("V".utf8), forKey: "authn")
        try await theirs.writeRecord(Data(repeating: 0x61, count: 300), forKey: "filler")
        #expect(try await !ours.applyChanges([.remove(forKey: "authn")], ifRecord: "authn") { $0 == Data("U".utf8) })
        #expect(try await FileTokenStorage(url: url).loadRecords()["authn"] == Data("V".utf8))
    }

    @Test func twoInstancesDoNotLoseEachOthersRecords() async throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let first = FileTokenStorage(url: url)
        let second = FileTokenStorage(url: url)
        for index in 0..<300 {
            try await first.writeRecord(Data(repeating: 1, count: 150), forKey: "first-\(index)")
            try await second.writeRecord(Data(repeating: 2, count: 150), forKey: "second-\(index)")
        }
        try await second.removeRecord(forKey: "first-0")
        let records = try await FileTokenStorage(url: url).loadRecords()
        #expect(records.count == 599, "compactions by either instance kept the other's records")
        #expect(records["first-0"] == nil)
        #expect(records["second-299"] == Data(repeating: 2, count: 150))
    }

    @Test func aCorruptJournalIsMovedAsideAndReported() async throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let storage = FileTokenStorage(url: url)
        try await storage.writeRecord(Data("x".utf8), forKey: "k")
        let handle = try FileHandle(forWritingTo: storage.journalURL)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("not json\n".utf8))
        try handle.close()
        let corruption = await #expect(throws: TokenStorageCorruption.self) {
            try await FileTokenStorage(url: url).loadRecords()
        }
        #expect(corruption?.reason.contains("journal") == true)
        #expect(try await FileTokenStorage(url: url).loadRecords().isEmpty)
    }

    @Test func corruptFileIsMovedAsideAndReported() async throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: url)
        let storage = FileTokenStorage(url: url)
        let corruption = await #expect(throws: TokenStorageCorruption.self) { try await storage.loadRecords() }
        let movedTo = try #require(corruption?.movedTo)
        #expect(try Data(contentsOf: movedTo) == Data("{not json".utf8), "the unreadable data is kept, not deleted")
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(try await storage.loadRecords().isEmpty)
    }

    @Test func newerFormatIsNotOverwritten() async throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"format":"AccessEnabler.FileTokenStorage","version":99,"records":{}}"#.utf8).write(to: url)
        let corruption = await #expect(throws: TokenStorageCorruption.self) {
            try await FileTokenStorage(url: url).loadRecords()
        }
        #expect(corruption?.reason.contains("newer") == true)
        #expect(corruption?.movedTo != nil)
    }

    @Test func unreadableLocationIsAnErrorNotAnEmptyStore() async throws {
        // A directory where the file should be: reading fails, and that must not look like "no tokens".
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        await #expect(throws: (any Error).self) { try await FileTokenStorage(url: url).loadRecords() }
    }
}

/// The files are trusted only after a check of what was opened: never through a symbolic link,
/// only regular files of the user's (re-secured to 0600 when others could read them), in a folder
/// others cannot write to; and a lock held elsewhere is waited for no longer than the timeout.
@Suite(.timeLimit(.minutes(5))) struct FileTokenStorageFileCheckTests {
    static let isRoot = geteuid() == 0
    /// Not the test's user (root can give files away; the check compares with `geteuid()`).
    static let otherUser: uid_t = 65534

    /// A folder of the test's own, 0700 as the storage makes it, and the store's URL in it.
    func store() throws -> (folder: URL, url: URL) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("FileTokenStorageFileCheckTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return (folder, folder.appendingPathComponent("tokens.json"))
    }

    func journal(_ url: URL) -> URL { url.deletingLastPathComponent().appendingPathComponent("tokens.json.journal") }
    func lock(_ url: URL) -> URL { url.deletingLastPathComponent().appendingPathComponent("tokens.json.lock") }

    /// Permission bits of the item itself (a symbolic link is not followed).
    func mode(_ file: URL) throws -> Int {
        var status = stat()
        guard lstat(file.path, &status) == 0 else { throw POSIXError(.ENOENT) }
        return Int(status.st_mode) & 0o7777
    }

    /// Owner of the item itself.
    func owner(_ file: URL) throws -> uid_t {
        var status = stat()
        guard lstat(file.path, &status) == 0 else { throw POSIXError(.ENOENT) }
        return status.st_uid
    }

    func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// Enough records that the journal is compacted into a snapshot.
    func fill(_ storage: FileTokenStorage, count: Int = 400) async throws {
        for index in 0..<count { try await storage.writeRecord(Data(repeating: 0x41, count: 200), forKey: "k\(index)") }
    }

    @Test func aStoreOthersCouldReadIsReSecuredAndUsed() async throws {
        let (folder, url) = try store()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = FileTokenStorage(url: url)
        try await fill(first)
        try await first.writeRecord(Data("last".utf8), forKey: "last")
        for file in [url, journal(url), lock(url)] {
            #expect(chmod(file.path, 0o666) == 0)
        }
        let second = FileTokenStorage(url: url)
        #expect(try await second.loadRecords().count == 401)
        try await second.writeRecord(Data("more".utf8), forKey: "more")
        for file in [url, journal(url), lock(url)] {
            #expect(try mode(file) == 0o600, "\(file.lastPathComponent) was re-secured")
        }
        #expect(try await FileTokenStorage(url: url).loadRecords()["more"] == Data("more".utf8))
    }

    @Test func aJournalSomeoneElseCreatedWithOpenPermissionsIsReSecuredAndRead() async throws {
        let (folder, url) = try store()
        defer { try? FileManager.default.removeItem(at: folder) }
        let line = #"{"op":"put","key":"authn|REF","value":"eyJ4IjoxfQ=="}"# + "\n"
        #expect(
            FileManager.default.createFile(
                atPath: journal(url).path, contents: Data(line.utf8), attributes: [.posixPermissions: 0o666]))
        #expect(try await FileTokenStorage(url: url).loadRecords() == ["authn|REF": Data(#"{"x":1}"#.utf8)])
        #expect(try mode(journal(url)) == 0o600)
    }

    enum Link: String, CaseIterable, Sendable {
        case journal, snapshot, lock, danglingJournal
    }

    @Test(arguments: Link.allCases)
    func aSymbolicLinkIsRefusedAndItsTargetLeftAlone(link: Link) async throws {
        let (folder, url) = try store()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target.txt")
        try Data("precious\n".utf8).write(to: target)
        #expect(chmod(target.path, 0o644) == 0)
        let path: URL
        switch link {
        case .journal: path = journal(url)
        case .snapshot: path = url
        case .lock: path = lock(url)
        case .danglingJournal: path = journal(url)
        }
        let destination = link == .danglingJournal ? folder.appendingPathComponent("absent") : target
        try FileManager.default.createSymbolicLink(at: path, withDestinationURL: destination)
        let before = try names(in: folder)

        let storage = FileTokenStorage(url: url)
        await #expect(throws: FileTokenStorageError.symbolicLink) {
            try await storage.writeRecord(Data("secret".utf8), forKey: "k")
        }
        await #expect(throws: FileTokenStorageError.symbolicLink) { try await storage.loadRecords() }
        #expect(try Data(contentsOf: target) == Data("precious\n".utf8), "nothing was written through the link")
        #expect(try mode(target) == 0o644, "the target was not re-secured either")
        let created = Set(try names(in: folder)).subtracting(before)
        #expect(created.isSubset(of: ["tokens.json.lock"]), "no journal, snapshot or target was created: \(created)")
    }

    enum Odd: String, CaseIterable, Sendable { case directory, fifo }

    @Test(arguments: Odd.allCases)
    func aJournalThatIsNotARegularFileIsRefused(kind: Odd) async throws {
        let (folder, url) = try store()
        defer { try? FileManager.default.removeItem(at: folder) }
        switch kind {
        case .directory: try FileManager.default.createDirectory(at: journal(url), withIntermediateDirectories: false)
        case .fifo: #expect(mkfifo(journal(url).path, 0o600) == 0)
        }
        let storage = FileTokenStorage(url: url)
        await #expect(throws: FileTokenStorageError.notARegularFile) {
            try await storage.writeRecord(Data("secret".utf8), forKey: "k")
        }
        await #expect(throws: FileTokenStorageError.notARegularFile) { try await storage.loadRecords() }
        #expect(try names(in: folder) == ["tokens.json.journal", "tokens.json.lock"], "no snapshot was written")
        if kind == .directory { #expect(try names(in: journal(url)).isEmpty) }
    }

    enum Owned: String, CaseIterable, Sendable { case journal, snapshot, lock }

    @Test(.enabled(if: isRoot, "only root can give a file to another user"), arguments: Owned.allCases)
    func aFileOwnedByAnotherUserIsRefusedAndLeftAlone(file: Owned) async throws {
        let (folder, url) = try store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await fill(FileTokenStorage(url: url))
        try await FileTokenStorage(url: url).writeRecord(Data("x".utf8), forKey: "x")
        let path =
            switch file {
            case .journal: journal(url)
            case .snapshot: url
            case .lock: lock(url)
            }
        #expect(chown(path.path, Self.otherUser, gid_t(Self.otherUser)) == 0)
        let contents = try Data(contentsOf: path)
        let journalBefore = try Data(contentsOf: journal(url))

        let storage = FileTokenStorage(url: url)
        await #expect(throws: FileTokenStorageError.ownedByAnotherUser) {
            try await storage.writeRecord(Data("secret".utf8), forKey: "k")
        }
        await #expect(throws: FileTokenStorageError.ownedByAnotherUser) { try await storage.loadRecords() }
        #expect(try Data(contentsOf: path) == contents)
        #expect(try Data(contentsOf: journal(url)) == journalBefore, "nothing was appended")
        #expect(try owner(path) == Self.otherUser)
        #expect(try mode(path) == 0o600, "another user's file is not re-secured")
    }

    @Test(arguments: [0o777, 0o1777])
    func aFolderOthersCanWriteToIsRefused(permissions: Int) async throws {
        let (folder, url) = try store()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(chmod(folder.path, mode_t(permissions)) == 0)
        let storage = FileTokenStorage(url: url)
        await #expect(throws: FileTokenStorageError.writableByOthers) {
            try await storage.writeRecord(Data("secret".utf8), forKey: "k")
        }
        await #expect(throws: FileTokenStorageError.writableByOthers) { try await storage.loadRecords() }
        #expect(try names(in: folder).isEmpty, "nothing was created")
    }

    @Test(.enabled(if: isRoot, "only root can give a folder to another user"))
    func aFolderOwnedByAnotherUserIsRefused() async throws {
        let (folder, url) = try store()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(chown(folder.path, Self.otherUser, gid_t(Self.otherUser)) == 0)
        await #expect(throws: FileTokenStorageError.ownedByAnotherUser) {
            try await FileTokenStorage(url: url).writeRecord(Data("secret".utf8), forKey: "k")
        }
        #expect(try names(in: folder).isEmpty, "nothing was created")
    }

    @Test func aLockHeldElsewhereFailsTheCallAfterTheTimeoutAndTheNextCallWorks() async throws {
        let (folder, url) = try store()
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = FileTokenStorage(url: url, lockTimeout: .milliseconds(50))
        try await storage.writeRecord(Data("a".utf8), forKey: "a")
        // flock locks belong to an open file description: a second open contends like another process.
        let holder = open(lock(url).path, O_RDWR)
        #expect(holder >= 0)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)

        await #expect(throws: FileTokenStorageError.lockTimedOut) {
            try await storage.writeRecord(Data("b".utf8), forKey: "b")
        }
        await #expect(throws: FileTokenStorageError.lockTimedOut) { try await storage.loadRecords() }
        await #expect(throws: FileTokenStorageError.lockTimedOut) {
            try await FileTokenStorage(url: url, lockTimeout: .zero).removeAllRecords()
        }

        #expect(flock(holder, LOCK_UN) == 0)
        try await storage.writeRecord(Data("b".utf8), forKey: "b")
        #expect(try await storage.loadRecords() == ["a": Data("a".utf8), "b": Data("b".utf8)])
    }

    @Test func theDefaultLockTimeoutIsTheDefaultRequestTimeout() async {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("unused/tokens.json")
        #expect(FileTokenStorage(url: url).lockTimeout == AccessEnabler.Configuration().requestTimeout)
    }

    @Test func theErrorNamesTheFileAndTheReasonAndHasItsOwnDomainAndCodes() async throws {
        let (folder, url) = try store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            at: journal(url), withDestinationURL: folder.appendingPathComponent("absent"))
        let error = await #expect(throws: FileTokenStorageError.self) {
            try await FileTokenStorage(url: url).writeRecord(Data("secret".utf8), forKey: "k")
        }
        let description = try #require(error).description
        #expect(description.contains(journal(url).path))
        #expect(description.contains("symbolic link"))
        #expect(!description.contains("secret"))
        let nsError = try #require(error) as NSError
        #expect(nsError.domain == "AccessEnabler.FileTokenStorage")
        #expect(TokenCache.summary(of: try #require(error)) == "AccessEnabler.FileTokenStorage \(nsError.code)")
        let all: [FileTokenStorageError] = [
            .notARegularFile, .symbolicLink, .ownedByAnotherUser, .writableByOthers, .lockTimedOut,
        ]
        #expect(Set(all.map { ($0 as NSError).code }).count == all.count, "each reason has its own code")
        #expect(Set(all.map { ($0 as NSError).domain }) == ["AccessEnabler.FileTokenStorage"])
    }

    @Test func aRefusedStoreIsAStorageFailureThroughTheSDK() async throws {
        let (folder, url) = try store()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target.txt")
        try Data("precious\n".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: journal(url), withDestinationURL: target)
        let harness = Harness(storage: FileTokenStorage(url: url))
        let error = await #expect(throws: AccessEnablerError.self) { try await harness.configure() }
        #expect(error == .storageFailure)
        #expect(error?.code == "storage_failure")
        #expect(error?.underlyingSummary == TokenCache.summary(of: FileTokenStorageError.symbolicLink))
        #expect(error?.underlyingSummary?.hasPrefix("AccessEnabler.FileTokenStorage ") == true)
        #expect(try Data(contentsOf: target) == Data("precious\n".utf8))
        #expect(try names(in: folder) == ["target.txt", "tokens.json.journal", "tokens.json.lock"])
    }

    @Test func aLockHeldTooLongIsAStorageFailureThroughTheSDK() async throws {
        let (folder, url) = try store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await FileTokenStorage(url: url).writeRecord(Data("x".utf8), forKey: "unknown record")
        let holder = open(lock(url).path, O_RDWR)
        #expect(holder >= 0)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        // The configuration's deadline beyond what `driving` advances: it sleeps beside the storage
        // waits, and a configuration request slow in real time must not be cut off.
        let harness = Harness(storage: FileTokenStorage(url: url, lockTimeout: .milliseconds(20))) {
            $0.configurationTimeout = .seconds(2 * 86_400)
        }
        // The waits are on the SDK's (test) clock: `driving` moves it while something waits.
        let error = await #expect(throws: AccessEnablerError.self) {
            try await driving(harness.clock) { try await harness.configure() }
        }
        #expect(error == .storageFailure)
        #expect(error?.underlyingSummary == TokenCache.summary(of: FileTokenStorageError.lockTimedOut))

        #expect(flock(holder, LOCK_UN) == 0)
        try await harness.configure()
        // A login whose write times out is reported; the session stays in memory and is
        // written with the next write.
        #expect(flock(holder, LOCK_EX) == 0)
        await #expect(throws: AccessEnablerError.storageFailure) {
            try await driving(harness.clock) { try await harness.signIn() }
        }
        let authentication = try #require(await harness.enabler.checkAuthentication().authentication)
        let failedWrite =
            "token storage write failed (authentication): \(TokenCache.summary(of: FileTokenStorageError.lockTimedOut))"
        #expect(harness.logLines.all.contains { $0.message.hasSuffix(failedWrite) }, "the writes did wait and fail")
        #expect(flock(holder, LOCK_UN) == 0)
        _ = try await harness.enabler.authorize(resource: "news")
        let relaunched = Harness(clock: harness.clock, emulator: harness.emulator, storage: FileTokenStorage(url: url))
        try await relaunched.configure()
        #expect(await relaunched.enabler.checkAuthentication().authentication == authentication)
    }
}
