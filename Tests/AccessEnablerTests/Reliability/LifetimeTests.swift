import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// No retain cycle keeps an `AccessEnabler`, its token cache or its storage alive after use.
@Suite struct LifetimeTests {
    enum Flow: String, CaseIterable, Sendable {
        case unused, configured, failedConfiguration, signedIn, authorized, failedAuthorization, preauthorized, loggedOut
    }

    @Test(arguments: allBackends, Flow.allCases)
    func instancesAreFreedAfterEveryFlow(backend: AccessEnabler.Backend, flow: Flow) async throws {
        weak var weakEnabler: AccessEnabler?
        weak var weakStorage: InMemoryTokenStorage?
        do {
            let storage = InMemoryTokenStorage()
            let harness = Harness(backend: backend, storage: storage)
            weakEnabler = harness.enabler
            weakStorage = storage
            switch flow {
            case .unused: break
            case .configured: try await harness.configure()
            case .failedConfiguration:
                await harness.emulator.inject(.html(status: 500), on: backend.configurationRoute)
                _ = try? await harness.configure()
            case .signedIn: try await harness.signIn()
            case .authorized:
                try await harness.signIn()
                _ = try await harness.enabler.authorize(resource: "news")
            case .failedAuthorization:
                try await harness.signIn()
                await harness.emulator.inject(.malformedJSON, on: backend.authorizeRoute)
                _ = try? await harness.enabler.authorize(resource: "news")
            case .preauthorized:
                try await harness.signIn()
                _ = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news", "premium"]))
            case .loggedOut:
                try await harness.signIn()
                try await harness.enabler.logout()
            }
        }
        // Background work may finish a moment later; the bound only guards against a hang.
        for _ in 0..<5_000 where weakEnabler != nil || weakStorage != nil {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(weakEnabler == nil, "the AccessEnabler was freed")
        #expect(weakStorage == nil, "its storage was freed")
    }
}
