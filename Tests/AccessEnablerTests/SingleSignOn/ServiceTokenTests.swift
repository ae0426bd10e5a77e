import AccessEnabler
import AccessEnablerTesting
import Foundation
import Testing

/// Single sign-on across devices with a service token (REST API v2 `AD-Service-Token`), end to
/// end against the emulator: two devices (separate storage, separate device IDs) of one viewer,
/// whose app gives the same identity on both.
@Suite(.timeLimit(.minutes(2))) struct ServiceTokenTests {
    static let viewer = "viewer-1"

    /// Device 1 signs in with Cablevision while its app gives a token for `viewer`.
    static func signInOnDeviceOne(_ clock: TestClock, _ emulator: PassEmulator) async throws -> Harness {
        let desk = TokenDesk([ServiceTokenIssuer.emulator.token(viewer, on: clock)])
        let device = Harness(clock: clock, emulator: emulator) { $0.serviceTokenProvider = desk.provider }
        try await device.signIn()
        return device
    }

    @Test func aSecondDeviceWithATokenForTheSameViewerIsSignedIn() async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let first = try await Self.signInOnDeviceOne(clock, emulator)

        let desk = TokenDesk([ServiceTokenIssuer.emulator.token(Self.viewer, on: clock)])
        let second = Harness(clock: clock, emulator: emulator) { $0.serviceTokenProvider = desk.provider }
        try await second.configure()
        #expect(await second.enabler.checkAuthentication().isAuthenticated == false, "nothing stored on device 2")
        let status = try await second.enabler.refreshAuthentication()
        let authentication = try #require(status.authentication)
        #expect(authentication.mvpd.id == "Cablevision")
        #expect(authentication.userID == "alice-user-id")
        #expect(authentication.profileType == "serviceTokenSSO")
        #expect(second.storage.keysHoldingAuthentication)
        let token = try await second.enabler.authorize(resource: "news")
        #expect(token.mvpdID == "Cablevision")
        #expect(desk.reasons == [.initial], "one question for the whole launch")
        #expect(await first.enabler.checkAuthentication().isAuthenticated, "device 1 is still signed in")

        // Another viewer's token finds nothing.
        let stranger = Harness(clock: clock, emulator: emulator) {
            $0.serviceTokenProvider = TokenDesk([ServiceTokenIssuer.emulator.token("viewer-2", on: clock)]).provider
        }
        try await stranger.configure()
        #expect(try await stranger.enabler.refreshAuthentication().isAuthenticated == false)
    }

    @Test func anExpiredTokenIsReplacedOnceThroughTheProvider() async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        _ = try await Self.signInOnDeviceOne(clock, emulator)
        let shortLived = ServiceTokenIssuer.emulator.token(Self.viewer, on: clock, lifetime: 600)
        let desk = TokenDesk([shortLived])
        let device = Harness(clock: clock, emulator: emulator) { $0.serviceTokenProvider = desk.provider }
        try await device.configure()
        try await device.enabler.refreshAuthentication()
        #expect(desk.reasons == [.initial])

        clock.advance(by: .seconds(900))
        let renewed = ServiceTokenIssuer.emulator.token(Self.viewer, on: clock)
        desk.script([renewed])
        await emulator.clearRequestLog()
        // Concurrent calls share the one question.
        async let news = device.enabler.authorize(resource: "news")
        async let sports = device.enabler.authorize(resource: "sports")
        _ = try await (news, sports)
        _ = try await device.enabler.preauthorize(PreauthorizeRequest(resources: ["kids"]))
        #expect(desk.reasons == [.initial, .expired], "asked again once, when the token had expired")
        let sent = await emulator.requests.compactMap { $0.headers["AD-Service-Token"] }
        #expect(sent.count == 3)
        #expect(sent.allSatisfy { $0 == renewed }, "only the new token is sent")
    }

    @Test func anExpiredTokenIsAskedForAheadOfItsExpiry() async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let desk = TokenDesk([ServiceTokenIssuer.emulator.token(Self.viewer, on: clock, lifetime: 60)])
        let device = Harness(clock: clock, emulator: emulator) { $0.serviceTokenProvider = desk.provider }
        try await device.configure()
        try await device.enabler.refreshAuthentication()
        clock.advance(by: .seconds(55))
        desk.script([ServiceTokenIssuer.emulator.token(Self.viewer, on: clock)])
        try await device.enabler.refreshAuthentication()
        #expect(desk.reasons == [.initial, .expired], "5 s before its exp a token could expire on its way")
    }

    @Test func aRefusedTokenFailsWithTheDocumentedErrorAndNothingIsStored() async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        _ = try await Self.signInOnDeviceOne(clock, emulator)
        // Signed by a key the service provider does not know: a forged subject.
        let good = ServiceTokenIssuer.emulator.token(Self.viewer, on: clock).split(separator: ".")
        let other = ServiceTokenIssuer.emulator.token("viewer-2", on: clock).split(separator: ".")
        let forged = [good[0], other[1], good[2]].joined(separator: ".")
        let desk = TokenDesk([forged])
        let device = Harness(clock: clock, emulator: emulator) { $0.serviceTokenProvider = desk.provider }
        try await device.configure()
        let loginPages = await emulator.requests(to: .authenticateV2).count

        let error = await #expect(throws: AccessEnablerError.self) {
            try await device.enabler.refreshAuthentication()
        }
        #expect(error?.code == "invalid_header_service_token")
        #expect(error?.status.status == 400)
        #expect(error?.action == Status.Action.none)
        #expect(desk.reasons == [.initial, .refused], "asked again once after the refusal")
        #expect(await emulator.requests(to: .profiles).count == 1, "the same token is not sent twice")
        #expect(await device.enabler.checkAuthentication().isAuthenticated == false)
        #expect(!device.storage.keysHoldingAuthentication, "nothing stored")

        let login = await #expect(throws: AccessEnablerError.self) {
            try await device.enabler.authenticate(presenter: device.presenter("Cablevision"))
        }
        #expect(login?.code == "invalid_header_service_token")
        #expect(await emulator.requests(to: .authenticateV2).count == loginPages, "no login page for a refused session")
        #expect(!device.storage.keysHoldingAuthentication)
    }

    @Test func aRefusedTokenReplacedByTheProviderIsSentAgainOnce() async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        _ = try await Self.signInOnDeviceOne(clock, emulator)
        let expired = ServiceTokenIssuer.emulator.token(Self.viewer, on: clock, lifetime: -60)
        let fresh = ServiceTokenIssuer.emulator.token(Self.viewer, on: clock)
        // The app's own clock ran ahead: it gives a token the service provider's clock calls
        // expired, and a good one when told it was refused.
        let desk = TokenDesk([expired, fresh])
        let device = Harness(clock: clock, emulator: emulator) { $0.serviceTokenProvider = desk.provider }
        try await device.configure()
        #expect(try await device.enabler.refreshAuthentication().isAuthenticated)
        #expect(desk.reasons == [.initial, .refused], "one question per request: the refusal asks again")
        let sent = await emulator.requests(to: .profiles).compactMap { $0.headers["AD-Service-Token"] }
        #expect(sent == [expired, fresh])
        #expect(
            device.logLines.all.contains { $0.message.contains("expired on the SDK's clock") },
            "the log says an expired token was sent all the same")
    }

    /// The viewer signed out of the app's identity service: the SDK stops sending the token it
    /// held and asks again.
    @Test func aDiscardedTokenIsAskedForAgain() async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let token = ServiceTokenIssuer.emulator.token(Self.viewer, on: clock)
        let desk = TokenDesk([token])
        let device = Harness(clock: clock, emulator: emulator) { $0.serviceTokenProvider = desk.provider }
        try await device.configure()
        try await device.enabler.refreshAuthentication()
        desk.script([nil])
        await device.enabler.discardServiceToken()
        try await device.enabler.refreshAuthentication()
        #expect(desk.reasons == [.initial, .initial])
        #expect(await emulator.requests(to: .profiles).map { $0.headers["AD-Service-Token"] } == [token, nil])
    }

    /// Device 2, signed in by the token of `viewer` (a `serviceTokenSSO` profile), with its desk.
    static func signInOnDeviceTwo(_ clock: TestClock, _ emulator: PassEmulator) async throws -> (Harness, TokenDesk) {
        _ = try await signInOnDeviceOne(clock, emulator)
        let desk = TokenDesk([ServiceTokenIssuer.emulator.token(viewer, on: clock)])
        let device = Harness(clock: clock, emulator: emulator) { $0.serviceTokenProvider = desk.provider }
        try await device.configure()
        #expect(try await device.enabler.refreshAuthentication().authentication?.profileType == "serviceTokenSSO")
        return (device, desk)
    }

    /// The identity service cannot say who the viewer is (the provider throws): the call fails with
    /// `service_token_unavailable`, nothing is sent, and the sign-in stays, where a request sent
    /// without the token would have made the service provider answer "no profile".
    @Test func aProviderThatThrowsFailsTheCallAndKeepsTheSignIn() async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let (device, desk) = try await Self.signInOnDeviceTwo(clock, emulator)
        desk.setDown(true)
        await device.enabler.discardServiceToken()
        await emulator.clearRequestLog()

        let error = await #expect(throws: AccessEnablerError.serviceTokenUnavailable) {
            try await device.enabler.refreshAuthentication()
        }
        #expect(error?.status.status == 0)
        #expect(error?.action == .retry)
        await #expect(throws: AccessEnablerError.serviceTokenUnavailable) {
            _ = try await device.enabler.authorize(resource: "news")
        }
        #expect(await emulator.requests(to: .profiles).isEmpty, "nothing sent without the token")
        #expect(await emulator.requests(to: .authorizeDecisions).isEmpty)
        #expect(await device.enabler.checkAuthentication().isAuthenticated, "the sign-in stays")
        #expect(device.storage.keysHoldingAuthentication)
        #expect(
            device.logLines.all.contains { $0.level == .error && $0.message.contains("provider failed (Unreachable)") })

        desk.setDown(false)
        #expect(try await device.enabler.refreshAuthentication().isAuthenticated)
        _ = try await device.enabler.authorize(resource: "news")
        #expect(desk.reasons.suffix(3) == [.initial, .initial, .initial], "asked again on each call, never kept")
    }

    /// The app gives no token (nil: no identity now) to a device whose sign-in the service provider
    /// keeps under the token: the profiles answer to a request without it cannot speak for that
    /// sign-in, which stays. One sent with a token that finds nothing removes it as before.
    @Test func aServiceTokenSignInStaysWhenTheProfilesRequestCarriedNone() async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let (device, desk) = try await Self.signInOnDeviceTwo(clock, emulator)
        desk.script([nil])
        await device.enabler.discardServiceToken()
        await emulator.clearRequestLog()

        #expect(try await device.enabler.refreshAuthentication().isAuthenticated, "kept")
        #expect(await emulator.requests(to: .profiles).map { $0.headers["AD-Service-Token"] } == [nil])
        #expect(device.storage.keysHoldingAuthentication)
        #expect(device.logLines.all.contains { $0.message.contains("carried no service token") })

        // A token for another viewer is sent, and the service provider holds nothing for it.
        desk.script([ServiceTokenIssuer.emulator.token("viewer-2", on: clock)])
        await device.enabler.discardServiceToken()
        #expect(try await device.enabler.refreshAuthentication().isAuthenticated == false, "removed")
        #expect(!device.storage.keysHoldingAuthentication)
    }

    @Test func withoutATokenNothingIsSent() async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let desk = TokenDesk([nil])
        let withProvider = Harness(clock: clock, emulator: emulator) { $0.serviceTokenProvider = desk.provider }
        try await withProvider.signIn()
        _ = try await withProvider.enabler.authorize(resource: "news")
        #expect(!desk.reasons.isEmpty, "the provider was asked")
        #expect(desk.reasons.allSatisfy { $0 == .initial }, "and asked again while it gives none")
        let withoutProvider = Harness(clock: clock, emulator: emulator)
        try await withoutProvider.signIn()
        #expect(await emulator.requests.allSatisfy { $0.headers["AD-Service-Token"] == nil })
    }

    @Test func aTokenThatIsNotACompactJWSIsNotSentAndTheLogSaysSo() async throws {
        let clock = TestClock()
        let token = ServiceTokenIssuer.emulator.token(Self.viewer, on: clock)
        for malformed in ["\(token)\r\nX-Injected: 1", "one.two", "a b.c.d"] {
            let emulator = PassEmulator(clock: clock)
            let device = Harness(clock: clock, emulator: emulator) {
                $0.serviceTokenProvider = TokenDesk([malformed]).provider
            }
            try await device.signIn()
            #expect(await emulator.requests.allSatisfy { $0.headers["AD-Service-Token"] == nil })
            #expect(device.logLines.all.contains { $0.level == .error && $0.message.contains("not a compact JWS") })
        }
        // Whitespace around a token (read from a file, an environment variable) is not part of it.
        let emulator = PassEmulator(clock: clock)
        let device = Harness(clock: clock, emulator: emulator) {
            $0.serviceTokenProvider = TokenDesk([" \(token)\n"]).provider
        }
        try await device.signIn()
        #expect(await emulator.requests(to: .createSession).first?.headers["AD-Service-Token"] == token)
    }

    @Test func restAPIv1NeverAsksForAToken() async throws {
        let desk = TokenDesk(["a.b.c"])
        let device = Harness(backend: .restV1) { $0.serviceTokenProvider = desk.provider }
        try await device.signIn()
        #expect(desk.reasons.isEmpty)
        #expect(device.logLines.all.contains { $0.message.contains("REST API v1 has no AD-Service-Token") })
    }

    /// No token appears in a log line, an error's description or dump, or the emulator's request
    /// log as its server serves it (redacted).
    @Test func noTokenAppearsInLogsOrErrors() async throws {
        let clock = TestClock()
        let emulator = PassEmulator(clock: clock)
        let first = try await Self.signInOnDeviceOne(clock, emulator)
        let expired = ServiceTokenIssuer.emulator.token(Self.viewer, on: clock, lifetime: -1)
        let good = ServiceTokenIssuer.emulator.token(Self.viewer, on: clock)
        let desk = TokenDesk([expired, expired, good])
        let device = Harness(clock: clock, emulator: emulator) { $0.serviceTokenProvider = desk.provider }
        try await device.configure()
        var errors: [any Error] = []
        func attempt(_ body: () async throws -> Void) async {
            do { try await body() } catch { errors.append(error) }
        }
        await attempt { try await device.enabler.refreshAuthentication() }
        desk.script([expired])
        clock.advance(by: .seconds(7200))
        await attempt { _ = try await device.enabler.authorize(resource: "news") }
        await attempt { try await device.enabler.refreshAuthentication() }
        await attempt { try await device.enabler.authenticate(presenter: device.presenter("Cablevision")) }
        #expect(errors.count >= 2)

        var texts = (device.logLines.all + first.logLines.all).map(\.message)
        for error in errors {
            var dumped = ""
            dump(error, to: &dumped)
            texts += [String(describing: error), String(reflecting: error), error.localizedDescription, dumped]
        }
        texts += await emulator.requests.map { String(describing: $0.redacted()) }
        let secrets = Set(desk.given + [expired, good]).flatMap { token in
            // The whole token and its signature, which alone would identify it.
            [token, String(token.split(separator: ".").last ?? "")]
        }
        #expect(!texts.isEmpty && !secrets.isEmpty)
        for secret in secrets where secret.count >= 16 {
            for (index, text) in texts.enumerated() where text.contains(secret) {
                Issue.record("text #\(index) of \(texts.count) contains a \(secret.count)-character service token")
            }
        }
    }
}
