// Appended to apple-typecheck's built-in Darwin stand-in: the POSIX declarations FileTokenStorage
// uses that the stand-in lacks, with the shapes the Swift importer gives them in Apple's SDKs
// (C macros as Int32; S_IF* as mode_t from the Swift overlay; useconds_t is UInt32).
// Run: /work/shared/tools/apple-typecheck/run.sh --stubs .ci/apple-stubs
public var O_NOFOLLOW: Swift.Int32 { get }
public var O_CLOEXEC: Swift.Int32 { get }
public var O_NONBLOCK: Swift.Int32 { get }
public var ELOOP: Swift.Int32 { get }
public var EISDIR: Swift.Int32 { get }
public var ENOTDIR: Swift.Int32 { get }
public var EWOULDBLOCK: Swift.Int32 { get }
public var S_IFMT: DarwinTypes.mode_t { get }
public var S_IFREG: DarwinTypes.mode_t { get }
public var S_IFDIR: DarwinTypes.mode_t { get }
public var S_IFLNK: DarwinTypes.mode_t { get }
public typealias useconds_t = Swift.UInt32
@discardableResult public func lstat(_: Swift.UnsafePointer<Swift.CChar>!, _: Swift.UnsafeMutablePointer<DarwinTypes.stat>!) -> Swift.Int32
@discardableResult public func fchmod(_: Swift.Int32, _: DarwinTypes.mode_t) -> Swift.Int32
public func geteuid() -> DarwinTypes.uid_t
@discardableResult public func usleep(_: useconds_t) -> Swift.Int32
