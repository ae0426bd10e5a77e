import AccessEnabler
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An `HTTPTransport` that sends each request to the emulator serving its origin, in process.
///
/// Give it to the SDK in place of the network. Requests are routed by scheme, host and port of
/// each emulator's ``PassEmulator/baseURL``; a request for any other origin throws
/// `URLError(.cannotFindHost)`, as an unknown host would. Redirects come back as 3xx responses.
public struct PassEmulatorTransport: HTTPTransport {
    private let emulators: [String: PassEmulator]

    /// Creates a transport serving the given emulators (the first wins if two share an origin).
    public init(_ emulators: PassEmulator...) {
        self.init(emulators)
    }

    /// Creates a transport serving the given emulators (the first wins if two share an origin).
    public init(_ emulators: [PassEmulator]) {
        var table: [String: PassEmulator] = [:]
        for emulator in emulators {
            guard let origin = Self.origin(of: emulator.baseURL), table[origin] == nil else { continue }
            table[origin] = emulator
        }
        self.emulators = table
    }

    /// Sends `request` to the emulator for its origin.
    public func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        guard let emulator = emulator(for: request.url) else { throw URLError(.cannotFindHost) }
        return try await emulator.handle(request)
    }

    /// The emulator serving `url`'s origin, if any.
    func emulator(for url: URL) -> PassEmulator? {
        Self.origin(of: url).flatMap { emulators[$0] }
    }

    /// `scheme://host:port`, lower-cased, with the scheme's default port filled in.
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(host):\(port)"
    }
}

extension PassEmulator {
    /// A transport that serves this emulator alone.
    public nonisolated var transport: PassEmulatorTransport { PassEmulatorTransport(self) }
}
