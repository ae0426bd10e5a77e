import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

@Suite(.timeLimit(.minutes(5))) struct FaultTests {
    @Test func statusFault() async throws {
        let harness = try await Harness.make()
        await harness.emulator.inject(.status(503, body: "maintenance", contentType: "text/plain"), on: .configuration)
        let response = try await harness.v1("/api/v1/config/REF")
        #expect(response.status == 503)
        #expect(text(response) == "maintenance")
        #expect(response.headers["Content-Type"] == "text/plain")
        #expect(try await harness.v1("/api/v1/config/REF").status == 200)
    }

    @Test func malformedJSONFault() async throws {
        let harness = try await Harness.make()
        await harness.emulator.inject(.malformedJSON, on: .authenticationToken)
        let response = try await harness.v1("/api/v1/tokens/authn")
        #expect(response.status == 200)
        #expect(throws: (any Error).self) { try decodeObject(response) }
        #expect(text(response).hasPrefix("{"))
    }

    @Test func htmlFault() async throws {
        let harness = try await Harness.make()
        await harness.emulator.inject(.html(status: 502), on: .preauthorize)
        let response = try await harness.v1("/api/v1/preauthorize", [("resource", "news")])
        #expect(response.status == 502)
        #expect(response.headers["Content-Type"]?.hasPrefix("text/html") == true)
        #expect(text(response).contains("<html>"))
    }

    @Test func tooManyRequestsFault() async throws {
        let harness = try await Harness.make()
        await harness.emulator.inject(.tooManyRequests(retryAfter: "2"), on: .authorize)
        await harness.emulator.inject(.tooManyRequests(retryAfter: nil), on: .authorize)
        let first = try await harness.v1("/api/v1/authorize", [("resource", "news")])
        #expect(first.status == 429)
        #expect(first.headers["Retry-After"] == "2")
        #expect(first.headers["Content-Type"] == "text/html")
        #expect(first.body.count == 166)
        #expect(text(first).contains("<center><h1>429 Too Many Requests</h1></center>"))
        #expect(text(first).contains("openresty"))
        let second = try await harness.v1("/api/v1/authorize", [("resource", "news")])
        #expect(second.status == 429)
        #expect(second.headers["Retry-After"] == nil)
    }

    @Test func wrongTypesFaultKeepsTheKeys() async throws {
        let harness = try await Harness.make()
        await harness.emulator.inject(.wrongTypes, on: .authenticationToken)
        await harness.emulator.inject(.wrongTypes, on: .token)
        let authn = try decodeObject(try await harness.v1("/api/v1/tokens/authn"))
        #expect(Set(authn.keys) == ["requestor", "mvpd", "userId", "expires"])
        #expect(authn["requestor"]?.stringValue == nil)
        #expect(authn["expires"]?.stringValue == nil && authn["expires"]?.numberValue == nil)
        let token = try decodeObject(
            try await harness.emulator.handle(
                Harness.tokenRequest(harness.baseURL, clientID: harness.clientID, secret: harness.clientSecret)))
        #expect(token["access_token"]?.stringValue == nil)
        #expect(token["expires_in"]?.numberValue == nil)
        #expect(Set(wellFormedMembers.keys).union(routesWithoutJSONAnswers) == Set(EmulatorRoute.allCases))
        for route in EmulatorRoute.allCases {
            try expectWrongTypes(on: route)
        }
    }

    @Test func emptyAndLargeBodies() async throws {
        let harness = try await Harness.make()
        await harness.emulator.inject(.emptyBody, on: .userMetadata)
        await harness.emulator.inject(.largeBody(bytes: 100_000), on: .userMetadata)
        let empty = try await harness.v1("/api/v1/tokens/usermetadata")
        #expect(empty.status == 200)
        #expect(empty.body.isEmpty)
        let large = try await harness.v1("/api/v1/tokens/usermetadata")
        #expect(large.status == 200)
        #expect(large.body.count == 100_000)
        #expect(try decodeObject(large)["padding"]?.stringValue?.count == 100_000 - 14)
    }

    @Test func connectionFaultsThrow() async throws {
        let harness = try await Harness.make()
        await harness.emulator.inject(.dropConnection, on: .configuration)
        await harness.emulator.inject(.timeout, on: .configuration)
        await #expect(throws: URLError(.networkConnectionLost)) { try await harness.v1("/api/v1/config/REF") }
        await #expect(throws: URLError(.timedOut)) { try await harness.v1("/api/v1/config/REF") }
        #expect(try await harness.v1("/api/v1/config/REF").status == 200)
        let records = await harness.emulator.requests(to: .configuration)
        #expect(records.map(\.responseStatus) == [nil, nil, 200])
        #expect(records[0].failure != nil)
    }

    @Test func delayFaultThenNormalHandling() async throws {
        let harness = try await Harness.make()
        await harness.emulator.inject(.delay(.milliseconds(5)), on: .configuration)
        #expect(try await harness.v1("/api/v1/config/REF").status == 200)
    }

    @Test func faultsAreConsumedFirstInFirstOut() async throws {
        let harness = try await Harness.make()
        await harness.emulator.inject(.status(500, body: "a", contentType: "text/plain"), on: .configuration, times: 2)
        await harness.emulator.inject(.status(502, body: "b", contentType: "text/plain"), on: .configuration)
        await harness.emulator.inject(
            .status(418, body: "other route", contentType: "text/plain"), on: .authenticationToken)
        var statuses: [Int] = []
        for _ in 0..<4 { statuses.append(try await harness.v1("/api/v1/config/REF").status) }
        #expect(statuses == [500, 500, 502, 200])
        #expect(try await harness.v1("/api/v1/tokens/authn").status == 418)
    }

    @Test func everyRequestFaultUntilCleared() async throws {
        let harness = try await Harness.make()
        await harness.emulator.inject(.html(status: 503), on: .configuration, times: nil)
        for _ in 0..<3 { #expect(try await harness.v1("/api/v1/config/REF").status == 503) }
        await harness.emulator.clearFaults()
        #expect(try await harness.v1("/api/v1/config/REF").status == 200)
        await harness.emulator.inject(.html(status: 503), on: .configuration, times: 0)
        #expect(try await harness.v1("/api/v1/config/REF").status == 200)
    }

    @Test func holdKeepsARequestInFlightUntilTheGateOpens() async throws {
        let harness = try await Harness.make()
        let gate = EmulatorGate()
        await harness.emulator.inject(.hold(gate), on: .configuration)
        let held = Task { try await harness.v1("/api/v1/config/REF") }
        try await harness.emulator.waitForRequests(to: .configuration, count: 1)
        // The held request arrived but has no answer yet; other routes still work.
        #expect(await harness.emulator.requests(to: .configuration).first?.responseStatus == nil)
        #expect(try await harness.v1("/api/v1/tokens/authn").status == 404)
        gate.open()
        #expect(try await held.value(awaiting: "the held request").status == 200)
        #expect(await harness.emulator.requests(to: .configuration).first?.responseStatus == 200)
        #expect(gate.isOpen)
    }

    @Test func anOpenGateLetsRequestsThrough() async throws {
        let harness = try await Harness.make()
        let gate = EmulatorGate()
        gate.open()
        await harness.emulator.inject(.hold(gate), on: .configuration, times: nil)
        #expect(try await harness.v1("/api/v1/config/REF").status == 200)
        #expect(try await harness.v1("/api/v1/config/REF").status == 200)
        #expect(gate.waiting == 0)
    }

    @Test func cancellingAHeldRequestThrowsCancellationError() async throws {
        let harness = try await Harness.make()
        let gate = EmulatorGate()
        await harness.emulator.inject(.hold(gate), on: .authorize)
        let held = Task { try await harness.v1("/api/v1/authorize", [("resource", "news")]) }
        try await harness.emulator.waitForRequests(to: .authorize, count: 1)
        await eventually("a request held at the gate") { gate.waiting >= 1 }
        held.cancel()
        await #expect(throws: CancellationError.self) { try await held.value(awaiting: "the held request") }
        #expect(gate.waiting == 0)
        gate.open()
    }

    @Test func faultsOverTheControlRoute() async throws {
        let harness = try await Harness.make()
        let body = Data(
            #"{"route":"authenticationToken","fault":{"kind":"status","status":500,"body":"x","contentType":"text/plain"},"times":2}"#
                .utf8)
        let post = try await harness.emulator.handle(
            HTTPTransportRequest(
                method: .post, url: harness.url("/emulator/faults"), headers: ["Content-Type": "application/json"],
                body: body))
        #expect(post.status == 204)
        #expect(try await harness.v1("/api/v1/tokens/authn").status == 500)
        #expect(try await harness.v1("/api/v1/tokens/authn").status == 500)
        #expect(try await harness.v1("/api/v1/tokens/authn").status == 404)

        // A route's former name still names it.
        let always = Data(#"{"route":"authnToken","fault":"malformedJSON","times":null}"#.utf8)
        _ = try await harness.emulator.handle(
            HTTPTransportRequest(
                method: .post, url: harness.url("/emulator/faults"), headers: ["Content-Type": "application/json"],
                body: always))
        for _ in 0..<3 { #expect(try await harness.v1("/api/v1/tokens/authn").status == 200) }
        let delete = try await harness.emulator.handle(
            HTTPTransportRequest(method: .delete, url: harness.url("/emulator/faults")))
        #expect(delete.status == 204)
        #expect(try await harness.v1("/api/v1/tokens/authn").status == 404)

        let bad = try await harness.emulator.handle(
            HTTPTransportRequest(
                method: .post, url: harness.url("/emulator/faults"), headers: ["Content-Type": "application/json"],
                body: Data(#"{"route":"nope"}"#.utf8)))
        #expect(bad.status == 400)
    }
}
