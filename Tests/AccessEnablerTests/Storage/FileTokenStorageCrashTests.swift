import Foundation
import Testing
@testable import AccessEnabler
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Crash safety with a real process: the test binary runs itself again in "child mode", and the
/// child is killed with SIGKILL at a chosen point inside a write.
@Suite(.timeLimit(.minutes(5))) struct FileTokenStorageCrashTests {
    static let childPath = "ACCESSENABLER_CRASH_CHILD_PATH"
    static let childMode = "ACCESSENABLER_CRASH_CHILD_MODE"

    /// The child's work. Runs only inside the child process (the variables are set only there).
    @Test(.enabled(if: ProcessInfo.processInfo.environment[childPath] != nil))
    func crashingChild() async throws {
        let environment = ProcessInfo.processInfo.environment
        let url = URL(fileURLWithPath: environment[Self.childPath]!)
        let journal = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".journal")
        let hooks: FileTokenStorage.Hooks
        switch environment[Self.childMode] {
        case "compaction":
            hooks = .init(afterTemporarySnapshotWrite: { kill(getpid(), SIGKILL) })
        default:
            // Write half of the line by hand, then die before the rest.
            hooks = .init(journalLine: { line in
                if let handle = try? FileHandle(forWritingTo: journal) {
                    _ = try? handle.seekToEnd()
                    try? handle.write(contentsOf: line.prefix(line.count / 2))
                    try? handle.close()
                }
                kill(getpid(), SIGKILL)
                return line
            })
        }
        let storage = FileTokenStorage(url: url, hooks: hooks)
        for index in 0..<10_000 {
            try await storage.writeRecord(Data(repeating: 0x43, count: 200), forKey: "child-\(index)")
        }
    }

    func runChild(mode: String, path: URL) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--testing-library", "swift-testing", "--filter", "crashingChild"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childPath] = path.path
        environment[Self.childMode] = mode
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process
    }

    func prepared() async throws -> (URL, [String: Data], Data) {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("CrashTests-\(UUID().uuidString)").appendingPathComponent("tokens.json")
        let storage = FileTokenStorage(url: url)
        for index in 0..<400 {
            try await storage.writeRecord(Data(repeating: 0x50, count: 200), forKey: "parent-\(index)")
        }
        return (url, try await storage.loadRecords(), try Data(contentsOf: url))
    }

    @Test func aProcessKilledBetweenWriteAndRenameLeavesThePreviousSnapshotIntact() async throws {
        let (url, before, snapshot) = try await prepared()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let child = try runChild(mode: "compaction", path: url)
        #expect(child.terminationReason == .uncaughtSignal)
        #expect(child.terminationStatus == SIGKILL)
        #expect(try Data(contentsOf: url) == snapshot, "the snapshot was not replaced")
        let after = try await FileTokenStorage(url: url).loadRecords()
        #expect(before.allSatisfy { after[$0.key] == $0.value }, "nothing the parent stored was lost")
        #expect(after.keys.contains("child-0"), "the child's completed appends survived too")
        // The next compaction sweeps the crashed one's temporary file.
        let directory = url.deletingLastPathComponent()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).contains { $0.hasSuffix(".tmp") })
        let storage = FileTokenStorage(url: url)
        for index in 0..<400 {
            try await storage.writeRecord(Data(repeating: 0x51, count: 200), forKey: "again-\(index)")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { !$0.hasSuffix(".tmp") })
    }

    @Test func aProcessKilledInTheMiddleOfAnAppendLosesOnlyThatChange() async throws {
        let (url, before, _) = try await prepared()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let child = try runChild(mode: "append", path: url)
        #expect(child.terminationReason == .uncaughtSignal)
        let after = try await FileTokenStorage(url: url).loadRecords()
        #expect(after == before, "the torn change is ignored; everything else is intact")
        // The store stays writable after the crash.
        let storage = FileTokenStorage(url: url)
        try await storage.writeRecord(Data("later".utf8), forKey: "later")
        #expect(try await FileTokenStorage(url: url).loadRecords()["later"] == Data("later".utf8))
    }
}
