import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Storage in files, for command-line tools, servers and Linux apps.
///
/// A write costs the same however much is stored: each change is one line appended to a journal
/// (`<name>.journal`); once the journal outgrows the snapshot (`<name>`), both are folded into a
/// new snapshot written atomically (a temporary file in the same folder, then a rename). A process
/// killed at any moment leaves a readable store: a torn last journal line is ignored, and a
/// snapshot is either the old one or the new one. Every file is created with permissions 0600.
///
/// Several instances, in one process or in several, may share the files: each change takes an
/// exclusive `flock` on `<name>.lock`, appends never overwrite another writer's records, and
/// compaction re-reads the files under the lock before it rewrites them. A conditional change
/// (``applyChanges(_:ifRecord:satisfies:before:)``, which the SDK uses for every removal or write that
/// depends on the session it read earlier) re-reads the record under the same lock, with what
/// other processes appended, and appends only if it is still the one expected: a late answer
/// in one process never removes or overwrites the login another process made meanwhile.
///
/// The snapshot is versioned JSON. Version 1 (a single file rewritten on every change) is read
/// as is; the first compaction writes version 2. A file that cannot be decoded is moved aside to
/// `<name>.corrupt-<timestamp>` and reported with ``TokenStorageCorruption``.
///
/// ## What the storage trusts
///
/// Every file it opens or creates — snapshot, journal, lock file, temporary snapshot — is opened
/// with `O_NOFOLLOW` and `O_CLOEXEC`, then checked on the open descriptor (`fstat`, so nothing
/// can be swapped between the check and the use):
///
/// - a symbolic link is refused (``FileTokenStorageError/symbolicLink``), whether it points at a
///   file or nowhere: nothing is read or written through it, nothing is created at its target;
/// - a directory, FIFO, device or socket is refused (``FileTokenStorageError/notARegularFile``);
/// - a file owned by another user is refused (``FileTokenStorageError/ownedByAnotherUser``) and
///   left as it is;
/// - a file of the user's that group or others may access (say 0644 or 0666) is re-secured to
///   0600 with `fchmod` and used.
///
/// A write is refused before anything is appended when the snapshot is a link, not a regular file
/// or someone else's. The folder is created 0700 when missing; one that exists must be a folder
/// owned by the user (or root) that others cannot write to
/// (``FileTokenStorageError/writableByOthers``): a store directly in `/tmp` is refused, so give it
/// a folder of its own. A folder its group may write to is accepted (user-private groups, umask
/// 002), as is a symbolic link to a folder; the folders above it are not checked. The folder is
/// checked once per instance, when the lock file is first opened.
///
/// A refusal throws a ``FileTokenStorageError`` and writes nothing; the SDK reports it as
/// `storage_failure` (caused by `AccessEnabler.FileTokenStorage <code>`) and keeps the tokens in
/// memory.
///
/// ## Waiting for the lock
///
/// A change or a load waits for another process holding the lock until the call's
/// ``TokenStorageDeadline`` (and at most ``lockTimeout``), then throws
/// ``FileTokenStorageError/lockTimedOut`` (the SDK retries the write with the next one). An SDK
/// call gives all of its operations one deadline, so together they wait at most its
/// ``RetryPolicy/deadline``. Uncontended, taking the lock is one `flock` call; held by another
/// process, the storage tries again after suspending on the deadline's clock (1 ms, doubling up
/// to 50 ms): a wait never blocks a thread. Instances in one process that share the files take
/// turns on a lock of the process (held only while an operation reads and writes, never while
/// it waits), so they never wait for each other on the clock; a cancelled task stops waiting.
/// The change marker (``changeMarker()``) is read without the lock: two `stat` calls.
public final class FileTokenStorage: TokenStorage, @unchecked Sendable {
    /// The snapshot format version this type writes.
    public static let formatVersion = 2
    static let formatName = "AccessEnabler.FileTokenStorage"
    /// The journal is compacted when it is larger than this and than the snapshot.
    static let minimumCompactionBytes = 64 * 1024

    /// The snapshot file.
    public let url: URL
    /// The longest one operation waits for another process that holds the lock, whatever its
    /// deadline.
    public let lockTimeout: Duration
    /// The journal of changes since the snapshot.
    // Stored, not computed: every operation names the journal and the lock file, and building a
    // file URL parses it (about 5,000 instructions each on Linux).
    public let journalURL: URL
    let lockURL: URL

    /// Guards `lockDescriptor` and `lastRead`, and takes turns with the other instances of the
    /// process on the same files (one lock per lock file); the file lock guards the files
    /// against other processes. Held only in synchronous stretches, never across a suspension.
    private let lock: NSLock
    private var lockDescriptor: Int32 = -1
    /// The records as a load or a conditional change last read them, so that the next
    /// conditional change replays only what was appended since instead of decoding the whole
    /// store: a condition then costs the same at 10,000 records as at 100.
    private var lastRead: LastRead?

    /// What a load or a conditional change read: the snapshot it was, the journal file (nil:
    /// none) and how much of it had been replayed. A compaction replaces the snapshot (a new file)
    /// and empties the journal; a journal moved aside or deleted is replaced by a new file. Any of
    /// these means reading everything again: the old length means nothing in another file.
    private struct LastRead {
        var snapshot: SnapshotIdentity?
        var journal: FileIdentity?
        var journalLength: Int
        var records: [String: Data]

        /// Whether `journal`, open now, continues the one read. A journal created since a read
        /// that found none (and so replayed nothing) is read from its start anyway.
        func continues(_ journal: OpenedFile) -> Bool {
            journalLength <= journal.size && (self.journal == nil || self.journal == journal.identity)
        }
    }
    private let hooks: Hooks

    /// Points where tests simulate a crash.
    struct Hooks: Sendable {
        /// After a compaction wrote its temporary snapshot, before the rename.
        var afterTemporarySnapshotWrite: (@Sendable () -> Void)?
        /// Transforms the encoded journal line before it is appended (a torn write).
        var journalLine: (@Sendable (Data) -> Data)?
    }

    /// Creates storage backed by the files at `url` (created on the first write).
    ///
    /// - Parameters:
    ///   - url: The snapshot file; the journal and the lock file sit next to it.
    ///   - lockTimeout: The longest one operation waits for another process holding the lock
    ///     before it throws ``FileTokenStorageError/lockTimedOut``, even when the call's deadline
    ///     is later. The SDK's calls wait until their deadline (their ``RetryPolicy/deadline``,
    ///     30 s by default), so the default changes nothing for them.
    public convenience init(url: URL, lockTimeout: Duration = .seconds(30)) {
        self.init(url: url, lockTimeout: lockTimeout, hooks: Hooks())
    }

    init(url: URL, lockTimeout: Duration = .seconds(30), hooks: Hooks) {
        self.url = url
        self.journalURL = Self.sibling(of: url, ".journal")
        self.lockURL = Self.sibling(of: url, ".lock")
        self.lockTimeout = lockTimeout
        self.hooks = hooks
        self.lock = Self.processLock(for: url)
    }

    /// The lock of the process for the files of `url`, shared by every instance on them.
    private static func processLock(for url: URL) -> NSLock {
        let key = url.standardizedFileURL.path
        return processLocks.withLock { locks in
            if let lock = locks[key] { return lock }
            let lock = NSLock()
            locks[key] = lock
            return lock
        }
    }

    /// One per store path the process opened; kept for the life of the process (a lock each).
    private static let processLocks = LockedValue<[String: NSLock]>([:])

    deinit {
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    // MARK: TokenStorage

    public nonisolated(nonsending) func loadRecords(before deadline: TokenStorageDeadline) async throws
        -> [String: Data]
    {
        try await exclusively(before: deadline) { try readAll() }
    }

    public nonisolated(nonsending) func writeRecord(
        _ data: Data, forKey key: String, before deadline: TokenStorageDeadline
    ) async throws {
        try await append([JournalEntry(op: .put, key: key, value: data)], before: deadline)
    }

    public nonisolated(nonsending) func removeRecord(forKey key: String, before deadline: TokenStorageDeadline)
        async throws
    {
        try await append([JournalEntry(op: .remove, key: key, value: nil)], before: deadline)
    }

    public nonisolated(nonsending) func removeAllRecords(before deadline: TokenStorageDeadline) async throws {
        try await append([JournalEntry(op: .clear, key: nil, value: nil)], before: deadline)
    }

    /// Re-reads the files under the lock (the snapshot and every journal line, other processes'
    /// included) and appends `changes` in the same lock only if the record under `key`
    /// satisfies `condition`.
    public nonisolated(nonsending) func applyChanges(
        _ changes: [TokenStorageChange], ifRecord key: String, satisfies condition: (Data?) -> Bool,
        before deadline: TokenStorageDeadline
    ) async throws -> Bool {
        let entries = changes.map { change in
            switch change {
            case .write(let data, let key): JournalEntry(op: .put, key: key, value: data)
            case .remove(let key): JournalEntry(op: .remove, key: key, value: nil)
            }
        }
        return try await append(entries, before: deadline, checks: true) { records in condition(records[key]) }
    }

    /// The snapshot's identity (device, inode, size, modification time) and the journal's: every
    /// change appends to the journal or replaces the snapshot. Read without the lock.
    public nonisolated(nonsending) func changeMarker() async throws -> TokenStorageChangeMarker? {
        let snapshot = try Self.snapshotIdentity(url)
        let journal = try Self.snapshotIdentity(journalURL)
        return TokenStorageChangeMarker([snapshot?.values ?? [], journal?.values ?? []])
    }

    // MARK: Files

    fileprivate struct Snapshot: Codable {
        var format: String
        var version: Int
        var records: [String: Data]
    }

    struct JournalEntry: Codable {
        enum Op: String, Codable { case put, remove, clear }
        var op: Op
        var key: String?
        var value: Data?
    }

    private static func sibling(of url: URL, _ suffix: String) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + suffix)
    }

    /// Runs `body` holding the process's lock and the cross-process file lock. While another
    /// process holds the file lock, suspends on the deadline's clock and tries again (1 ms,
    /// doubling up to 50 ms) until the deadline or ``lockTimeout``, whichever comes first.
    private nonisolated(nonsending) func exclusively<T>(
        before deadline: TokenStorageDeadline, _ body: () throws -> T
    ) async throws -> T {
        let clock = deadline.clock
        let timeout = clock.uptime + max(lockTimeout, .zero)
        var backOff = Duration.milliseconds(1)
        while true {
            if case .ran(let result) = try attemptExclusively(body) { return result }
            // A cancelled caller returns at once (it does not sit out the other holder); its
            // write is retried with the next one, as after a timeout.
            try Task.checkCancellation()
            let remaining = min(deadline.uptime, timeout) - clock.uptime
            guard remaining > .zero else { throw FileTokenStorageError.lockTimedOut.about(lockURL) }
            try await clock.sleep(for: min(backOff, remaining))
            backOff = min(backOff * 2, .milliseconds(50))
        }
    }

    /// What one attempt at the locks did.
    private enum Attempt<T> {
        case ran(T)
        case heldByAnotherProcess
    }

    /// One synchronous attempt: the process's lock (which only operations that are reading or
    /// writing hold), then one try at the file lock; runs `body` if it took both.
    private func attemptExclusively<T>(_ body: () throws -> T) throws -> Attempt<T> {
        lock.lock()
        defer { lock.unlock() }
        if lockDescriptor < 0 {
            try Self.prepareFolder(url.deletingLastPathComponent())
            lockDescriptor = try Self.openChecked(lockURL, O_RDWR | O_CREAT).descriptor
        }
        guard try Self.tryLock(lockDescriptor) else { return .heldByAnotherProcess }
        defer { flock(lockDescriptor, LOCK_UN) }
        return .ran(try body())
    }

    /// Appends changes (one write); compacts when the journal has outgrown the snapshot. When it
    /// `checks`, first reads the records under the lock and appends only if `condition` holds; returns
    /// whether it appended. Appends are not fsynced: a process crash cannot lose them (they are
    /// in the kernel), a power cut may lose the last few, which the SDK obtains again; snapshots
    /// are fsynced before the rename.
    @discardableResult
    private nonisolated(nonsending) func append(
        _ entries: [JournalEntry], before deadline: TokenStorageDeadline, checks: Bool = false,
        if condition: ([String: Data]) -> Bool = { _ in true }
    ) async throws -> Bool {
        var lines = Data()
        for entry in entries {
            var line = try JSONEncoder().encode(entry)
            line.append(0x0A)
            if let transform = hooks.journalLine { line = transform(line) }
            lines.append(line)
        }
        return try await exclusively(before: deadline) {
            let snapshotSize = try Self.snapshotSize(url)
            let journal = try Self.openChecked(journalURL, O_RDWR | O_CREAT)
            let descriptor = journal.descriptor
            defer { close(descriptor) }
            try Self.dropTornTail(of: descriptor, size: journal.size)
            if checks, !condition(try currentRecords(journal: descriptor)) { return false }
            if lines.isEmpty { return true }
            guard lseek(descriptor, 0, SEEK_END) >= 0 else { throw Self.posixError() }
            try Self.writeAll(lines, to: descriptor)
            let journalSize = (try? OpenedFile(descriptor).size) ?? 0
            if journalSize > max(Self.minimumCompactionBytes, snapshotSize) {
                try compact(journal: descriptor)
            }
            return true
        }
    }

    /// Folds the journal (open as `journal`) into a new snapshot. Holds the file lock; re-reads
    /// both files so that records other writers appended are kept.
    private func compact(journal: Int32) throws {
        let records = try readAll(journal: journal)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(Snapshot(format: Self.formatName, version: Self.formatVersion, records: records))
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = try Self.openChecked(temporary, O_WRONLY | O_CREAT | O_EXCL).descriptor
        do {
            try Self.writeAll(data, to: descriptor)
            guard Self.synchronize(descriptor) else { throw Self.posixError() }
            close(descriptor)
        } catch {
            close(descriptor)
            unlink(temporary.path)
            throw error
        }
        hooks.afterTemporarySnapshotWrite?()
        guard rename(temporary.path, url.path) == 0 else {
            let error = Self.posixError()
            unlink(temporary.path)
            throw error
        }
        // A crash before this truncation only replays changes already in the snapshot.
        guard ftruncate(journal, 0) == 0 else { throw Self.posixError() }
        // The next condition continues from what was just written instead of reading it again
        // (a snapshot not read back is no match: everything is read).
        lastRead?.snapshot = try? Self.snapshotIdentity(url)
        lastRead?.journalLength = 0
        removeStaleTemporaryFiles()
    }

    /// Flushes `descriptor` to stable storage before the snapshot replaces the old one: on Darwin
    /// `F_FULLFSYNC` (its `fsync` may leave the data in the drive's cache), falling back to `fsync`
    /// where the file system does not support it; `fsync` elsewhere.
    static func synchronize(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return true }
        #endif
        return fsync(descriptor) == 0
    }

    /// Temporary snapshots left by a process that crashed mid-compaction. Compaction holds the
    /// file lock, so no other temporary file can be in use. `unlink` removes a name, never a
    /// folder or what a link points at.
    private func removeStaleTemporaryFiles() {
        let directory = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent)."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            unlink(directory.appendingPathComponent(name).path)
        }
    }

    /// The snapshot with the journal (read from `journal` when it is open) replayed onto it, kept
    /// as `lastRead` too: the first conditional change after a load then replays only what was
    /// appended since, instead of decoding the whole store again. Call holding the file lock.
    private func readAll(journal descriptor: Int32? = nil) throws -> [String: Data] {
        lastRead = nil
        let snapshot = try Self.snapshotIdentity(url)
        var records = try readSnapshot()
        let journal = try descriptor.map(OpenedFile.init) ?? Self.openCheckedIfPresent(journalURL, O_RDONLY)
        defer { if descriptor == nil, let journal { close(journal.descriptor) } }
        let replayed =
            try journal.map { try replay(Self.readToEnd($0.descriptor, expected: $0.size), onto: &records) } ?? 0
        lastRead = LastRead(snapshot: snapshot, journal: journal?.identity, journalLength: replayed, records: records)
        return records
    }

    /// The records now, for a condition: what the last load or conditional change read with the
    /// journal lines appended since (by any writer) replayed onto it, or everything read again
    /// when the snapshot or the journal file changed. Call holding the file lock, with the journal
    /// open as `descriptor` and its torn tail dropped.
    private func currentRecords(journal descriptor: Int32) throws -> [String: Data] {
        let snapshot = try Self.snapshotIdentity(url)
        let journal = try OpenedFile(descriptor)
        if var last = lastRead, last.snapshot == snapshot, last.continues(journal) {
            let appended = try Self.read(descriptor, from: last.journalLength, to: journal.size)
            lastRead = nil
            last.journalLength += try replay(appended, onto: &last.records)
            lastRead = last
            return last.records
        }
        return try readAll(journal: descriptor)
    }

    /// Replays the complete lines of `journal` onto `records`; returns their length with their
    /// newlines (where the next line starts: a torn tail is read again once it is complete).
    private func replay(_ journal: Data, onto records: inout [String: Data]) throws -> Int {
        let decoder = JSONDecoder()
        let lines = Self.lines(of: journal)
        for line in lines where !line.isEmpty {
            guard let entry = try? decoder.decode(JournalEntry.self, from: journal[line]) else {
                throw try moveAside(reason: "the journal has an unreadable entry")
            }
            switch (entry.op, entry.key, entry.value) {
            case (.put, let key?, let value?): records[key] = value
            case (.remove, let key?, _): records.removeValue(forKey: key)
            case (.clear, _, _): records.removeAll()
            default: throw try moveAside(reason: "the journal has an incomplete entry")
            }
        }
        return lines.last.map { $0.upperBound + 1 - journal.startIndex } ?? 0
    }

    /// The ranges of `journal`'s complete lines, without their newlines. Bytes after the last
    /// newline are a write torn by a crash: the change never completed, so they are no line.
    // Searched in the raw bytes: `Data`'s own `firstIndex(of:)` goes through its subscript, which
    // on Linux pays an exclusivity check for every byte (about 40 % of a launch's journal read).
    static func lines(of journal: Data) -> [Range<Data.Index>] {
        journal.withUnsafeBytes { bytes in
            var lines: [Range<Data.Index>] = []
            var start = 0
            for offset in bytes.indices where bytes[offset] == 0x0A {
                lines.append(journal.startIndex + start..<journal.startIndex + offset)
                start = offset + 1
            }
            return lines
        }
    }

    private func readSnapshot() throws -> [String: Data] {
        guard let data = try Self.contents(of: url), !data.isEmpty else { return [:] }
        guard let snapshot = try? JSONDecoder().decode(Snapshot.self, from: data),
            snapshot.format == Self.formatName
        else { throw try moveAside(reason: "the file is not valid token JSON") }
        guard snapshot.version <= Self.formatVersion else {
            throw try moveAside(reason: "written by a newer version (\(snapshot.version))")
        }
        return snapshot.records
    }

    /// Moves the unreadable files aside (never deletes them) and returns the report to throw.
    private func moveAside(reason: String) throws -> TokenStorageCorruption {
        let stamp = Date().epochMilliseconds
        var movedTo: URL?
        for file in [url, journalURL] where FileManager.default.fileExists(atPath: file.path) {
            let aside = file.deletingLastPathComponent().appendingPathComponent(
                file.lastPathComponent + ".corrupt-\(stamp)")
            try FileManager.default.moveItem(at: file, to: aside)
            if movedTo == nil { movedTo = aside }
        }
        return TokenStorageCorruption(movedTo: movedTo, reason: reason)
    }

    /// Cuts a line torn by a crash off the end of the journal (`size` bytes long), so the next
    /// line starts clean. Costs one one-byte read when the journal is intact.
    private static func dropTornTail(of descriptor: Int32, size: Int) throws {
        guard size > 0 else { return }
        var last: UInt8 = 0
        guard pread(descriptor, &last, 1, off_t(size - 1)) == 1 else { throw posixError() }
        if last == 0x0A { return }
        // Find the last complete line: read backwards in blocks until a newline or the start.
        var end = size
        var keep = 0
        search: while end > 0 {
            let start = max(0, end - 4096)
            var block = [UInt8](repeating: 0, count: end - start)
            guard pread(descriptor, &block, block.count, off_t(start)) == block.count else { throw posixError() }
            if let newline = block.lastIndex(of: 0x0A) {
                keep = start + newline + 1
                break search
            }
            end = start
        }
        guard ftruncate(descriptor, off_t(keep)) == 0 else { throw posixError() }
    }

    /// The file's bytes (through the checked open), or nil when it does not exist. Any other
    /// failure throws.
    private static func contents(of file: URL) throws -> Data? {
        guard let opened = try openCheckedIfPresent(file, O_RDONLY) else { return nil }
        defer { close(opened.descriptor) }
        return try readToEnd(opened.descriptor, expected: opened.size)
    }

    /// Everything in the file from its start, whatever the descriptor's offset.
    private static func readToEnd(_ descriptor: Int32, expected size: Int? = nil) throws -> Data {
        try read(descriptor, from: 0, to: nil, expected: size)
    }

    /// The file's bytes from `start` to `end`, or to its end (`expected` long, when known).
    private static func read(_ descriptor: Int32, from start: Int, to end: Int?, expected size: Int? = nil) throws
        -> Data
    {
        var capacity = end ?? size ?? 0
        if end == nil, size == nil { capacity = try OpenedFile(descriptor).size }
        // To the end: a byte of room beyond the expected size, so reaching it costs no reallocation.
        var data = Data(count: max(0, capacity - start) + (end == nil ? 1 : 0))
        var length = 0
        while true {
            if length == data.count {
                if end != nil { break }
                data.count += max(4096, data.count / 2)
            }
            let count = data.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + length, buffer.count - length, off_t(start + length))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw posixError()
            }
            if count == 0 { break }
            length += count
        }
        data.count = length
        return data
    }

    private static func writeAll(_ data: Data, to descriptor: Int32) throws {
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw posixError()
                }
                offset += written
            }
        }
    }
}

extension FileTokenStorage.Snapshot {
    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        format = try body.decode(String.self, forKey: "format")
        version = try body.decode(Int.self, forKey: "version")
        records = try body.decode([String: Data].self, forKey: "records")
    }

    func encode(to encoder: any Encoder) throws {
        var body = encoder.container(keyedBy: JSONKey.self)
        try body.encode(format, forKey: "format")
        try body.encode(version, forKey: "version")
        try body.encode(records, forKey: "records")
    }
}

extension FileTokenStorage.JournalEntry {
    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: JSONKey.self)
        op = try body.decode(Op.self, forKey: "op")
        key = try body.decodeIfPresent(String.self, forKey: "key")
        value = try body.decodeIfPresent(Data.self, forKey: "value")
    }

    func encode(to encoder: any Encoder) throws {
        var body = encoder.container(keyedBy: JSONKey.self)
        try body.encode(op, forKey: "op")
        try body.encodeIfPresent(key, forKey: "key")
        try body.encodeIfPresent(value, forKey: "value")
    }
}
