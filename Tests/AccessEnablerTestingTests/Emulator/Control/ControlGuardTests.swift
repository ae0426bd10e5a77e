import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// A web page cannot drive the emulator's control routes: a write must be JSON (which a page
/// cannot send elsewhere without asking first), and every control route answers only a loopback,
/// IP or the emulator's own `Host` (a page that rebinds its name to 127.0.0.1 sends its name).
@Suite(.timeLimit(.minutes(3)))
struct ControlGuardTests {
    private let degrade = Data(#"{"mvpd": "Cablevision", "rule": "authorizeAll"}"#.utf8)

    @Test(
        "a control write that is not JSON is refused (415) and changes nothing",
        arguments: [nil, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])
    func writesNeedJSON(contentType: String?) async throws {
        let harness = try await Harness.make()
        var headers = HTTPTransportHeaders()
        if let contentType { headers["Content-Type"] = contentType }
        let refused = try await harness.emulator.handle(
            HTTPTransportRequest(
                method: .post, url: harness.url("/emulator/degradation"), headers: headers, body: degrade))
        #expect(refused.status == 415)
        #expect(try decodeObject(refused)["error"]?.stringValue?.contains("application/json") == true)
        #expect(await harness.emulator.scenario.mvpd(withID: "Cablevision")?.degradation == nil)
        let forceResume = try await harness.emulator.handle(
            HTTPTransportRequest(method: .post, url: harness.url("/emulator/sessions/force-resume"), headers: headers))
        #expect(forceResume.status == 415)
        #expect(await harness.emulator.forcedSessionResumes == 0)
    }

    @Test("JSON, with or without parameters, is taken")
    func jsonIsTaken() async throws {
        let harness = try await Harness.make()
        for contentType in ["application/json", "Application/JSON; charset=utf-8"] {
            let taken = try await harness.emulator.handle(
                HTTPTransportRequest(
                    method: .post, url: harness.url("/emulator/degradation"), headers: ["Content-Type": contentType],
                    body: degrade))
            #expect(taken.status == 204, "\(contentType)")
        }
        #expect(await harness.emulator.scenario.mvpd(withID: "Cablevision")?.degradation == .authorizeAll)
    }

    @Test(
        "every control route refuses a Host that is a name other than localhost or the emulator's own (403)",
        arguments: ["rebind.example", "rebind.example:8080", "127.0.0.1.rebind.example", "localhost.example:80"])
    func foreignHosts(host: String) async throws {
        let harness = try await Harness.make()
        let scenario = try await harness.emulator.handle(
            HTTPTransportRequest(url: harness.url("/emulator/scenario"), headers: ["Host": host]))
        #expect(scenario.status == 403)
        #expect(!text(scenario).contains("alice-password"), "the scenario (and its passwords) is not served")
        let log = try await harness.emulator.handle(
            HTTPTransportRequest(url: harness.url("/emulator/requests"), headers: ["Host": host]))
        #expect(log.status == 403)
        let fault = try await harness.emulator.handle(
            HTTPTransportRequest(
                method: .post, url: harness.url("/emulator/faults"),
                headers: ["Host": host, "Content-Type": "application/json"],
                body: Data(#"{"route": "authorize", "fault": "timeout"}"#.utf8)))
        #expect(fault.status == 403)
        #expect(await harness.emulator.faults.hasFaults(for: .authorize) == false)
    }

    @Test(
        "loopback names and addresses, any IP address and the emulator's own host reach the control routes",
        arguments: ["127.0.0.1:8080", "localhost", "LOCALHOST:8080", "[::1]:8080", "192.168.1.20:8080", "own"])
    func allowedHosts(host: String) async throws {
        let harness = try await Harness.make()
        let value = host == "own" ? try #require(harness.baseURL.host) : host
        let scenario = try await harness.emulator.handle(
            HTTPTransportRequest(url: harness.url("/emulator/scenario"), headers: ["Host": value]))
        #expect(scenario.status == 200)
    }

    @Test("without a Host header (an in-process mount), the URL's host is the emulator's own")
    func inProcess() async throws {
        let harness = try await Harness.make()
        #expect(
            try await harness.emulator.handle(HTTPTransportRequest(url: harness.url("/emulator/scenario"))).status
                == 200)
    }

    @Test("the pages and the REST routes answer any Host: only the control routes check it")
    func pagesAnswerAnyHost() async throws {
        let harness = try await Harness.make()
        let page = try await harness.browse("/activate", headers: ["Host": "tv.example"])
        #expect(page.status == 200)
    }
}
