import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` with the URL of a loopback port that refuses connections, and keeps it so.
///
/// The port is bound without listening: a connection gets a reset (connection refused), and no
/// other server, in this process or another, can be given the port while `body` runs. A port
/// that was merely free a moment ago can be handed to the next server that asks for port 0.
func withClosedPort<T>(_ body: (URL) async throws -> T) async throws -> T {
    #if canImport(Glibc)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw ClosedPortFailure(step: "socket", code: errno) }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard bound == 0 else { throw ClosedPortFailure(step: "bind", code: errno) }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard named == 0 else { throw ClosedPortFailure(step: "getsockname", code: errno) }
    let port = UInt16(bigEndian: address.sin_port)
    return try await body(URL(string: "http://127.0.0.1:\(port)")!)
}

/// A system call that failed while reserving a closed port.
struct ClosedPortFailure: Error, CustomStringConvertible {
    var step: String
    var code: Int32
    var description: String { "\(step) failed (errno \(code))" }
}
