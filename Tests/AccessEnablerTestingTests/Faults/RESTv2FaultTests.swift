import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting

/// Faults, the request log and waiting work per v2 route as they do for v1.
@Suite(.timeLimit(.minutes(5))) struct RESTv2FaultTests {
    @Test func faultsApplyToTheirV2RouteOnly() async throws {
        let harness = try await Harness.make()
        await harness.emulator.inject(.status(503, body: "down", contentType: "text/plain"), on: .createSession)
        await harness.emulator.inject(.html(status: 502), on: .resumeSession)
        let created = try await harness.createSession(mvpd: nil)
        #expect(created.status == 503)
        #expect(text(created) == "down")
        let body = try decodeObject(try await harness.createSession(mvpd: nil))
        let code = try #require(body["code"]?.stringValue)
        // The same path, two routes: reading the session is not resuming it.
        #expect(try await harness.v2WithCode("/api/v2/REF/sessions/\(code)").status == 200)
        #expect(
            try await harness.v2WithCode(
                "/api/v2/REF/sessions/\(code)", method: .post,
                form: Harness.sessionForm(mvpd: "Cablevision")
            ).status == 502)
        #expect(
            try await harness.v2WithCode(
                "/api/v2/REF/sessions/\(code)", method: .post,
                form: Harness.sessionForm(mvpd: "Cablevision")
            ).status == 200)
    }

    @Test func connectionFaultsAndTheLogOnV2Routes() async throws {
        let harness = try await Harness.make()
        try await harness.loginV2()
        await harness.emulator.inject(.timeout, on: .authorizeDecisions)
        await harness.emulator.inject(.tooManyRequests(retryAfter: "3"), on: .preauthorizeDecisions)
        await #expect(throws: URLError(.timedOut)) { try await harness.decide("authorize", resources: ["news"]) }
        let throttled = try await harness.decide("preauthorize", resources: ["news"])
        #expect(throttled.status == 429)
        #expect(throttled.headers["Retry-After"] == "3")
        #expect(try await harness.decide("authorize", resources: ["news"]).status == 200)

        let records = await harness.emulator.requests(to: .authorizeDecisions)
        #expect(records.map(\.responseStatus) == [nil, 200])
        #expect(records[0].failure != nil)
        #expect(records[1].path == "/api/v2/REF/decisions/authorize/Cablevision")
        #expect(records[1].headers["AP-Device-Identifier"] == Harness.deviceIdentifier(Harness.deviceID))
        #expect(records[1].bodyText == #"{"resources":["news"]}"#)
        #expect(await harness.emulator.requests(to: .preauthorizeDecisions).map(\.responseStatus) == [429])
    }

    @Test func wrongTypesAndMalformedBodiesForEveryV2Route() async throws {
        let harness = try await Harness.make()
        let v2Routes = EmulatorRoute.allCases.filter(\.isV2)
        #expect(v2Routes.count == 13)
        for route in v2Routes {
            try expectWrongTypes(on: route)
            let malformed = try #require(EmulatorFault.malformedJSON.response(for: route))
            #expect(throws: (any Error).self) { try decodeObject(malformed) }
        }
        await harness.emulator.inject(.wrongTypes, on: .profiles)
        let profiles = try decodeObject(try await harness.v2("/api/v2/REF/profiles"))
        #expect(profiles["profiles"]?.objectValue == nil)
        await harness.emulator.inject(.emptyBody, on: .configurationV2)
        #expect(try await harness.v2("/api/v2/REF/configuration").body.isEmpty)
    }

    @Test func holdAndWaitOnAV2Route() async throws {
        let harness = try await Harness.make()
        try await harness.loginV2()
        let gate = EmulatorGate()
        await harness.emulator.inject(.hold(gate), on: .profile)
        let held = Task { try await harness.v2("/api/v2/REF/profiles/Cablevision") }
        try await harness.emulator.waitForRequests(to: .profile, count: 1)
        #expect(await harness.emulator.requests(to: .profile).first?.responseStatus == nil)
        // Other routes answer meanwhile.
        #expect(try await harness.v2("/api/v2/REF/profiles").status == 200)
        gate.open()
        #expect(try await held.value(awaiting: "the held request").status == 200)
    }

    @Test func faultsOverTheControlRouteAcceptV2RouteNames() async throws {
        let harness = try await Harness.make()
        for route in EmulatorRoute.allCases.filter(\.isV2) {
            let body = Data(#"{"route":"\#(route.rawValue)","fault":{"kind":"status","status":418},"times":1}"#.utf8)
            let post = try await harness.emulator.handle(
                HTTPTransportRequest(
                    method: .post, url: harness.url("/emulator/faults"), headers: ["Content-Type": "application/json"],
                    body: body))
            #expect(post.status == 204, "\(route)")
        }
        #expect(try await harness.v2("/api/v2/REF/configuration").status == 418)
        #expect(try await harness.createSession().status == 418)
        #expect(
            try await harness.v2(
                "/api/v2/REF/logout/Cablevision",
                query: [("redirectUrl", Harness.redirectURL)]
            ).status == 418)
        #expect(
            try await harness.emulator.handle(HTTPTransportRequest(url: harness.url("/api/v2/authenticate/REF/X")))
                .status
                == 418)
        let log = try decodeObject(
            try await harness.emulator.handle(
                HTTPTransportRequest(url: harness.url("/emulator/requests"))
            ).withArrayWrapped())
        #expect(
            log["records"]?.arrayValue?.compactMap { $0["route"]?.stringValue }
                == ["register", "token", "configurationV2", "createSession", "logoutV2", "authenticateV2"])
    }

    @Test func v2ControlsOverTheControlRoutes() async throws {
        let harness = try await Harness.make()
        func post(_ path: String, _ json: String?) async throws -> Int {
            try await harness.emulator.handle(
                HTTPTransportRequest(
                    method: .post, url: harness.url(path), headers: ["Content-Type": "application/json"],
                    body: json.map { Data($0.utf8) })
            ).status
        }
        #expect(try await post("/emulator/degradation", #"{"mvpd":"Cablevision","rule":"authenticateAll"}"#) == 204)
        #expect(try decodeObject(try await harness.createSession())["reasonType"] == "degraded")
        let scenario = try decodeObject(
            try await harness.emulator.handle(HTTPTransportRequest(url: harness.url("/emulator/scenario"))))
        #expect(scenario["mvpds"]?.arrayValue?.first?["degradation"] == "authenticateAll")
        #expect(try await post("/emulator/degradation", #"{"mvpd":"Cablevision","rule":null}"#) == 204)
        #expect(await harness.emulator.scenario.mvpd(withID: "Cablevision")?.degradation == nil)
        #expect(try await post("/emulator/degradation", #"{"mvpd":"Nope","rule":null}"#) == 404)
        #expect(try await post("/emulator/degradation", #"{"mvpd":"Cablevision","rule":"sometimes"}"#) == 400)

        #expect(try await post("/emulator/sessions/force-resume", #"{"count":2}"#) == 204)
        #expect(try decodeObject(try await harness.createSession(deviceID: "device-2"))["actionName"] == "resume")
        #expect(try decodeObject(try await harness.createSession(deviceID: "device-2"))["actionName"] == "resume")
        #expect(try decodeObject(try await harness.createSession(deviceID: "device-2"))["actionName"] == "authenticate")
        #expect(try await post("/emulator/sessions/force-resume", nil) == 204)
        #expect(try decodeObject(try await harness.createSession(deviceID: "device-2"))["actionName"] == "resume")
        #expect(try await post("/emulator/sessions/force-resume", #"{"count":-1}"#) == 400)
        let wrongMethod = try await harness.emulator.handle(
            HTTPTransportRequest(url: harness.url("/emulator/degradation")))
        #expect(wrongMethod.status == 405)
    }

    @Test func routesOfV2Paths() {
        func route(_ method: HTTPTransportMethod, _ path: String) -> EmulatorRoute? {
            EmulatorRoute(method: method, pathSegments: path.split(separator: "/").map(String.init))
        }
        #expect(route(.get, "/api/v2/REF/configuration") == .configurationV2)
        #expect(route(.post, "/api/v2/REF/sessions") == .createSession)
        #expect(route(.post, "/api/v2/REF/sessions/ABC") == .resumeSession)
        #expect(route(.put, "/api/v2/REF/sessions/ABC") == .resumeSession)
        #expect(route(.get, "/api/v2/REF/sessions/ABC") == .sessionInfo)
        #expect(route(.get, "/api/v2/sessions/REF/ABC") == .sessionInfo)
        #expect(route(.get, "/api/v2/authenticate/REF/ABC") == .authenticateV2)
        #expect(route(.get, "/api/v2/REF/profiles") == .profiles)
        #expect(route(.get, "/api/v2/REF/profiles/Cablevision") == .profile)
        #expect(route(.get, "/api/v2/REF/profiles/code/ABC") == .profileForCode)
        #expect(route(.post, "/api/v2/REF/decisions/preauthorize/M") == .preauthorizeDecisions)
        #expect(route(.post, "/api/v2/REF/decisions/authorize/M") == .authorizeDecisions)
        #expect(route(.get, "/api/v2/REF/logout/M") == .logoutV2)
        #expect(route(.get, "/api/v2/logout/REF/M") == .logoutV2)
        #expect(route(.get, "/api/v2/REF/decisions/M") == nil)
        #expect(route(.get, "/api/v2/REF") == nil)
        #expect(EmulatorRoute.v2PathParameters(["api", "v2", "sessions", "REF", "ABC"]) == ("REF", "ABC"))
        #expect(EmulatorRoute.v2PathParameters(["api", "v2", "REF", "sessions", "ABC"]) == ("REF", "ABC"))
        #expect(EmulatorRoute.v2PathParameters(["api", "v2", "REF", "profiles", "code", "ABC"]) == ("REF", "ABC"))
        #expect(EmulatorRoute.v2PathParameters(["api", "v2", "REF", "configuration"]) == ("REF", nil))
    }
}

private extension HTTPTransportResponse {
    /// Wraps a JSON array body as `{"records": [...]}` so it decodes as an object.
    func withArrayWrapped() -> HTTPTransportResponse {
        var copy = self
        copy.body = Data(#"{"records":"#.utf8) + body + Data("}".utf8)
        return copy
    }
}
