import AccessEnabler
import AccessEnablerTesting
import Foundation

/// Answers requests whose path starts with `path` with the fuzzed response; everything else goes
/// to the emulator.
struct OverridingTransport: HTTPTransport {
    let inner: any HTTPTransport
    let path: String
    let response: HTTPTransportResponse

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        if request.url.path.hasPrefix(path) { return response }
        return try await inner.send(request)
    }
}

/// Answers the login with a fuzzed URL.
struct FuzzedLanding: AuthenticationPresenter {
    let landing: String
    func selectProvider(from providers: [MVPD]) async throws -> MVPD? { providers.first { $0.id == "Cablevision" } }
    func presentLogin(url: URL, redirectURL: URL) async throws -> URL {
        guard let url = URL(string: landing) else { throw CancellationError() }
        return url
    }
}

/// The shared emulator and the signed-in stores each input starts from, prepared once.
public actor FuzzFixture {
    public static let shared = FuzzFixture()

    let clock = TestClock()
    let emulator: PassEmulator
    private var signedIn: [AccessEnabler.Backend: [String: Data]] = [:]

    init() {
        emulator = PassEmulator(clock: clock)
    }

    func configuration(_ backend: AccessEnabler.Backend, transport: any HTTPTransport) -> AccessEnabler.Configuration {
        var configuration = AccessEnabler.Configuration()
        configuration.backend = backend
        configuration.transport = transport
        configuration.clock = clock
        configuration.retryPolicy = .none
        configuration.environment = .init(serviceProviders: [emulator.baseURL])
        configuration.logHandler = { _ in }
        return configuration
    }

    /// A store with DCR credentials and an AutoCable session (and, on v1, an authorization for "news").
    func signedInRecords(_ backend: AccessEnabler.Backend) async -> [String: Data] {
        if let records = signedIn[backend] { return records }
        await emulator.setRequestLogging(false)
        let storage = InMemoryTokenStorage()
        var configuration = configuration(backend, transport: emulator.transport)
        configuration.storage = storage
        let enabler = AccessEnabler(softwareStatement: "fuzz-statement", configuration: configuration)
        do {
            try await enabler.setRequestor("REF")
            try await enabler.authenticate(
                presenter: HeadlessPresenter(mvpdID: "AutoCable", transport: emulator.transport))
            _ = try await enabler.authorize(resource: "news")
        } catch {
            fatalError("the fuzz fixture could not sign in: \(error)")
        }
        let records = storage.records
        signedIn[backend] = records
        return records
    }

    func runResponse(backend: AccessEnabler.Backend, step: FuzzTarget.Step, path: String, status: Int, body: Data) async
    {
        let records = await signedInRecords(backend)
        var headers: HTTPTransportHeaders = ["Content-Type": "application/json"]
        if status == 302 { headers["Location"] = String(decoding: body.prefix(200), as: UTF8.self) }
        if status == 429 { headers["Retry-After"] = String(decoding: body.prefix(40), as: UTF8.self) }
        let transport = OverridingTransport(
            inner: emulator.transport, path: path,
            response: HTTPTransportResponse(status: status, headers: headers, body: body))
        // Registration and token targets start without DCR records so those calls are made.
        var start = records
        if path.hasPrefix("/o/client/register") { start = start.filter { !$0.key.hasPrefix("dcr.") } }
        if path.hasPrefix("/o/client/token") { start = start.filter { !$0.key.hasPrefix("dcr.token") } }
        var configuration = configuration(backend, transport: transport)
        configuration.storage = InMemoryTokenStorage(records: start)
        let enabler = AccessEnabler(softwareStatement: "fuzz-statement", configuration: configuration)
        do {
            try await enabler.setRequestor("REF")
            switch step {
            case .setRequestor:
                _ = await enabler.checkAuthentication()
            case .tempPass:
                let presenter = HeadlessPresenter(mvpdID: "TempPass", transport: emulator.transport)
                try await enabler.authenticate(
                    forceAuthentication: true, data: ["email": "fuzz@example.com"], presenter: presenter)
            case .authenticate:
                let presenter = HeadlessPresenter(mvpdID: "AutoCable", transport: emulator.transport)
                try await enabler.authenticate(forceAuthentication: true, presenter: presenter)
            case .authorize:
                _ = try await enabler.authorize(resource: "news")
            case .preauthorize:
                _ = try await enabler.preauthorize(
                    PreauthorizeRequest(resources: ["news", "premium", "a,b"], disabledFeatures: [.localCache]))
            case .userMetadata:
                _ = try await enabler.getMetadata(.userMetadata("zip"))
            case .logout:
                try await enabler.logout()
            }
        } catch {
            // Every failure is acceptable; crashes and hangs are not.
        }
    }

    func runRedirect(_ landing: String) async {
        var configuration = configuration(.restV1, transport: emulator.transport)
        configuration.storage = InMemoryTokenStorage()
        let enabler = AccessEnabler(softwareStatement: "fuzz-statement", configuration: configuration)
        do {
            try await enabler.setRequestor("REF")
            try await enabler.authenticate(presenter: FuzzedLanding(landing: landing))
        } catch {}
    }
}
