import AccessEnabler
import AccessEnablerTesting
import Foundation

/// Records the emulator's responses to the SDK's own requests, as seed inputs.
public enum CorpusRecorder {
    /// Captures every response body by path.
    final class Recording: HTTPTransport, @unchecked Sendable {
        let inner: any HTTPTransport
        private let lock = NSLock()
        private(set) var responses: [(path: String, response: HTTPTransportResponse)] = []
        init(inner: any HTTPTransport) { self.inner = inner }
        func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
            let response = try await inner.send(request)
            lock.withLock { responses.append((request.url.path, response)) }
            return response
        }
        var all: [(path: String, response: HTTPTransportResponse)] { lock.withLock { responses } }
    }

    /// Seed inputs for every target.
    public static func seeds() async -> [Data] {
        var seeds: [Data] = []
        for backend in AccessEnabler.Backend.allCases {
            let emulator = PassEmulator()
            let recording = Recording(inner: emulator.transport)
            var configuration = AccessEnabler.Configuration()
            configuration.backend = backend
            configuration.transport = recording
            configuration.storage = InMemoryTokenStorage()
            configuration.environment = .init(serviceProviders: [emulator.baseURL])
            configuration.logHandler = { _ in }
            let enabler = AccessEnabler(softwareStatement: "corpus", configuration: configuration)
            _ = try? await enabler.setRequestor("REF")
            _ = try? await enabler.authenticate(
                presenter: HeadlessPresenter(mvpdID: "AutoCable", transport: emulator.transport))
            _ = try? await enabler.preauthorize(PreauthorizeRequest(resources: ["news", "premium"]))
            _ = try? await enabler.authorize(resource: "news")
            _ = try? await enabler.authorize(resource: "premium")
            _ = try? await enabler.getMetadata(.userMetadata("zip"))
            _ = try? await enabler.logout()
            _ = try? await enabler.authenticate(
                presenter: HeadlessPresenter(mvpdID: "TempPass", transport: emulator.transport))
            for (path, response) in recording.all {
                for target in FuzzTarget.allCases where target.matches(path: path, backend: backend) {
                    seeds.append(FuzzCase.encode(target: target, status: response.status, body: response.body))
                }
            }
        }
        for text in ["adobepass://ios.app", "adobepass://ios.app.evil.com/", "ADOBEPASS://IOS.APP/?x#y", "%zz://", ""] {
            seeds.append(FuzzCase.encode(target: .redirectURL, status: 200, body: Data(text.utf8)))
        }
        seeds.append(FuzzCase.encode(target: .deviceInfo, status: 200, body: Data("eyJtb2RlbCI6IkFwcGxlVFYifQ==".utf8)))
        seeds.append(
            FuzzCase.encode(
                target: .statusJSON, status: 200,
                body: Data(#"{"status":"412","code":"x","action":"retry-after"}"#.utf8)))
        return seeds
    }
}

extension FuzzTarget {
    func matches(path: String, backend: AccessEnabler.Backend) -> Bool {
        guard case .response(let targetBackend, _, let prefix) = kind, targetBackend == backend else { return false }
        return path.hasPrefix(prefix)
    }
}
