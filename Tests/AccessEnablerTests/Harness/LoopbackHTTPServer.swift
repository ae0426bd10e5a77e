import AccessEnabler
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A misbehaving HTTP server on 127.0.0.1, for the tests that need a real socket between the SDK
/// and the server (URLSession's streaming, decompression and cancellation). Every connection gets
/// the same answer: `head` (status line and header fields), then `body` chunks one after another
/// (forever when `repeats` is nil), `interval` apart, until the client hangs up.
final class LoopbackHTTPServer: Sendable {
    struct Answer: Sendable {
        var head: String
        var body: Data
        var repeats: Int?
        var interval: Duration = .zero
    }

    struct Stats: Sendable {
        var connections = 0
        var bytesWritten = 0
        /// The client closed the connection before the answer was complete.
        var closedByClient = false
    }

    let port: UInt16
    private let listener: Int32
    private let answer: Answer
    private let state = LockedValue(Stats())

    var stats: Stats { state.withLock { $0 } }
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    init(_ answer: Answer) throws {
        self.answer = answer
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard bound == 0, named == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Stops accepting; connections being answered end when their client hangs up.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            state.withLock { $0.connections += 1 }
            Thread { [self] in serve(connection) }.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        // Read the request head; the body (if any, possibly in the same read) is not needed.
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while request.firstRange(of: [13, 10, 13, 10]) == nil {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            request += buffer[..<count]
        }
        guard write(Data(answer.head.utf8), to: connection) else { return }
        var sent = 0
        while answer.repeats.map({ sent < $0 }) ?? true {
            if answer.interval > .zero { Thread.sleep(forTimeInterval: answer.interval.timeInterval) }
            guard write(answer.body, to: connection) else { return }
            sent += 1
        }
    }

    /// Writes all of `data`; false (and `closedByClient` set) when the client has gone.
    private func write(_ data: Data, to connection: Int32) -> Bool {
        var offset = 0
        while offset < data.count {
            #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            let written = data.withUnsafeBytes {
                send(connection, $0.baseAddress! + offset, data.count - offset, flags)
            }
            guard written > 0 else {
                state.withLock { $0.closedByClient = true }
                return false
            }
            offset += written
            state.withLock { $0.bytesWritten += written }
        }
        return true
    }
}
