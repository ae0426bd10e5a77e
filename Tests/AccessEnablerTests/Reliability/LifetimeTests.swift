import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// No retain cycle keeps an `AccessEnabler`, its token cache or its storage alive after use.
@Suite(.timeLimit(.minutes(5))) struct LifetimeTests {
    enum Flow: String, CaseIterable, Sendable {
        case unused, configured, failedConfiguration, signedIn, authorized, failedAuthorization, preauthorized,
            loggedOut
    }

    /// A weak reference that can be read from a `@Sendable` closure.
    struct WeakReference<Object: AnyObject & Sendable>: Sendable {
        weak var object: Object?
    }

    @Test(arguments: allBackends, Flow.allCases)
    func instancesAreFreedAfterEveryFlow(backend: AccessEnabler.Backend, flow: Flow) async throws {
        let enabler: WeakReference<AccessEnabler>
        let storage: WeakReference<InMemoryTokenStorage>
        do {
            let strongStorage = InMemoryTokenStorage()
            let harness = Harness(backend: backend, storage: strongStorage)
            enabler = WeakReference(object: harness.enabler)
            storage = WeakReference(object: strongStorage)
            switch flow {
            case .unused: break
            case .configured: try await harness.configure()
            case .failedConfiguration:
                await harness.emulator.inject(.html(status: 500), on: backend.configurationRoute)
                await #expect(throws: AccessEnablerError.self) { try await harness.configure() }
            case .signedIn: try await harness.signIn()
            case .authorized:
                try await harness.signIn()
                _ = try await harness.enabler.authorize(resource: "news")
            case .failedAuthorization:
                try await harness.signIn()
                await harness.emulator.inject(.malformedJSON, on: backend.authorizeRoute)
                await #expect(throws: AccessEnablerError.self) { try await harness.enabler.authorize(resource: "news") }
            case .preauthorized:
                try await harness.signIn()
                _ = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news", "premium"]))
            case .loggedOut:
                try await harness.signIn()
                try await harness.enabler.logout()
            }
            #expect(enabler.object != nil && storage.object != nil, "alive while in use")
        }
        // Background work (a finished operation's task, for example) may let go a moment later:
        // wait for that without a time limit. A retain cycle keeps this test from finishing.
        await eventually { enabler.object == nil && storage.object == nil }
        #expect(enabler.object == nil, "the AccessEnabler was freed")
        #expect(storage.object == nil, "its storage was freed")
    }
}
