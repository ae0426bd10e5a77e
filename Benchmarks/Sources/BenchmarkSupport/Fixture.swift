import AccessEnabler
import AccessEnablerTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A failure while preparing or checking a benchmark; reported through `benchmark.error`.
package struct BenchmarkFailure: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// How the SDK's requests reach the emulator.
package enum Mount: Sendable {
    /// `PassEmulator.transport`: the emulator is called directly, in process.
    case inProcess
    /// `URLSessionTransport(configuration:)` — the kind of session the SDK's default transport
    /// uses, whose delegate streams and limits each body — whose `URLProtocol` answers from the
    /// emulator (`PassEmulator.makeURLSessionConfiguration()`). The raw baseline gets a plain
    /// session with the same configuration and calls `data(for:)`.
    case urlSession
}

/// One Adobe Pass emulator and an `AccessEnabler` that is configured for requestor `REF` and
/// authenticated with the auto-login MVPD `AutoCable`, built through the public API only.
package final class Fixture: Sendable {
    package static let requestorID = "REF"
    package static let mvpdID = "AutoCable"
    package static let softwareStatement = "benchmark-software-statement"
    package static let deviceSeed = "benchmark-device"

    package let emulator: PassEmulator
    package let enabler: AccessEnabler
    /// The plain session the raw baseline sends with, when mounted on `URLSession`.
    package let session: URLSession?
    package let backend: AccessEnabler.Backend

    private init(emulator: PassEmulator, enabler: AccessEnabler, session: URLSession?, backend: AccessEnabler.Backend) {
        self.emulator = emulator
        self.enabler = enabler
        self.session = session
        self.backend = backend
    }

    /// Builds the emulator (every resource authorized, up to 100 resources per preauthorize
    /// call) and an authenticated SDK instance.
    ///
    /// - Parameters:
    ///   - configure: Last changes to the SDK configuration (storage, chunk size, …).
    ///   - authenticate: Whether to sign in (false leaves only `setRequestor` done).
    ///   - makeEnabler: Creates the instance (the legacy benchmarks take the adapter's core).
    package static func make(
        backend: AccessEnabler.Backend = .restV2,
        mount: Mount = .inProcess,
        emulator existing: PassEmulator? = nil,
        authenticate: Bool = true,
        makeEnabler: (AccessEnabler.Configuration) async -> AccessEnabler = {
            AccessEnabler(softwareStatement: softwareStatement, configuration: $0)
        },
        configure: (inout AccessEnabler.Configuration) -> Void = { _ in }
    ) async throws -> Fixture {
        let emulator: PassEmulator
        if let existing {
            emulator = existing
        } else {
            emulator = PassEmulator()
            await emulator.setEntitlement(resource: "*", authorized: true)
            await emulator.setMaxPreauthorizeResources(100)
        }

        var configuration = AccessEnabler.Configuration()
        configuration.backend = backend
        configuration.storage = InMemoryTokenStorage()
        configuration.deviceIDSeed = deviceSeed
        configuration.environment = .init(serviceProviders: [emulator.baseURL])
        // Long enough that nothing cached expires during a run.
        configuration.preauthorizeCacheTTL = .seconds(3600)
        var session: URLSession?
        switch mount {
        case .inProcess:
            configuration.transport = emulator.transport
        case .urlSession:
            let routed = emulator.makeURLSessionConfiguration()
            configuration.transport = URLSessionTransport(configuration: routed)
            session = URLSession(configuration: routed)
        }
        configure(&configuration)

        let enabler = await makeEnabler(configuration)
        try await enabler.setRequestor(requestorID)
        if authenticate {
            // The browser step always runs in process: only the entitlement calls are measured.
            try await enabler.authenticate(presenter: HeadlessPresenter(mvpdID: mvpdID, transport: emulator.transport))
            guard await enabler.checkAuthentication().isAuthenticated else {
                throw BenchmarkFailure("the fixture did not authenticate")
            }
        }
        return Fixture(emulator: emulator, enabler: enabler, session: session, backend: backend)
    }

    /// `count` distinct resource IDs starting with `prefix`.
    package static func resources(_ count: Int, prefix: String = "channel") -> [String] {
        (0..<count).map { "\(prefix)-\($0)" }
    }
}
