import Foundation

/// Storage in one JSON file, for command-line tools, servers and Linux apps.
///
/// The file is versioned JSON, written atomically (a temporary file in the same folder, then a
/// rename), with permissions 0600. A file that cannot be decoded is moved aside to
/// `<name>.corrupt-<timestamp>` and reported with ``TokenStorageCorruption``.
public final class FileTokenStorage: TokenStorage {
    /// The file's format version.
    public static let formatVersion = 1
    private static let formatName = "AccessEnabler.FileTokenStorage"

    /// The file.
    public let url: URL
    private let state = LockedValue<[String: Data]?>(nil)

    /// Creates storage backed by the file at `url` (created on the first write).
    public init(url: URL) {
        self.url = url
    }

    private struct FileContents: Codable {
        var format: String
        var version: Int
        var records: [String: Data]
    }

    public func loadRecords() throws -> [String: Data] {
        try state.withLock { cached in
            let records = try readFile()
            cached = records
            return records
        }
    }

    public func writeRecord(_ data: Data, forKey key: String) throws {
        try mutate { $0[key] = data }
    }

    public func removeRecord(forKey key: String) throws {
        try mutate { $0.removeValue(forKey: key) }
    }

    public func removeAllRecords() throws {
        try mutate { $0.removeAll() }
    }

    private func mutate(_ change: (inout [String: Data]) -> Void) throws {
        try state.withLock { cached in
            var records = try cached ?? readFile()
            change(&records)
            try writeFile(records)
            cached = records
        }
    }

    private func readFile() throws -> [String: Data] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return [:]
        } catch let error as NSError where error.domain == NSPOSIXErrorDomain && error.code == Int(ENOENT) {
            return [:]
        }
        if data.isEmpty { return [:] }
        do {
            let contents = try JSONDecoder().decode(FileContents.self, from: data)
            guard contents.format == Self.formatName else {
                throw TokenStorageCorruption(movedTo: nil, reason: "not an AccessEnabler token file")
            }
            guard contents.version <= Self.formatVersion else {
                throw TokenStorageCorruption(movedTo: nil, reason: "written by a newer version (\(contents.version))")
            }
            return contents.records
        } catch {
            let reason = (error as? TokenStorageCorruption)?.reason ?? "the file is not valid token JSON"
            let aside = url.deletingLastPathComponent().appendingPathComponent(
                url.lastPathComponent + ".corrupt-\(Int(Date().timeIntervalSince1970 * 1000))")
            try FileManager.default.moveItem(at: url, to: aside)
            throw TokenStorageCorruption(movedTo: aside, reason: reason)
        }
    }

    private func writeFile(_ records: [String: Data]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(FileContents(format: Self.formatName, version: Self.formatVersion, records: records))
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else {
            throw CocoaError(.fileWriteUnknown)
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        if rename(temporary.path, url.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw NSError(domain: NSPOSIXErrorDomain, code: Int(code))
        }
    }
}
