// Appended to the type-checker's Darwin stand-in: the parts of <netinet/in.h> and <arpa/inet.h>
// the package uses, with the Swift signatures Apple's SDK imports them with.
public typealias in_addr_t = Swift.UInt32
public typealias sa_family_t = Swift.UInt8
// C structs are trivially copyable; saying so keeps `withUnsafeBytes(of:)` warning-free as with
// the real SDK.
@frozen public struct in_addr: Swift.BitwiseCopyable {
    public init()
    public init(s_addr: in_addr_t)
    public var s_addr: in_addr_t
}
@frozen public struct in6_addr: Swift.BitwiseCopyable {
    public init()
    public var __u6_addr: (Swift.UInt32, Swift.UInt32, Swift.UInt32, Swift.UInt32)
}
public var AF_INET: Swift.Int32 { get }
public var AF_INET6: Swift.Int32 { get }
@discardableResult public func inet_pton(_: Swift.Int32, _: Swift.UnsafePointer<Swift.CChar>!, _: Swift.UnsafeMutableRawPointer!) -> Swift.Int32
