import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// Every control input is checked before it reaches code that would trap or answer nonsense: a
/// bad value is a 400 that names the field, and the emulator keeps working.
@Suite(.timeLimit(.minutes(5))) struct ControlInputTests {
    /// A control request and the field its 400 must name.
    struct BadInput: Sendable, CustomTestStringConvertible {
        var path: String
        var body: String
        var field: String
        var testDescription: String { "\(path) \(body)" }
    }

    static let badInputs: [BadInput] = [
        BadInput(path: "clock/advance", body: #"{"seconds": 1e300}"#, field: "seconds"),
        BadInput(path: "clock/advance", body: #"{"seconds": -1}"#, field: "seconds"),
        BadInput(path: "clock/advance", body: #"{"seconds": 315360001}"#, field: "seconds"),
        BadInput(
            path: "faults", body: #"{"route": "authorize", "fault": {"kind": "delay", "seconds": 1e300}}"#,
            field: "fault.seconds"),
        BadInput(
            path: "faults", body: #"{"route": "authorize", "fault": {"kind": "delay", "seconds": -0.5}}"#,
            field: "fault.seconds"),
        BadInput(
            path: "faults", body: #"{"route": "authorize", "fault": {"kind": "status", "status": -1}}"#,
            field: "fault.status"),
        BadInput(
            path: "faults", body: #"{"route": "authorize", "fault": {"kind": "status", "status": 1000}}"#,
            field: "fault.status"),
        BadInput(
            path: "faults", body: #"{"route": "authorize", "fault": {"kind": "status", "status": 99}}"#,
            field: "fault.status"),
        BadInput(
            path: "faults",
            body:
                #"{"route": "authorize", "fault": {"kind": "status", "status": 500, "contentType": "text/plain\r\nX-Injected: 1"}}"#,
            field: "fault.contentType"),
        BadInput(
            path: "faults", body: #"{"route": "authorize", "fault": {"kind": "html", "status": 600}}"#,
            field: "fault.status"),
        BadInput(
            path: "faults", body: #"{"route": "authorize", "fault": {"kind": "largeBody", "bytes": -5}}"#,
            field: "fault.bytes"),
        BadInput(
            path: "faults", body: #"{"route": "authorize", "fault": {"kind": "largeBody", "bytes": 1000000000000}}"#,
            field: "fault.bytes"),
        BadInput(
            path: "faults",
            body: #"{"route": "authorize", "fault": {"kind": "tooManyRequests", "retryAfter": "1\nX-Injected: 1"}}"#,
            field: "fault.retryAfter"),
        BadInput(path: "faults", body: #"{"route": "authorize", "fault": "timeout", "times": -1}"#, field: "times"),
        BadInput(path: "sessions/force-resume", body: #"{"count": -1}"#, field: "count"),
    ]

    @Test("a bad control input is a 400 that says which field and why", arguments: badInputs)
    func rejected(input: BadInput) async throws {
        let harness = try await Harness.make()
        let response = try await harness.emulator.handle(
            HTTPTransportRequest(
                method: .post, url: harness.url("/emulator/\(input.path)"),
                headers: ["Content-Type": "application/json"], body: Data(input.body.utf8)))
        #expect(response.status == 400)
        let message = try #require(try decodeObject(response)["error"]?.stringValue)
        #expect(message.contains(input.field), "\(message)")
        // Nothing was applied (no fault queued, the clock did not move) and the emulator still serves.
        #expect(await harness.emulator.faults.hasFaults(for: .authorize) == false)
        #expect(harness.clock.now == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(try await harness.v1("/api/v1/config/REF").status == 200)
    }

    @Test("the limits themselves are accepted")
    func limitsAccepted() async throws {
        let harness = try await Harness.make()
        func post(_ path: String, _ body: String) async throws -> Int {
            try await harness.emulator.handle(
                HTTPTransportRequest(
                    method: .post, url: harness.url("/emulator/\(path)"), headers: ["Content-Type": "application/json"],
                    body: Data(body.utf8))
            ).status
        }
        #expect(try await post("clock/advance", #"{"seconds": 315360000}"#) == 200)
        #expect(harness.clock.now == Date(timeIntervalSince1970: 1_800_000_000 + 315_360_000))
        #expect(try await post("clock/advance", #"{"seconds": 0}"#) == 200)
        for fault in [
            #"{"kind": "delay", "seconds": 0}"#, #"{"kind": "status", "status": 100}"#,
            #"{"kind": "status", "status": 599, "contentType": "text/plain; charset=utf-8"}"#,
            #"{"kind": "html", "status": 200}"#, #"{"kind": "largeBody", "bytes": 0}"#,
            #"{"kind": "largeBody", "bytes": 67108864}"#,
            #"{"kind": "tooManyRequests", "retryAfter": "Wed, 21 Oct 2015 07:28:00 GMT"}"#,
        ] {
            #expect(
                try await post("faults", #"{"route": "authorize", "fault": \#(fault), "times": 0}"#) == 204, "\(fault)")
        }
        #expect(try await post("sessions/force-resume", #"{"count": 0}"#) == 204)
    }

    @Test("an undecodable body is still a 400 that says what was expected")
    func undecodable() async throws {
        let harness = try await Harness.make()
        let response = try await harness.emulator.handle(
            HTTPTransportRequest(
                method: .post, url: harness.url("/emulator/faults"), headers: ["Content-Type": "application/json"],
                body: Data(#"{"route": "nope"}"#.utf8)))
        #expect(response.status == 400)
        let message = try #require(try decodeObject(response)["error"]?.stringValue)
        #expect(message.contains("route"))
    }

    @Test("the JSON form of a fault is checked wherever it is decoded")
    func faultDecodingChecks() throws {
        for json in [
            #"{"kind": "delay", "seconds": 1e300}"#, #"{"kind": "status", "status": 1000}"#,
            #"{"kind": "html", "status": -1}"#, #"{"kind": "largeBody", "bytes": -1}"#,
        ] {
            #expect(throws: DecodingError.self, "\(json)") {
                try JSONDecoder().decode(EmulatorFault.self, from: Data(json.utf8))
            }
        }
    }
}
