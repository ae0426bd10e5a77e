import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

@Suite(.timeLimit(.minutes(5))) struct PreauthorizeTests {
    @Test(arguments: allBackends)
    func missingAndExpiredSessionsFailLocallyWithStatusZero(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.configure()
        let missing = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
        }
        #expect(missing == .authenticationSessionMissing)
        #expect(missing?.status.status == 0)

        let authentication = try await harness.enabler.authenticate(presenter: harness.presenter("AutoCable"))
        harness.clock.set(authentication.expires.addingTimeInterval(1))
        let expired = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
        }
        #expect(expired == .authenticationSessionExpired)
        #expect(expired?.status.status == 0)
        #expect(await harness.emulator.requests(to: backend.preauthorizeRoute).isEmpty)
    }

    @Test(arguments: allBackends)
    func localCacheAnswersWithoutTheNetwork(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        let first = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news", "premium"]))
        await harness.emulator.clearRequestLog()
        let second = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["premium", "news"]))
        #expect(await harness.emulator.requests.isEmpty)
        #expect(second.decisions == [first.decisions[1], first.decisions[0]])
        // Partly cached: only the new resource goes out.
        _ = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news", "sports"]))
        #expect(await harness.emulator.preauthorizedChunks(backend) == [["sports"]])
        // Cached and new resources interleaved: the answer keeps the request order.
        await harness.emulator.clearRequestLog()
        let mixed = try await harness.enabler.preauthorize(
            PreauthorizeRequest(resources: ["movies", "news", "kids", "premium"]))
        #expect(await harness.emulator.preauthorizedChunks(backend) == [["movies", "kids"]])
        #expect(mixed.decisions.map(\.id) == ["movies", "news", "kids", "premium"])
        #expect(mixed.decisions[1] == first.decisions[0] && mixed.decisions[3] == first.decisions[1])
    }

    @Test(arguments: allBackends)
    func disabledLocalCacheGoesToTheServer(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        let request = PreauthorizeRequest(resources: ["news"], disabledFeatures: [.localCache])
        _ = try await harness.enabler.preauthorize(request)
        _ = try await harness.enabler.preauthorize(request)
        #expect(await harness.emulator.requests(to: backend.preauthorizeRoute).count == 2)
    }

    @Test(arguments: allBackends)
    func cachedDecisionsExpireAfterTheirTTL(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend) { $0.preauthorizeCacheTTL = .seconds(60) }
        try await harness.signIn()
        _ = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
        harness.clock.advance(by: .seconds(59))
        _ = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
        #expect(await harness.emulator.requests(to: backend.preauthorizeRoute).count == 1)
        harness.clock.advance(by: .seconds(1))
        _ = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
        #expect(await harness.emulator.requests(to: backend.preauthorizeRoute).count == 2)
    }

    /// REST v1 only: v2 has no remote-cache switch (RESTv2DocumentedRequestTests).
    @Test func disabledRemoteCacheSendsNoCacheAndBypassesTheServerCacheOnV1() async throws {
        let backend = AccessEnabler.Backend.restV1
        let harness = Harness(backend: backend)
        try await harness.signIn()
        let local = PreauthorizeRequest(resources: ["news"], disabledFeatures: [.localCache])
        #expect(try await harness.enabler.preauthorize(local)["news"]?.isAuthorized == true)
        await harness.emulator.setEntitlement(resource: "news", authorized: false, details: "News was dropped.")

        let remoteCached = try await harness.enabler.preauthorize(local)
        #expect(remoteCached["news"]?.isAuthorized == true, "the server answered from its cache")
        let bypass = PreauthorizeRequest(resources: ["news"], disabledFeatures: [.localCache, .remoteCache])
        let fresh = try await harness.enabler.preauthorize(bypass)
        #expect(fresh["news"]?.isAuthorized == false)
        #expect(fresh["news"]?.error?.details == "News was dropped.")

        let headers = await harness.emulator.requests(to: backend.preauthorizeRoute).map { $0.headers["Cache-Control"] }
        #expect(headers == [nil, nil, "no-cache"])
    }

    @Test(arguments: allBackends)
    func twelveResourcesGoOutAsFivePlusFivePlusTwoConcurrentlyInOrder(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        let gate = EmulatorGate()
        await harness.emulator.inject(.hold(gate), on: backend.preauthorizeRoute, times: 3)
        let resources = (1...12).map {
            $0.isMultiple(of: 3) ? "premium-\($0)" : ["news", "sports", "movies", "kids"][$0 % 4] + ""
        }
        let ids = (1...12).map { "res-\($0)" }
        for (index, id) in ids.enumerated() where !resources[index].hasPrefix("premium") {
            await harness.emulator.setEntitlement(resource: id, authorized: true)
        }
        let asking = Task { try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ids)) }
        // All three chunks are in flight at once while the gate is closed.
        try await harness.emulator.waitForRequests(to: backend.preauthorizeRoute, count: 3)
        gate.open()
        let response = try await asking.value(awaiting: "the preauthorization")

        #expect(response.decisions.map(\.id) == ids)
        let expected = resources.map { !$0.hasPrefix("premium") }
        #expect(response.decisions.map(\.isAuthorized) == expected)
        let chunks = await harness.emulator.preauthorizedChunks(backend)
        #expect(chunks.map(\.count).sorted() == [2, 5, 5])
        #expect(Set(chunks.flatMap { $0 }) == Set(ids))
        #expect(
            chunks.sorted { ids.firstIndex(of: $0[0])! < ids.firstIndex(of: $1[0])! }
                == [Array(ids[0..<5]), Array(ids[5..<10]), Array(ids[10..<12])])
    }

    /// 40 resources are eight chunks; at most three are in flight at once, and a chunk's time
    /// limit starts when it is sent, not while it waits for its turn.
    @Test(arguments: allBackends)
    func chunksInFlightAreBoundedAndTimedFromWhenTheyAreSent(backend: AccessEnabler.Backend) async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let transport = RecordingTransport(inner: emulator.transport)
        let harness = Harness(backend: backend, clock: clock, emulator: emulator) {
            $0.transport = transport
            $0.preauthorizeConcurrency = 3
        }
        try await harness.signIn()
        let gate = EmulatorGate()
        await emulator.inject(.hold(gate), on: backend.preauthorizeRoute, times: nil)
        let ids = (0..<40).map { "show-\($0)" }
        let asking = Task { try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ids)) }
        // A request's time limit starts beside it and can reach the clock after the request
        // reaches the gate.
        await eventually { gate.waiting >= 3 && clock.pendingTimeLimits >= 3 }
        #expect(gate.waiting == 3)
        #expect(clock.pendingTimeLimits == 3, "only the chunks sent are timed")
        gate.open()
        let response = try await asking.value(awaiting: "the preauthorization")
        #expect(response.decisions.map(\.id) == ids)
        #expect(await emulator.requests(to: backend.preauthorizeRoute).count == 8)
        #expect(transport.mostInFlight == 3)
    }

    /// A failed chunk fails the call and stops the chunks not yet sent.
    @Test(arguments: allBackends)
    func aFailedChunkStopsTheRest(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend) { $0.preauthorizeConcurrency = 2 }
        try await harness.signIn()
        await harness.emulator.inject(.html(status: 502), on: backend.preauthorizeRoute)
        let ids = (0..<40).map { "show-\($0)" }
        await #expect(throws: AccessEnablerError.internalError) {
            try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ids))
        }
        #expect(await harness.emulator.requests(to: backend.preauthorizeRoute).count <= 2)
    }

    @Test(arguments: allBackends)
    func duplicatesAreCollapsedFirstOccurrenceKept(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        let response = try await harness.enabler.preauthorize(
            PreauthorizeRequest(resources: ["news", "sports", "news", "premium", "sports"]))
        #expect(response.decisions.map(\.id) == ["news", "sports", "premium"])
        #expect(await harness.emulator.preauthorizedChunks(backend) == [["news", "sports", "premium"]])
    }

    @Test(arguments: allBackends)
    func duplicatesInALongListAreCollapsedToo(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        // Over 16 IDs the duplicates are found another way than in a short list.
        let ids = (0..<18).map { "show-\($0)" }
        let response = try await harness.enabler.preauthorize(
            PreauthorizeRequest(resources: ids + ["show-3", "show-17", "show-0"]))
        #expect(response.decisions.map(\.id) == ids)
    }

    @Test(arguments: allBackends)
    func resourceIDsWithCommasAndMediaRSSSurviveTheList(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        let rss = #"<rss version="2.0"><channel><title>news,live</title></channel></rss>"#
        // The emulator decides on the channel named in the fragment's title.
        await harness.emulator.setEntitlement(resource: "news,live", authorized: true)
        let response = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: [rss, "a+b"]))
        #expect(response.decisions.map(\.id) == [rss, "a+b"])
        #expect(response[rss]?.isAuthorized == true)
        #expect(response["a+b"]?.isAuthorized == false)
    }

    @Test(arguments: allBackends)
    func deniedDecisionsCarryItemErrorsOnlyWithEnhancedReporting(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        let enhanced = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["premium"]))
        let error = try #require(enhanced["premium"]?.error)
        #expect(error.status == 403)
        #expect(error.code == (backend == .restV2 ? "preauthorization_denied_by_mvpd" : "authorization_denied_by_mvpd"))
        #expect(error.details?.contains("premium") == true)

        await harness.emulator.setEnhancedErrorReporting(false)
        let plain = try await harness.enabler.preauthorize(
            PreauthorizeRequest(resources: ["premium"], disabledFeatures: [.localCache, .remoteCache]))
        #expect(plain["premium"]?.isAuthorized == false)
        // REST v2 always reports enhanced errors; v1 only when the integration has them on.
        #expect((plain["premium"]?.error != nil) == (backend == .restV2))
    }

    @Test(arguments: allBackends)
    func aServerErrorForTheWholeCallIsThrownWithItsStatus(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        let body =
            #"{"status":400,"code":"bad_request","message":"Missing required parameter : deviceId","details":"","helpUrl":"https://help","trace":"trace-1","action":"none"}"#
        await harness.emulator.inject(
            .status(400, body: body, contentType: "application/json"), on: backend.preauthorizeRoute)
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
        }
        #expect(
            error?.status
                == Status(
                    status: 400, code: "bad_request", message: "Missing required parameter : deviceId",
                    details: "", helpUrl: "https://help", trace: "trace-1", action: Status.Action.none))
    }

    @Test(arguments: allBackends)
    func moreResourcesThanTheServerAllowsIsTooManyResources(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        await harness.emulator.setMaxPreauthorizeResources(2)
        let error = await #expect(throws: AccessEnablerError.self) {
            try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news", "sports", "movies"]))
        }
        #expect(error == .tooManyResources)
        #expect(error?.status.status == 403)
        #expect(error?.action == .configuration)
    }

    @Test(arguments: allBackends)
    func decisionsAreDroppedOnReauthenticationAndLogout(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn("AutoCable")
        _ = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
        try await harness.enabler.authenticate(forceAuthentication: true, presenter: harness.presenter("Cablevision"))
        _ = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
        #expect(await harness.emulator.requests(to: backend.preauthorizeRoute).count == 2)
        try await harness.enabler.logout()
        try await harness.enabler.authenticate(presenter: harness.presenter("AutoCable"))
        _ = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news"]))
        #expect(await harness.emulator.requests(to: backend.preauthorizeRoute).count == 3)
    }

    @Test(arguments: allBackends)
    func emptyRequestsAreRejectedLocally(backend: AccessEnabler.Backend) async throws {
        let harness = Harness(backend: backend)
        try await harness.signIn()
        await #expect(throws: AccessEnablerError.invalidArgument) {
            try await harness.enabler.preauthorize(PreauthorizeRequest(resources: []))
        }
        await #expect(throws: AccessEnablerError.invalidArgument) {
            try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["news", ""]))
        }
    }
    /// The server's decisions are matched to the resources asked, whatever their order: an
    /// unasked resource is ignored, the first of two decisions for a resource wins, a resource
    /// without one gets an error decision (not cached), and a cached resource keeps its decision.
    @Test func decisionsAreMatchedToTheResourcesAskedWhateverTheServerSends() async throws {
        let answer = LockedValue<String?>(nil)
        let asked = LockedValue<[[String]]>([])
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let transport = AnsweringTransport(inner: emulator.transport) { request in
            guard request.url.path.contains("/decisions/preauthorize/"), let body = answer.withLock({ $0 }) else {
                return nil
            }
            let resources = (try? JSONDecoder().decode([String: [String]].self, from: request.body ?? Data()))?[
                "resources"]
            asked.withLock { $0.append(resources ?? []) }
            return HTTPTransportResponse(
                status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
        let harness = Harness(clock: clock, emulator: emulator) {
            $0.transport = transport
            $0.preauthorizeChunkSize = 10
        }
        try await harness.signIn()
        _ = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["a"]))
        answer.withLock {
            $0 =
                #"{"decisions":[{"resource":"d","authorized":true},{"resource":"x","authorized":true},"#
                + #"{"resource":"b","authorized":false,"source":"mvpd"},{"resource":"b","authorized":true}]}"#
        }
        let response = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["a", "b", "c", "d"]))
        #expect(response.decisions.map(\.id) == ["a", "b", "c", "d"])
        #expect(response["b"]?.isAuthorized == false)
        #expect(response["b"]?.source == .mvpd)
        #expect(response["c"]?.isAuthorized == false)
        #expect(response["c"]?.error?.code == AccessEnablerError.serverResponseFormatUnknown.code.rawValue)
        #expect(response["d"]?.isAuthorized == true)
        #expect(asked.withLock { $0 } == [["b", "c", "d"]], "a from the cache")

        answer.withLock { $0 = #"{"decisions":[{"resource":"c","authorized":true}]}"# }
        let again = try await harness.enabler.preauthorize(PreauthorizeRequest(resources: ["a", "b", "c", "d"]))
        #expect(again.decisions.map(\.isAuthorized) == [response["a"]!.isAuthorized, false, true, true])
        #expect(asked.withLock { $0 } == [["b", "c", "d"], ["c"]], "b and d from the cache; only c asked again")
    }
}

/// A transport that lets `answer` reply to a request, or `inner` when it returns nil.
final class AnsweringTransport: HTTPTransport {
    let inner: any HTTPTransport
    let answer: @Sendable (HTTPTransportRequest) -> HTTPTransportResponse?

    init(inner: any HTTPTransport, answer: @escaping @Sendable (HTTPTransportRequest) -> HTTPTransportResponse?) {
        self.inner = inner
        self.answer = answer
    }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        if let response = answer(request) { return response }
        return try await inner.send(request)
    }
}
