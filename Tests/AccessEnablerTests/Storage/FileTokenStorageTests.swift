import Foundation
import Testing
@testable import AccessEnabler

@Suite struct FileTokenStorageTests {
    func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("FileTokenStorageTests-\(UUID().uuidString)", isDirectory: true)
            .appendingPathComponent("tokens.json")
    }

    @Test func recordsSurviveANewInstance() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let first = FileTokenStorage(url: url)
        try first.writeRecord(Data("one".utf8), forKey: "a")
        try first.writeRecord(Data("two".utf8), forKey: "b|c/d")
        try first.removeRecord(forKey: "a")
        let second = FileTokenStorage(url: url)
        #expect(try second.loadRecords() == ["b|c/d": Data("two".utf8)])
    }

    func permissions(_ url: URL) throws -> Int? {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue
    }

    /// Enough records that the journal outgrows the minimum and is compacted.
    func fill(_ storage: FileTokenStorage, count: Int, prefix: String = "k") throws {
        let value = Data(repeating: 0x41, count: 200)
        for index in 0..<count { try storage.writeRecord(value, forKey: "\(prefix)\(index)") }
    }

    @Test func filesArePrivateAndTheSnapshotIsVersioned() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let storage = FileTokenStorage(url: url)
        try storage.writeRecord(Data("x".utf8), forKey: "k")
        #expect(try permissions(storage.journalURL) == 0o600)
        #expect(try permissions(url.deletingLastPathComponent().appendingPathComponent("tokens.json.lock")) == 0o600)
        try fill(storage, count: 400)
        #expect(try permissions(url) == 0o600)
        let object = try JSONDecoder().decode([String: JSONValue].self, from: Data(contentsOf: url))
        #expect(object["version"] == 2)
        #expect(object["format"] == "AccessEnabler.FileTokenStorage")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(leftovers.allSatisfy { !$0.hasSuffix(".tmp") }, "no temporary file is left behind")
        #expect(try FileTokenStorage(url: url).loadRecords().count == 401)
    }

    @Test func aWriteAppendsWithoutRewritingTheSnapshot() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let storage = FileTokenStorage(url: url)
        try fill(storage, count: 10_000)
        let before = try FileManager.default.attributesOfItem(atPath: url.path)
        let journalBefore = try FileManager.default.attributesOfItem(atPath: storage.journalURL.path)[.size] as? Int ?? 0
        try storage.writeRecord(Data("new".utf8), forKey: "one more")
        let after = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect(after[.size] as? Int == before[.size] as? Int)
        #expect(after[.modificationDate] as? Date == before[.modificationDate] as? Date, "the 10,000 records were not rewritten")
        let journalAfter = try FileManager.default.attributesOfItem(atPath: storage.journalURL.path)[.size] as? Int ?? 0
        #expect(journalAfter - journalBefore < 200, "one short line was appended")
        #expect(try FileTokenStorage(url: url).loadRecords().count == 10_001)
    }

    @Test func versionOneFilesAreReadAndMigratedByTheNextCompaction() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let old = #"{"format":"AccessEnabler.FileTokenStorage","version":1,"records":{"authn|REF":"eyJ4IjoxfQ=="}}"#
        try Data(old.utf8).write(to: url)
        let storage = FileTokenStorage(url: url)
        #expect(try storage.loadRecords() == ["authn|REF": Data(#"{"x":1}"#.utf8)])
        try fill(storage, count: 400)
        let object = try JSONDecoder().decode([String: JSONValue].self, from: Data(contentsOf: url))
        #expect(object["version"] == 2)
        #expect(try FileTokenStorage(url: url).loadRecords()["authn|REF"] == Data(#"{"x":1}"#.utf8))
    }

    @Test func aTornLastJournalLineIsIgnored() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try FileTokenStorage(url: url).writeRecord(Data("kept".utf8), forKey: "a")
        // The process dies halfway through the next append.
        let torn = FileTokenStorage(url: url, hooks: .init(journalLine: { $0.prefix($0.count / 2) }))
        try torn.writeRecord(Data("lost".utf8), forKey: "b")
        #expect(try FileTokenStorage(url: url).loadRecords() == ["a": Data("kept".utf8)])
    }

    @Test func twoInstancesDoNotLoseEachOthersRecords() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let first = FileTokenStorage(url: url)
        let second = FileTokenStorage(url: url)
        for index in 0..<300 {
            try first.writeRecord(Data(repeating: 1, count: 150), forKey: "first-\(index)")
            try second.writeRecord(Data(repeating: 2, count: 150), forKey: "second-\(index)")
        }
        try second.removeRecord(forKey: "first-0")
        let records = try FileTokenStorage(url: url).loadRecords()
        #expect(records.count == 599, "compactions by either instance kept the other's records")
        #expect(records["first-0"] == nil)
        #expect(records["second-299"] == Data(repeating: 2, count: 150))
    }

    @Test func aCorruptJournalIsMovedAsideAndReported() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let storage = FileTokenStorage(url: url)
        try storage.writeRecord(Data("x".utf8), forKey: "k")
        let handle = try FileHandle(forWritingTo: storage.journalURL)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("not json\n".utf8))
        try handle.close()
        let corruption = #expect(throws: TokenStorageCorruption.self) { try FileTokenStorage(url: url).loadRecords() }
        #expect(corruption?.reason.contains("journal") == true)
        #expect(try FileTokenStorage(url: url).loadRecords().isEmpty)
    }

    @Test func corruptFileIsMovedAsideAndReported() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: url)
        let storage = FileTokenStorage(url: url)
        let corruption = #expect(throws: TokenStorageCorruption.self) { try storage.loadRecords() }
        let movedTo = try #require(corruption?.movedTo)
        #expect(try Data(contentsOf: movedTo) == Data("{not json".utf8), "the unreadable data is kept, not deleted")
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(try storage.loadRecords().isEmpty)
    }

    @Test func newerFormatIsNotOverwritten() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"format":"AccessEnabler.FileTokenStorage","version":99,"records":{}}"#.utf8).write(to: url)
        let corruption = #expect(throws: TokenStorageCorruption.self) { try FileTokenStorage(url: url).loadRecords() }
        #expect(corruption?.reason.contains("newer") == true)
        #expect(corruption?.movedTo != nil)
    }

    @Test func unreadableLocationIsAnErrorNotAnEmptyStore() throws {
        // A directory where the file should be: reading fails, and that must not look like "no tokens".
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        #expect(throws: (any Error).self) { try FileTokenStorage(url: url).loadRecords() }
    }
}
