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

    @Test func fileIsPrivateAndVersioned() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try FileTokenStorage(url: url).writeRecord(Data("x".utf8), forKey: "k")
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let object = try JSONDecoder().decode([String: JSONValue].self, from: Data(contentsOf: url))
        #expect(object["version"] == 1)
        #expect(object["format"] == "AccessEnabler.FileTokenStorage")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(leftovers == ["tokens.json"], "no temporary file is left behind")
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
