@testable import AccessEnablerLegacy
import AccessEnablerTesting
import Foundation
import Testing

/// `getAuthentication:` with the SDK 2.0–2.3.1 filter, an array of MVPD IDs for Apple's TV
/// Provider picker, through the adapter with a fake partner framework on REST API v2.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct LegacyProviderListFilterTests {
    let clock = TestClock()
    let emulator: PassEmulator
    let fake: FakePartnerFramework
    let legacy: LegacyAccessEnabler
    let delegate = RecordingDelegate()

    init() async {
        LegacyTaskStart.applyEnvironment()
        emulator = PassEmulator(scenario: .standard, clock: clock)
        await emulator.enablePartnerSingleSignOn(mvpd: "Cablevision", platformMappingID: "Cablevision-Apple")
        fake = FakePartnerFramework(clock: clock, picker: .select("Cablevision-Apple"))
        var configuration = LegacyHarness.configuration(on: emulator, clock: clock)
        configuration.partnerFramework = fake
        legacy = AccessEnabler(softwareStatement: "legacy-test-statement", configuration: configuration)
        legacy.delegate = delegate
        legacy.setRequestor("REF")
    }

    @Test func anArrayFilterShapesTheTVProviderPickerInItsOrder() async throws {
        #expect(await delegate.next(1) == ["setRequestorComplete(1)"])
        legacy.getAuthentication(["AutoCable", "Cablevision"])
        #expect(await delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        let request = try #require(await fake.statusRequests.first(where: \.allowsInterruption))
        // AutoCable has no single sign-on: left out; nothing is featured in the array form.
        #expect(request.supportedProviderIDs == ["Cablevision-Apple"])
        #expect(request.featuredProviderIDs.isEmpty)
        #expect(!delegate.calls.contains { $0.hasPrefix("displayProviderDialog") })
    }

    @Test func theArrayFilterWithDataForcesANewSignIn() async throws {
        #expect(await delegate.next(1) == ["setRequestorComplete(1)"])
        legacy.getAuthentication(["Cablevision"])
        #expect(await delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        let before = await fake.statusRequests.filter(\.allowsInterruption).count
        legacy.getAuthentication(true, withData: ["email": "hash"], andFilter: ["Cablevision"])
        #expect(await delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        // Forced: the TV Provider was asked again, although the viewer was signed in.
        let requests = await fake.statusRequests.filter(\.allowsInterruption)
        #expect(requests.count == before + 1)
        #expect(requests.last?.supportedProviderIDs == ["Cablevision-Apple"])
    }

    @Test func nilStillMeansTheDictionaryFilter() async {
        #expect(await delegate.next(1) == ["setRequestorComplete(1)"])
        // Compiles (not ambiguous) and runs the regular flow: no filter, the TV Provider's full list.
        legacy.getAuthentication(nil)
        #expect(await delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        let request = await fake.statusRequests.first(where: \.allowsInterruption)
        #expect(request?.featuredProviderIDs.isEmpty == true)
    }

    /// Objective-C hands `getAuthentication:` its filter as `id`: an `NSArray` (SDK 2.0–2.3.1)
    /// shapes the picker as the Swift array form does, rather than failing a cast to a dictionary.
    @Test func anNSArrayFromObjectiveCShapesThePicker() async throws {
        #expect(await delegate.next(1) == ["setRequestorComplete(1)"])
        legacy.getAuthentication(false, withData: nil, anyFilter: NSArray(array: ["AutoCable", "Cablevision"]))
        #expect(await delegate.next(1) == ["setAuthenticationStatus(1, \"\")"])
        let request = try #require(await fake.statusRequests.first(where: \.allowsInterruption))
        #expect(request.supportedProviderIDs == ["Cablevision-Apple"])
        #expect(request.featuredProviderIDs.isEmpty)
    }

    /// The decision for each kind of argument: a dictionary as it is, an array under
    /// `TV_PROVIDERS`, anything else no filter.
    @Test func theFilterArgumentsClassDecides() throws {
        let dictionary = NSDictionary(dictionary: [
            TV_PROVIDERS: ["Cablevision"], FEATURED_TV_PROVIDERS: ["Cablevision"],
        ])
        let fromDictionary = try #require(LegacyAccessEnabler.filterDictionary(dictionary))
        #expect(ProviderFilter(fromDictionary) == ProviderFilter(dictionary as? [AnyHashable: Any]))
        #expect(ProviderFilter(fromDictionary).featuredTVProviders == ["Cablevision"])
        let fromArray = try #require(LegacyAccessEnabler.filterDictionary(NSArray(array: ["A", "B"])))
        #expect(ProviderFilter(fromArray).tvProviders == ["A", "B"])
        #expect(ProviderFilter(fromArray).featuredTVProviders.isEmpty)
        #expect(LegacyAccessEnabler.filterDictionary(nil) == nil)
        #expect(LegacyAccessEnabler.filterDictionary(NSString(string: "Cablevision")) == nil)
    }
}

/// `setOptions(["applicationProfile": …])`: sent on REST API v1, which has the parameter; REST API
/// v2 has none, so nothing is sent and a debug log line says so.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct LegacyApplicationProfileTests {
    @Test(arguments: legacyBackends)
    func theApplicationProfileIsSentOnV1AndLoggedAsNotSentOnV2(backend: AccessEnabler.Backend) async throws {
        let lines = LockedLines()
        let harness = LegacyHarness(backend: backend) { $0.logHandler = { lines.append($0) } }
        harness.legacy.setOptions(["applicationProfile": "tv-app"])
        await harness.configure()
        await harness.emulator.clearRequestLog()
        try await harness.signIn("AutoCable")
        let requests = await harness.emulator.requests
        let sent = requests.contains { request in
            request.queryItems.contains { $0.name == "applicationProfile" && $0.value == "tv-app" }
                || String(decoding: request.body ?? Data(), as: UTF8.self).contains("applicationProfile=tv-app")
        }
        let notSent = lines.messages.filter { $0.message.contains("applicationProfile is not sent") }
        switch backend {
        case .restV1:
            #expect(sent)
            #expect(notSent.isEmpty)
        case .restV2:
            #expect(!sent)
            #expect(
                !requests.contains { request in
                    request.queryItems.contains { $0.value == "tv-app" }
                        || String(decoding: request.body ?? Data(), as: UTF8.self).contains("tv-app")
                        || request.headers.contains { $0.value.contains("tv-app") }
                }, "the value in no request")
            #expect(notSent.map(\.level) == [.debug])
        }
    }
}

/// Log lines collected from the SDK's logging seam (any thread).
final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [LogMessage] = []
    func append(_ line: LogMessage) { lock.withLock { lines.append(line) } }
    var messages: [LogMessage] { lock.withLock { lines } }
}
