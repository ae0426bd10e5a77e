import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// The second screen against a hostile service provider between the TV and the emulator: answers
/// rewritten on their way to the TV.
@Suite(.timeLimit(.minutes(5))) struct HostilePeerTests {
    /// Lets `inner` answer, then hands each answer to `rewrite`.
    struct RewritingTransport: HTTPTransport {
        let inner: any HTTPTransport
        let rewrite: @Sendable (HTTPTransportRequest, HTTPTransportResponse) -> HTTPTransportResponse

        func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
            rewrite(request, try await inner.send(request))
        }
    }

    /// A TV whose answers pass through `rewrite`, and a phone talking to the emulator directly.
    struct Pair {
        let tv: Harness
        let phone: Harness

        init(rewrite: @escaping @Sendable (HTTPTransportRequest, HTTPTransportResponse) -> HTTPTransportResponse) {
            let clock = TestClock()
            let emulator = PassEmulator(clock: clock)
            tv = Harness(clock: clock, emulator: emulator) {
                $0.activationURL = emulator.activationURL
                $0.transport = RewritingTransport(inner: emulator.transport, rewrite: rewrite)
            }
            phone = Harness(clock: clock, emulator: emulator) {
                $0.redirectURL = URL(string: "adbe.companion://adobe.com")!
            }
        }

        var clock: TestClock { tv.clock }
        var emulator: PassEmulator { tv.emulator }
    }

    /// The JSON object of a response body.
    static func object(_ response: HTTPTransportResponse) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
    }

    static func response(_ response: HTTPTransportResponse, with object: [String: Any]) -> HTTPTransportResponse {
        var copy = response
        copy.body = (try? JSONSerialization.data(withJSONObject: object)) ?? response.body
        return copy
    }

    /// A profile-by-code answer whose profiles are renamed: each MVPD's profile goes under the
    /// names `names` gives it.
    static func renamingProfiles(_ names: @escaping @Sendable (String) -> [String])
        -> @Sendable (HTTPTransportRequest, HTTPTransportResponse) -> HTTPTransportResponse
    {
        { request, response in
            guard request.url.path.contains("/profiles/code/"), var body = object(response),
                let profiles = body["profiles"] as? [String: Any], !profiles.isEmpty
            else { return response }
            var renamed: [String: Any] = [:]
            for (mvpd, profile) in profiles {
                for name in names(mvpd) { renamed[name] = profile }
            }
            body["profiles"] = renamed
            return Self.response(response, with: body)
        }
    }

    /// Shows a code on the TV, signs in with `mvpd` on the phone, and returns the TV's next state
    /// (its first poll after the sign-in).
    static func signIn(_ pair: Pair, preselected: String? = nil, on mvpd: String = "Cablevision") async throws
        -> SecondScreenSignIn.State?
    {
        try await pair.tv.configure()
        try await pair.phone.configure()
        var iterator = pair.tv.enabler.secondScreenSignIn(mvpdID: preselected).makeAsyncIterator()
        guard case .showCode(let code) = try await iterator.next(awaiting: "the code shown") else {
            throw CancellationError()
        }
        try await pair.phone.enabler.activate(code: code.code, mvpdID: mvpd, presenter: pair.phone.presenter(mvpd))
        let next = Task { [iterator] in
            var iterator = iterator
            return try await iterator.next()
        }
        await eventually { pair.clock.pendingSleeps == 1 }
        pair.clock.advance(by: .seconds(3))
        return try await next.value(awaiting: "the next second-screen state")
    }

    @Test func aProfileForAnMVPDTheRequestorDoesNotOfferIsRefused() async throws {
        let pair = Pair(rewrite: Self.renamingProfiles { _ in ["EvilMVPD"] })
        let error = await #expect(throws: AccessEnablerError.self) { try await Self.signIn(pair) }
        #expect(error == .providerNotAvailable)
        #expect(error?.status.details?.contains("EvilMVPD") == true)
        #expect(await pair.tv.enabler.checkAuthentication().isAuthenticated == false)
        #expect(!pair.tv.storage.keysHoldingAuthentication, "nothing stored for the foreign MVPD")
    }

    @Test(arguments: [nil, "Cablevision"])
    func withTwoProfilesTheActivatedMVPDsIsTaken(preselected: String?) async throws {
        // AutoCable sorts before Cablevision: the first key is the wrong one.
        let pair = Pair(rewrite: Self.renamingProfiles { [$0, "AutoCable"] })
        let state = try await Self.signIn(pair, preselected: preselected)
        guard case .authenticated(let authentication)? = state else {
            Issue.record("not authenticated")
            return
        }
        #expect(authentication.mvpd.id == "Cablevision")
        #expect(await pair.tv.enabler.checkAuthentication().authentication?.mvpd.id == "Cablevision")
        let asked = await pair.emulator.requests(to: .sessionInfo).count
        #expect(
            asked == (preselected == nil ? 2 : 1),
            "the TV asks which MVPD was activated only when it did not preselect one")
    }

    @Test func aPreselectedMVPDsProfileIsTheOnlyOneAccepted() async throws {
        let pair = Pair(rewrite: Self.renamingProfiles { _ in ["AutoCable"] })
        await #expect(throws: AccessEnablerError.providerNotAvailable) {
            try await Self.signIn(pair, preselected: "Cablevision")
        }
        #expect(!pair.tv.storage.keysHoldingAuthentication)
    }

    /// One `429` asking for a wait of 31,000 years: the TV waits at most a minute, then polls on.
    @Test func aHugeRetryAfterIsBounded() async throws {
        let pair = Pair(rewrite: { _, response in response })
        try await pair.tv.configure()
        var iterator = pair.tv.enabler.secondScreenSignIn().makeAsyncIterator()
        guard case .showCode = try await iterator.next(awaiting: "the code shown") else { throw CancellationError() }
        await pair.emulator.inject(.tooManyRequests(retryAfter: "1000000000000"), on: .profileForCode)
        let next = Task { [iterator] in
            var iterator = iterator
            return try await iterator.next()
        }
        await eventually { pair.clock.pendingSleeps == 1 }
        pair.clock.advance(by: .seconds(3))
        await eventually { pair.tv.logLines.all.contains { $0.message.contains("throttled") } }
        let line = try #require(pair.tv.logLines.all.first { $0.message.contains("throttled") })
        #expect(line.message.contains("next poll in 60.0 seconds"), "\(line.message)")
        guard line.message.contains("next poll in 60.0 seconds") else {
            next.cancel()
            return
        }
        await eventually { pair.clock.pendingSleeps == 1 }
        pair.clock.advance(by: .seconds(60))
        await eventually { await pair.emulator.requests(to: .profileForCode).count == 2 }
        next.cancel()
        _ = try? await next.value(awaiting: "the next second-screen state")
    }

    /// A `notAfter` in the year 3000: the code is polled for an hour at most.
    @Test func aFarFutureExpiryIsBounded() async throws {
        let pair = Pair(rewrite: { request, response in
            guard request.url.path.hasSuffix("/sessions"), var body = Self.object(response) else { return response }
            body["notAfter"] = "32503680000000"
            return Self.response(response, with: body)
        })
        try await pair.tv.configure()
        let started = pair.clock.now
        var iterator = pair.tv.enabler.secondScreenSignIn().makeAsyncIterator()
        guard case .showCode(let code) = try await iterator.next(awaiting: "the code shown") else {
            throw CancellationError()
        }
        #expect(code.expires == started.addingTimeInterval(3600))
    }

    /// Codes a screen should not show: a line feed forging a second line, control characters,
    /// spaces, markup, too short or too long.
    @Test(arguments: [
        "8ER640M\nCode: FAKE", "8ER\u{1B}[2J640M", "8ER 640M", "<b>8ER640M</b>", "ABC",
        String(repeating: "A", count: 17),
    ])
    func anImplausibleCodeIsRefused(code: String) async throws {
        let pair = Pair(rewrite: { request, response in
            guard request.url.path.hasSuffix("/sessions"), var body = Self.object(response) else { return response }
            body["code"] = code
            return Self.response(response, with: body)
        })
        try await pair.tv.configure()
        var iterator = pair.tv.enabler.secondScreenSignIn().makeAsyncIterator()
        await #expect(throws: AccessEnablerError.serverResponseFormatUnknown) {
            try await iterator.next(awaiting: "the refused code")
        }
    }

    @Test(arguments: ["8ER640M", "abcd", "0123456789ABCDEF"])
    func plausibleCodesAreShown(code: String) async throws {
        let pair = Pair(rewrite: { request, response in
            guard request.url.path.hasSuffix("/sessions"), var body = Self.object(response) else { return response }
            body["code"] = code
            return Self.response(response, with: body)
        })
        try await pair.tv.configure()
        var iterator = pair.tv.enabler.secondScreenSignIn().makeAsyncIterator()
        guard case .showCode(let shown) = try await iterator.next(awaiting: "the code shown") else {
            throw CancellationError()
        }
        #expect(shown.code == code)
    }
}
