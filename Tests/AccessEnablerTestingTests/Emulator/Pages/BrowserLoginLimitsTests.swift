import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// What unauthenticated browser logins can make the emulator keep: anyone can start a v1 login,
/// so the pending logins and the fields they keep are bounded.
@Suite(.timeLimit(.minutes(3)))
struct BrowserLoginLimitsTests {
    @Test("pending logins are capped at 1,024: the oldest go first, the newest still sign in")
    func pendingLoginsAreCapped() async throws {
        let harness = try await Harness.make()
        var links: [String] = []
        for _ in 0..<1_100 {
            let start = try await harness.emulator.handle(
                HTTPTransportRequest(url: harness.loginURL(mvpd: "Cablevision")))
            links.append(try loginID(in: start.headers["Location"]))
        }
        #expect(await harness.emulator.entitlementState.pendingLogins.count <= 1_024)
        let path = PassEmulator.loginPagePath(mvpd: "Cablevision")
        #expect(try await harness.browse(path, [("login", links[0])]).status == 400, "the oldest went first")
        let newest = try await harness.browse(
            path, method: .post, form: [("login", links[1_099]), ("username", "alice"), ("password", "alice-password")])
        #expect(newest.status == 302)
    }

    @Test("a parameter longer than 8,192 characters is refused before anything keeps it")
    func longParameters() async throws {
        let harness = try await Harness.make()
        var query: [(String, String)] = [
            ("requestor_id", "REF"), ("mso_id", "Cablevision"), ("domain_name", "adobe.com"),
            ("deviceId", Harness.deviceID), ("noflash", "true"), ("no_iframe", "true"),
        ]
        query.append(("redirect_url", "https://app.example/?pad=" + String(repeating: "x", count: 9_000)))
        let refused = try await harness.emulator.handle(
            HTTPTransportRequest(
                url: harness.url("/api/v1/authenticate", query), headers: ["Accept": "application/json"]))
        #expect(refused.status == 400)
        #expect(text(refused).contains("The parameter redirect_url is longer than 8192 characters."))
        #expect(await harness.emulator.entitlementState.pendingLogins.isEmpty)
        // Up to the bound, it is taken.
        query[query.count - 1].1 = "https://app.example/?pad=" + String(repeating: "x", count: 8_000)
        let taken = try await harness.emulator.handle(
            HTTPTransportRequest(url: harness.url("/api/v1/authenticate", query)))
        #expect(taken.status == 302)
        // A REST v2 route says so as REST v2 errors do.
        let v2 = try await harness.createSession(
            redirect: "https://app.example/" + String(repeating: "x", count: 9_000))
        try expectV2Error(v2, status: 400, code: "bad_request")
    }
}
