import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

@Suite(.timeLimit(.minutes(5))) struct RequestLogTests {
    @Test func recordsWhatWasSent() async throws {
        let harness = try await Harness.make()
        _ = try await harness.v1("/api/v1/authorize", [("resource", "news & more"), ("generic_data", "a+b")])
        let record = try #require(await harness.emulator.requests(to: .authorize).first)
        #expect(record.method == "GET")
        #expect(record.path == "/api/v1/authorize")
        #expect(record.query("requestor") == "REF")
        #expect(record.query("deviceId") == Harness.deviceID)
        #expect(record.query("resource") == "news & more")
        #expect(record.query("generic_data") == "a+b")
        #expect(record.headers["Authorization"] == "Bearer \(harness.token)")
        #expect(record.headers["X-Device-Info"] == Harness.deviceInfo)
        #expect(record.responseStatus == 412)
        #expect(record.date == harness.clock.now)

        let registration = try #require(await harness.emulator.requests(to: .register).first)
        #expect(registration.bodyText?.contains("software_statement") == true)
        let token = try #require(await harness.emulator.requests(to: .token).first)
        #expect(token.formValue("grant_type") == "client_credentials")
        #expect(await harness.emulator.requests.map(\.id) == [1, 2, 3])
    }

    /// The secrets of a whole session: the software statement, the client secret, the bearer
    /// token, the MVPD password and the device identifier (v1 and v2 spellings).
    static func secrets(of harness: Harness) -> [String] {
        [
            "software-statement", harness.clientSecret, harness.token, "alice-password", Harness.deviceID,
            Harness.deviceIdentifier(Harness.deviceID),
        ]
    }

    /// A v1 call, a v2 login with the MVPD's password form, and the DCR calls of `Harness.make`.
    static func sessionWithSecrets() async throws -> Harness {
        let harness = try await Harness.make()
        _ = try await harness.v1("/api/v1/authorize", [("resource", "news")])
        _ = try await harness.loginV2()
        return harness
    }

    @Test func theServedLogHoldsNoSecret() async throws {
        let harness = try await Self.sessionWithSecrets()
        let served = try await harness.emulator.handle(HTTPTransportRequest(url: harness.url("/emulator/requests")))
        #expect(served.status == 200)
        let text = String(decoding: served.body, as: UTF8.self)
        #expect(text.contains("/o/client/register") && text.contains("/api/v1/authorize"), "the log is served")
        for (index, secret) in Self.secrets(of: harness).enumerated() {
            // Computed first: a failing #expect prints its operands, and the secret with them.
            let leaked = text.contains(secret)
            #expect(!leaked, "GET /emulator/requests serves secret #\(index) (\(secret.count) characters)")
        }
        #expect(text.contains(EmulatorRequestRecord.redactedValue))
        #expect(text.contains("Bearer <redacted>"), "the scheme stays")
        // In process the log is kept whole unless asked: tests read what was sent.
        #expect(await harness.emulator.requests(to: .authorize).first?.query("deviceId") == Harness.deviceID)
    }

    @Test func aRedactingLogKeepsNoSecret() async throws {
        let harness = try await Harness.make()
        await harness.emulator.setRequestLogRedaction(true)
        await harness.emulator.clearRequestLog()
        _ = try await harness.emulator.handle(Harness.registerRequest(harness.baseURL))
        _ = try await harness.emulator.handle(
            Harness.tokenRequest(
                harness.baseURL, clientID: harness.clientID,
                secret: harness.clientSecret))
        _ = try await harness.v1("/api/v1/authorize", [("resource", "news")])
        _ = try await harness.loginV2()
        let kept = await harness.emulator.requests
        let text = String(decoding: try JSONEncoder().encode(kept), as: UTF8.self)
        for (index, secret) in Self.secrets(of: harness).enumerated() {
            // Computed first: a failing #expect prints its operands, and the secret with them.
            let leaked = text.contains(secret)
            #expect(!leaked, "the kept log holds secret #\(index) (\(secret.count) characters)")
        }
        let login = try #require(kept.first { $0.method == "POST" && $0.formValue("username") == "alice" })
        #expect(login.formValue("password") == EmulatorRequestRecord.redactedValue)
        #expect(kept.first { $0.route == .token }?.formValue("grant_type") == "client_credentials", "the rest stays")
        #expect(kept.first { $0.route == .authorize }?.query("resource") == "news")
    }

    static func record(
        id: Int = 1, path: String, query: [EmulatorRequestRecord.QueryItem] = [], body: String? = nil
    ) -> EmulatorRequestRecord {
        EmulatorRequestRecord(
            id: id, route: nil, method: "POST", path: path, queryItems: query, headers: [:],
            body: body.map { Data($0.utf8) }, date: Date(timeIntervalSince1970: 0))
    }

    @Test func aJSONBodyThatDoesNotParseIsRedactedWhole() async throws {
        let broken = Self.record(path: "/o/client/register", body: #" {"software_statement": "broken-secret", "x": "#)
        #expect(broken.redacted().bodyText == EmulatorRequestRecord.redactedValue)
        // Cut inside a multi-byte character: not even UTF-8 any more.
        var cut = Self.record(path: "/o/client/register", body: #"{"client_secret": "cut-secret", "name": "é"#)
        cut.body = cut.body?.dropLast()
        #expect(cut.redacted().bodyText == EmulatorRequestRecord.redactedValue)

        // A body the log cut at 64 KiB no longer parses; the served log must not show it.
        let harness = try await Harness.make()
        let padding = String(repeating: "x", count: 70_000)
        let body = #"{"software_statement": "cut-statement-secret", "padding": "\#(padding)"}"#
        _ = try await harness.emulator.handle(
            HTTPTransportRequest(method: .post, url: harness.url("/o/client/register"), body: Data(body.utf8)))
        let served = try await harness.emulator.handle(HTTPTransportRequest(url: harness.url("/emulator/requests")))
        let text = String(decoding: served.body, as: UTF8.self)
        #expect(text.contains("/o/client/register"))
        let leaked = text.contains("cut-statement-secret")
        #expect(!leaked, "the cut body's software statement is served")
    }

    @Test func authenticationCodesAreRedactedInPathsAndQueries() {
        let code = "X7K2PQ"
        for path in [
            "/api/v2/REF/sessions/\(code)", "/api/v2/REF/sessions/\(code).json", "/api/v2/REF/profiles/code/\(code)",
            "/api/v2/authenticate/REF/\(code)", "/api/v2/sessions/REF/\(code)",
        ] {
            let redacted = Self.record(path: path).redacted()
            #expect(!redacted.path.contains(code), "\(path) keeps its code")
            #expect(redacted.path.hasPrefix("/api/v2/"), "the rest of \(path) stays")
        }
        let activation = Self.record(path: "/activate", query: [.init(name: "code", value: code)]).redacted()
        #expect(activation.query("code") == EmulatorRequestRecord.redactedValue)
        let form = Self.record(path: "/activate", body: "code=\(code)&mvpd=Cablevision").redacted()
        #expect(form.formValue("code") == EmulatorRequestRecord.redactedValue)
        #expect(form.formValue("mvpd") == "Cablevision")
        #expect(Self.record(path: "/api/v2/REF/sessions/sso/Apple").redacted().path == "/api/v2/REF/sessions/sso/Apple")
        #expect(Self.record(path: "/api/v2/REF/sessions").redacted().path == "/api/v2/REF/sessions")
    }

    @Test func turningRedactionOnRedactsTheRecordsAlreadyKept() async throws {
        let harness = try await Self.sessionWithSecrets()
        await harness.emulator.setRequestLogRedaction(true)
        let kept = await harness.emulator.requests
        #expect(kept.contains { $0.route == .authorize }, "the records stay")
        let text = String(decoding: try JSONEncoder().encode(kept), as: UTF8.self)
        for (index, secret) in Self.secrets(of: harness).enumerated() {
            // Computed first: a failing #expect prints its operands, and the secret with them.
            let leaked = text.contains(secret)
            #expect(!leaked, "a record kept before redaction holds secret #\(index) (\(secret.count) characters)")
        }
        // What is served is what is kept, not redacted again into something else.
        let served = try await harness.emulator.handle(HTTPTransportRequest(url: harness.url("/emulator/requests")))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        #expect(try decoder.decode([EmulatorRequestRecord].self, from: served.body) == kept)
    }

    @Test func theLogIsBoundedInCountAndBytes() async throws {
        let harness = try await Harness.make()
        await harness.emulator.setRequestLogLimits(maximumRecords: 5, maximumBytes: 1 << 20)
        for _ in 0..<8 { _ = try await harness.v1("/api/v1/config/REF") }
        let kept = await harness.emulator.requests
        #expect(kept.count == 5)
        #expect(kept.map(\.id) == Array(6...10), "the oldest go first (1 and 2 registered the client)")
        #expect(await harness.emulator.requestCount(to: .configuration) == 8, "arrivals are still counted")

        // 1 MB bodies: a body is kept up to 64 KiB, and the bytes bound drops the oldest.
        await harness.emulator.setRequestLogLimits(maximumRecords: 10_000, maximumBytes: 200_000)
        let big = String(repeating: "x", count: 1_000_000)
        for _ in 0..<5 {
            _ = try await harness.emulator.handle(
                HTTPTransportRequest(
                    method: .post, url: harness.url("/api/v1/config/REF"), body: Data(big.utf8)))
        }
        let bounded = await harness.emulator.requests
        #expect(bounded.allSatisfy { ($0.body?.count ?? 0) <= 64 << 10 })
        let bytes = bounded.reduce(0) { $0 + ($1.body?.count ?? 0) }
        #expect(bytes <= 200_000)
        #expect(bounded.count >= 2 && bounded.last?.body?.count == 64 << 10)
    }

    @Test func theByteCountFollowsFailuresRecordedAfterArrival() {
        var log = RequestLog()
        log.maximumBytes = 100_000
        func logFailedRequest() {
            let id = log.append(route: .configuration) { Self.record(id: $0, path: "/api/v1/config/REF") }.id
            log.complete(id, status: nil, failure: String(repeating: "timed out ", count: 1_000))
        }
        for _ in 0..<3 { logFailedRequest() }
        #expect(log.bytes == log.records.reduce(0) { $0 + $1.approximateSize })
        for _ in 0..<200 { logFailedRequest() }
        let kept = log.records.reduce(0) { $0 + $1.approximateSize }
        #expect(log.bytes == kept)
        #expect(kept <= 100_000 && !log.records.isEmpty, "the bytes bound holds")
    }

    @Test func aFullLogShedsATenthAtOnce() {
        var log = RequestLog()
        log.maximumRecords = 100
        for _ in 0..<101 { _ = log.append(route: .configuration) { Self.record(id: $0, path: "/api/v1/config/REF") } }
        #expect(log.records.count == 90)
        #expect(log.records.first?.id == 12, "the oldest went")
        for _ in 0..<10 { _ = log.append(route: .configuration) { Self.record(id: $0, path: "/api/v1/config/REF") } }
        #expect(log.records.count == 100, "no trim until the bound is passed again")
    }

    @Test func clearingTheLog() async throws {
        let harness = try await Harness.make()
        await harness.emulator.clearRequestLog()
        #expect(await harness.emulator.requests.isEmpty)
        _ = try await harness.v1("/api/v1/config/REF")
        #expect(await harness.emulator.requests.map(\.route) == [.configuration])
        let delete = try await harness.emulator.handle(
            HTTPTransportRequest(method: .delete, url: harness.url("/emulator/requests")))
        #expect(delete.status == 204)
        #expect(await harness.emulator.requests.isEmpty)
    }

    /// "At once" as an ordering fact, not a duration: the waits run in a task cancelled before
    /// they start, where any wait would throw `CancellationError` (as in
    /// ``aWaitInACancelledTaskThrowsAtOnce()``), so returning shows none began.
    @Test func waitForRequestsReturnsAtOnceWhenTheyAlreadyArrived() async throws {
        let harness = try await Harness.make()
        let waits = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await harness.emulator.waitForRequests(to: .register, count: 1)
            try await harness.emulator.waitForRequests(to: .token, count: 0)
        }
        try await waits.value(awaiting: "the waits for requests that already arrived")
    }

    @Test func waitForRequestsResumesOnArrival() async throws {
        let harness = try await Harness.make()
        let waiter = Task { try await harness.emulator.waitForRequests(to: .authenticationToken, count: 3) }
        for _ in 0..<3 { _ = try await harness.v1("/api/v1/tokens/authn") }
        try await waiter.value(awaiting: "the waiting request")
        #expect(await harness.emulator.requests(to: .authenticationToken).count == 3)
    }

    @Test func waitForRequestsCountsArrivalsNotAnswers() async throws {
        let harness = try await Harness.make()
        let gate = EmulatorGate()
        await harness.emulator.inject(.hold(gate), on: .preauthorize, times: 2)
        let first = Task { try await harness.v1("/api/v1/preauthorize", [("resource", "news")]) }
        let second = Task { try await harness.v1("/api/v1/preauthorize", [("resource", "kids")]) }
        try await harness.emulator.waitForRequests(to: .preauthorize, count: 2)
        #expect(await harness.emulator.requests(to: .preauthorize).allSatisfy { $0.responseStatus == nil })
        gate.open()
        #expect(try await first.value(awaiting: "the first request").status == 412)
        #expect(try await second.value(awaiting: "the second request").status == 412)
    }

    @Test func cancellingAWaiter() async throws {
        let harness = try await Harness.make()
        let waiter = Task { try await harness.emulator.waitForRequests(to: .logout, count: 1) }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value(awaiting: "the waiting request") }
        // A later arrival finds no stale waiter to resume.
        _ = try await harness.v1("/api/v1/logout", method: .delete)
    }

    @Test func aWaitInACancelledTaskThrowsAtOnce() async throws {
        let harness = try await Harness.make()
        let waiter = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await harness.emulator.waitForRequests(to: .logout, count: 1)
        }
        await #expect(throws: CancellationError.self) { try await waiter.value(awaiting: "the waiting request") }
        // Satisfied waits still return, with no timer left from the cancelled one.
        _ = try await harness.v1("/api/v1/logout", method: .delete)
        try await harness.emulator.waitForRequests(to: .logout, count: 1)
    }

    @Test func loggingCanBeTurnedOffWhileArrivalsAreStillCounted() async throws {
        let harness = try await Harness.make()
        await harness.emulator.setRequestLogging(false)
        _ = try await harness.v1("/api/v1/config/REF")
        try await harness.emulator.waitForRequests(to: .configuration, count: 1)
        #expect(await harness.emulator.requests.map(\.route) == [.register, .token])
        await harness.emulator.setRequestLogging(true)
        _ = try await harness.v1("/api/v1/tokens/authn")
        let last = try #require(await harness.emulator.requests.last)
        #expect(last.id == 4)
        #expect(last.responseStatus == 404)
        #expect(await harness.emulator.requests.first?.responseStatus == 201)
    }

    @Test func theLogOverHTTP() async throws {
        let harness = try await Harness.make()
        _ = try await harness.v1("/api/v1/config/REF")
        let response = try await harness.emulator.handle(HTTPTransportRequest(url: harness.url("/emulator/requests")))
        #expect(response.status == 200)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        let records = try decoder.decode([EmulatorRequestRecord].self, from: response.body)
        #expect(records.map(\.route) == [.register, .token, .configuration])
        let servedRedacted = records == (await harness.emulator.requests).map { $0.redacted() }
        #expect(servedRedacted, "served without secrets")
        // Control requests are not logged.
        #expect(await harness.emulator.requests.count == 3)
    }
}

@Suite(.timeLimit(.minutes(5))) struct ControlRouteTests {
    @Test func clockAdvanceNeedsATestClock() async throws {
        let harness = try await Harness.make()
        let advance = try await harness.emulator.handle(
            HTTPTransportRequest(
                method: .post, url: harness.url("/emulator/clock/advance"),
                headers: ["Content-Type": "application/json"], body: Data(#"{"seconds": 90}"#.utf8)))
        #expect(advance.status == 200)
        #expect(try decodeObject(advance)["now"]?.numberValue == 1_800_000_090_000)
        #expect(harness.clock.now == Date(timeIntervalSince1970: 1_800_000_090))

        let system = PassEmulator()
        let refused = try await system.handle(
            HTTPTransportRequest(
                method: .post, url: system.baseURL.appendingPathComponent("emulator/clock/advance"),
                headers: ["Content-Type": "application/json"],
                body: Data(#"{"seconds": 90}"#.utf8)))
        #expect(refused.status == 409)
    }

    @Test func scenarioOverHTTP() async throws {
        let harness = try await Harness.make()
        let response = try await harness.emulator.handle(HTTPTransportRequest(url: harness.url("/emulator/scenario")))
        #expect(response.status == 200)
        #expect(try JSONDecoder().decode(EmulatorScenario.self, from: response.body) == .standard)
        #expect(
            try await harness.emulator.handle(HTTPTransportRequest(url: harness.url("/emulator/nothing"))).status == 404
        )
        #expect(
            try await harness.emulator.handle(
                HTTPTransportRequest(method: .put, url: harness.url("/emulator/scenario"))
            )
            .status == 405)
    }

    @Test func resetForgetsEverything() async throws {
        let harness = try await Harness.make()
        try await harness.login()
        await harness.emulator.inject(.timeout, on: .configuration)
        await harness.emulator.reset()
        #expect(await harness.emulator.requests.isEmpty)
        #expect(await harness.emulator.counters == EmulatorCounters())
        #expect(await harness.emulator.session(requestor: "REF", deviceID: Harness.deviceID) == nil)
        // The injected timeout is gone, and so is the client's token.
        #expect(try await harness.v1("/api/v1/config/REF").status == 401)
    }
}
