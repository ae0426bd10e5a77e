import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why ``FileTokenStorage`` refused its files or gave up waiting for them. Nothing was read from
/// or written to a refused file.
///
/// Compare with the static cases (equality compares the reason only, not the file):
///
/// ```swift
/// catch let error as FileTokenStorageError where error == .lockTimedOut { ... }
/// ```
///
/// The description names the file and the reason and never holds a record. Bridged to `NSError`,
/// the domain is `AccessEnabler.FileTokenStorage` and each reason has its own code (listed on
/// the cases), which is what the SDK reports as the cause of a `storage_failure`.
public struct FileTokenStorageError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Int, Sendable {
        case notARegularFile = 1
        case symbolicLink = 2
        case ownedByAnotherUser = 3
        case writableByOthers = 4
        case lockTimedOut = 5
    }

    private let code: Code
    /// The file or folder concerned; nil on the static cases.
    public let file: URL?

    private init(_ code: Code, file: URL?) {
        self.code = code
        self.file = file
    }

    /// The file is a directory, a FIFO, a device or a socket (code 1).
    public static let notARegularFile = Self(.notARegularFile, file: nil)
    /// The file is a symbolic link; it is not followed (code 2).
    public static let symbolicLink = Self(.symbolicLink, file: nil)
    /// The file or its folder belongs to another user (code 3).
    public static let ownedByAnotherUser = Self(.ownedByAnotherUser, file: nil)
    /// Users other than the owner may write to the folder (code 4).
    public static let writableByOthers = Self(.writableByOthers, file: nil)
    /// Another process held the lock past the call's deadline or the lock timeout (code 5).
    public static let lockTimedOut = Self(.lockTimedOut, file: nil)

    /// This reason, about `file`.
    func about(_ file: URL) -> Self { Self(code, file: file) }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    public var description: String {
        let subject = file?.path ?? "the file"
        let reason =
            switch code {
            case .notARegularFile: "\(subject) is not a regular file"
            case .symbolicLink: "\(subject) is a symbolic link, which the storage does not follow"
            case .ownedByAnotherUser: "\(subject) belongs to another user"
            case .writableByOthers: "other users can write to the folder \(subject)"
            case .lockTimedOut: "another process held the lock \(subject) past the call's deadline"
            }
        return "FileTokenStorageError.\(code): \(reason)"
    }
}

extension FileTokenStorageError: CustomNSError, LocalizedError {
    public static var errorDomain: String { "AccessEnabler.FileTokenStorage" }
    public var errorCode: Int { code.rawValue }
    public var errorDescription: String? { description }
}

// MARK: - Checked files

extension FileTokenStorage {
    /// Opens `file` without following a symbolic link and checks what was opened: a regular file
    /// owned by the effective user, re-secured to 0600 when group or others had any permission
    /// (or a set-ID or sticky bit was set). Returns the descriptor with the file's size and identity. A refused
    /// file is closed at once: nothing is read from or written to it. A file that cannot be
    /// re-secured (say on a read-only volume) fails with the `fchmod` error.
    ///
    /// `O_NONBLOCK` keeps the open itself from waiting on a FIFO; it changes nothing for the
    /// regular files that pass the check.
    static func openChecked(_ file: URL, _ flags: Int32) throws -> OpenedFile {
        guard let opened = try openChecked(file, flags, missing: false) else { throw posixError(ENOENT) }
        return opened
    }

    /// ``openChecked(_:_:)`` of a file that may not exist: nil when it does not.
    static func openCheckedIfPresent(_ file: URL, _ flags: Int32) throws -> OpenedFile? {
        try openChecked(file, flags, missing: true)
    }

    private static func openChecked(_ file: URL, _ flags: Int32, missing: Bool) throws -> OpenedFile? {
        let descriptor = open(file.path, flags | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT where missing: return nil
            case ELOOP: throw FileTokenStorageError.symbolicLink.about(file)
            case EISDIR: throw FileTokenStorageError.notARegularFile.about(file)
            default: throw posixError(code)
            }
        }
        do {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw posixError() }
            guard status.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else {
                throw FileTokenStorageError.notARegularFile.about(file)
            }
            guard status.st_uid == geteuid() else { throw FileTokenStorageError.ownedByAnotherUser.about(file) }
            if status.st_mode & mode_t(0o7077) != 0 {
                guard fchmod(descriptor, 0o600) == 0 else { throw posixError() }
            }
            return OpenedFile(descriptor, status)
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// The early refusal of a write when the snapshot is not one of the user's regular files
    /// (reading it would be refused anyway); also its size, 0 when there is none. Path-based, so
    /// only a pre-check: the snapshot is trusted only through ``openChecked(_:_:)``.
    static func snapshotSize(_ file: URL) throws -> Int {
        var status = stat()
        guard lstat(file.path, &status) == 0 else {
            guard errno == ENOENT else { throw posixError() }
            return 0
        }
        switch status.st_mode & mode_t(S_IFMT) {
        case mode_t(S_IFREG): break
        case mode_t(S_IFLNK): throw FileTokenStorageError.symbolicLink.about(file)
        default: throw FileTokenStorageError.notARegularFile.about(file)
        }
        guard status.st_uid == geteuid() else { throw FileTokenStorageError.ownedByAnotherUser.about(file) }
        return Int(status.st_size)
    }

    /// Which snapshot file is there now (nil: none): its device, inode, size and modification
    /// time. A compaction renames a new file into place, which changes it.
    static func snapshotIdentity(_ file: URL) throws -> SnapshotIdentity? {
        var status = stat()
        guard lstat(file.path, &status) == 0 else {
            guard errno == ENOENT else { throw posixError() }
            return nil
        }
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        #else
        let modified = status.st_mtim
        #endif
        return SnapshotIdentity(values: [
            Int(truncatingIfNeeded: status.st_dev), Int(truncatingIfNeeded: status.st_ino),
            Int(truncatingIfNeeded: status.st_size), Int(truncatingIfNeeded: modified.tv_sec),
            Int(truncatingIfNeeded: modified.tv_nsec),
        ])
    }

    /// See ``snapshotIdentity(_:)``.
    struct SnapshotIdentity: Equatable {
        var values: [Int]
    }

    /// An open file as it was when it was checked or looked at: its size and which file it is.
    struct OpenedFile {
        let descriptor: Int32
        let size: Int
        let identity: FileIdentity

        /// `descriptor` as it is now (one `fstat`).
        init(_ descriptor: Int32) throws {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw posixError() }
            self.init(descriptor, status)
        }

        init(_ descriptor: Int32, _ status: stat) {
            self.descriptor = descriptor
            size = Int(status.st_size)
            identity = FileIdentity(
                device: Int(truncatingIfNeeded: status.st_dev), inode: Int(truncatingIfNeeded: status.st_ino))
        }
    }

    /// Which file an open descriptor is: its device and inode. Appends keep them; a file moved
    /// aside or deleted, and created again, has other ones.
    struct FileIdentity: Equatable {
        var device: Int
        var inode: Int
    }

    /// Creates the folder (0700, with any missing parents) or checks the one there: a folder
    /// (a symbolic link to one is followed: the folder is the app's choice, its files are not),
    /// owned by the effective user or root, that others cannot write to.
    static func prepareFolder(_ folder: URL) throws {
        var status = stat()
        if stat(folder.path, &status) != 0 {
            guard errno == ENOENT else { throw posixError() }
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            guard stat(folder.path, &status) == 0 else { throw posixError() }
        }
        guard status.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR) else { throw posixError(ENOTDIR) }
        guard status.st_uid == geteuid() || status.st_uid == 0 else {
            throw FileTokenStorageError.ownedByAnotherUser.about(folder)
        }
        guard status.st_mode & mode_t(0o002) == 0 else { throw FileTokenStorageError.writableByOthers.about(folder) }
    }

    /// One attempt at the exclusive `flock` on `descriptor`: whether it took it (false when
    /// another holder has it); any other failure throws.
    static func tryLock(_ descriptor: Int32) throws -> Bool {
        while true {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
            let code = errno
            if code == EWOULDBLOCK { return false }
            if code != EINTR { throw posixError(code) }
        }
    }

    static func posixError(_ code: Int32 = errno) -> NSError {
        NSError(domain: NSPOSIXErrorDomain, code: Int(code))
    }
}
