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
    let socket = try UnlistenedLoopbackSocket()
    defer { socket.close() }
    return try await body(URL(string: "http://127.0.0.1:\(socket.port)")!)
}

/// A TCP socket bound to a port of 127.0.0.1 the system chose, that never listens: until
/// ``close()`` the port refuses connections and is given to no other socket.
struct UnlistenedLoopbackSocket {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw LoopbackSocketFailure(step: "socket", code: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw Self.failure("bind", closing: descriptor) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw Self.failure("getsockname", closing: descriptor) }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    func close() {
        closeDescriptor(descriptor)
    }

    private static func failure(_ step: String, closing descriptor: Int32) -> LoopbackSocketFailure {
        let failure = LoopbackSocketFailure(step: step, code: errno)
        closeDescriptor(descriptor)
        return failure
    }
}

/// The C library's `close`, which the socket's own ``UnlistenedLoopbackSocket/close()`` hides.
private func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
}

/// A system call that failed while binding a loopback socket.
struct LoopbackSocketFailure: Error, CustomStringConvertible {
    var step: String
    var code: Int32
    var description: String { "\(step) failed (errno \(code))" }
}
