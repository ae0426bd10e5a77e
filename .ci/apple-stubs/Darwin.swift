// Appended to apple-typecheck's built-in Darwin stand-in: what the package uses that the stand-in
// lacks, with the shapes the Swift importer gives them in Apple's SDKs (C macros as Int32; S_IF*
// as mode_t from the Swift overlay; useconds_t is UInt32).
// Compared with Apple's iOS 16.5 SDK (iPhoneOS16.5.sdk, usr/include: netinet/in.h, netinet6/in6.h,
// arpa/inet.h, sys/stat.h, fcntl.h, errno.h, unistd.h, sys/sysctl.h). Where this file and Apple's
// SDK differ, Apple's SDK is right.

// <netinet/in.h>, <arpa/inet.h>: ServiceProvider's loopback check.
public typealias in_addr_t = Swift.UInt32
public typealias sa_family_t = Swift.UInt8
// C structs are trivially copyable; saying so keeps `withUnsafeBytes(of:)` warning-free as with
// the real SDK.
@frozen public struct in_addr: Swift.BitwiseCopyable {
    public init()
    public init(s_addr: in_addr_t)
    public var s_addr: in_addr_t
}
// The SDK's in6_addr holds one union (`__u6_addr`); the package only passes its address to
// inet_pton, so the member is left out rather than declared with another shape.
@frozen public struct in6_addr: Swift.BitwiseCopyable {
    public init()
}
public var AF_INET: Swift.Int32 { get }
public var AF_INET6: Swift.Int32 { get }
@discardableResult public func inet_pton(_: Swift.Int32, _: Swift.UnsafePointer<Swift.CChar>!, _: Swift.UnsafeMutableRawPointer!) -> Swift.Int32

// POSIX file calls: FileTokenStorage's checked opens and bounded lock wait.
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

// <sys/sysctl.h>: DeviceInfo reads a Mac's model (`hw.model`) where uname's machine is only the
// architecture. size_t is Int in Swift.
@discardableResult public func sysctlbyname(_: Swift.UnsafePointer<Swift.CChar>!, _: Swift.UnsafeMutableRawPointer!, _: Swift.UnsafeMutablePointer<Swift.Int>!, _: Swift.UnsafeMutableRawPointer!, _: Swift.Int) -> Swift.Int32

// <sys/stat.h>: `struct stat`'s modification time, which the built-in stand-in leaves out (with
// Darwin's extensions on, as in Apple's SDK, the member is `st_mtimespec`): FileTokenStorage
// notices that another process compacted the store into a new snapshot file.
extension DarwinTypes.stat {
    public var st_mtimespec: timespec { get set }
}
