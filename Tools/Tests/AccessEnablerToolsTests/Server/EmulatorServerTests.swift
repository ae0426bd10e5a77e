@testable import AccessEnablerCLI
import AccessEnabler
import AccessEnablerTesting
import EmulatorServer
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The emulator served over real HTTP/1.1 on an ephemeral loopback port, used by the SDK through
/// `URLSessionTransport` (real sockets), as an app would.
@Suite("Emulator server over HTTP", .timeLimit(.minutes(5)))
struct EmulatorServerTests {
    private func makeEnabler(
        _ url: URL, backend: AccessEnabler.Backend, storage: any TokenStorage = InMemoryTokenStorage(),
        retryPolicy: RetryPolicy = .default
    ) -> AccessEnabler {
        var configuration = AccessEnabler.Configuration()
        configuration.backend = backend
        configuration.retryPolicy = retryPolicy
        configuration.transport = URLSessionTransport()
        configuration.storage = storage
        configuration.environment = .init(serviceProviders: [url])
        return AccessEnabler(softwareStatement: "server-test-statement", configuration: configuration)
    }

    @Test("the SDK runs the whole flow through URLSessionTransport", arguments: AccessEnabler.Backend.allCases)
    func wholeFlow(backend: AccessEnabler.Backend) async throws {
        try await withEmulatorServer { server in
            #expect(server.url.absoluteString.hasPrefix("http://127.0.0.1:"))
            let enabler = makeEnabler(server.url, backend: backend)
            let configuration = try await enabler.setRequestor("REF")
            #expect(configuration.mvpds.map(\.id) == ["Cablevision", "AutoCable", "TempPass"])
            #expect(configuration.mvpds.allSatisfy { $0.serviceProvider == server.url })
            #expect(await !enabler.checkAuthentication().isAuthenticated)

            let presenter = HTTPLoginPresenter(
                mvpdID: "Cablevision", username: "alice", password: "alice-password",
                transport: URLSessionTransport.browser(),
                prompt: nil)
            let authentication = try await enabler.authenticate(presenter: presenter)
            #expect(authentication.userID == "alice-user-id")
            #expect(await enabler.checkAuthentication().isAuthenticated)

            let decisions = try await enabler.preauthorize(PreauthorizeRequest(resources: ["news", "premium"]))
            #expect(decisions.authorizedResources == ["news"])
            #expect(decisions["premium"]?.error?.status == 403)

            let token = try await enabler.authorize(resource: "news")
            #expect(token.resource == "news")
            #expect(!token.serializedToken.isEmpty)
            await #expect(throws: AccessEnablerError.authorizationDeniedByMVPD) {
                try await enabler.authorize(resource: "premium")
            }

            #expect(try await enabler.getMetadata(.authenticationExpiry).date == authentication.expires)
            let zip = try await enabler.getMetadata(.userMetadata("zip"))
            #expect(zip.isEncrypted)

            try await enabler.logout(presenter: presenter)
            #expect(await !enabler.checkAuthentication().isAuthenticated)

            // Every call crossed the socket: the emulator logged them with the real origin.
            let routes = await server.emulator.requests.compactMap(\.route)
            #expect(routes.contains(.register))
            #expect(routes.contains(backend == .restV2 ? .authorizeDecisions : .authorize))
        }
    }

    @Test("two servers on port 0 get different ports and separate state")
    func ephemeralPorts() async throws {
        try await withEmulatorServer { first in
            try await withEmulatorServer { second in
                #expect(first.url.port != second.url.port)
                _ = try await makeEnabler(first.url, backend: .restV2).setRequestor("REF")
                #expect(await !first.emulator.requests.isEmpty)
                #expect(await second.emulator.requests.isEmpty)
            }
        }
    }

    @Test("the /emulator/ control routes work over HTTP: scenario, faults, request log")
    func controlRoutes() async throws {
        try await withEmulatorServer { server in
            let scenario = try await get(server.url, "emulator/scenario")
            #expect(scenario.status == 200)
            #expect(try JSONDecoder().decode(EmulatorScenario.self, from: scenario.body) == .standard)

            // A fault injected over HTTP reaches the SDK.
            let fault = try await send(
                server.url, "emulator/faults", method: "POST",
                body: #"{"route": "configurationV2", "fault": {"kind": "status", "status": 503}}"#)
            #expect(fault.status == 204)
            let enabler = makeEnabler(server.url, backend: .restV2, retryPolicy: .none)
            await #expect(throws: AccessEnablerError.self) { try await enabler.setRequestor("REF") }
            _ = try await enabler.setRequestor("REF")  // the fault was for one request

            let log = try await get(server.url, "emulator/requests")
            let records = try #require(try JSONDecoder().decode(JSONValue.self, from: log.body).arrayValue)
            #expect(records.filter { $0["route"] == "configurationV2" }.map { $0["responseStatus"] } == [503, 200])
            #expect(try await send(server.url, "emulator/requests", method: "DELETE").status == 204)
            #expect(try await get(server.url, "emulator/nothing").status == 404)
            #expect(
                try await send(server.url, "emulator/clock/advance", method: "POST", body: #"{"seconds": 1}"#).status
                    == 409)
        }
    }

    @Test("an injected dropConnection closes the connection: the SDK reports network_error")
    func droppedConnection() async throws {
        try await withEmulatorServer { server in
            await server.emulator.inject(.dropConnection, on: .register)
            let enabler = makeEnabler(server.url, backend: .restV1)
            await #expect(throws: AccessEnablerError.networkError) { try await enabler.setRequestor("REF") }
            let failures = await server.emulator.requests.compactMap(\.failure)
            #expect(failures.count == 1)
        }
    }

    @Test("the MVPD login page is real HTML a browser can use", arguments: AccessEnabler.Backend.allCases)
    func loginPage(backend: AccessEnabler.Backend) async throws {
        try await withEmulatorServer { server in
            let enabler = makeEnabler(server.url, backend: backend)
            _ = try await enabler.setRequestor("REF")
            let recorder = BrowserRecorder()
            let authentication = try await enabler.authenticate(presenter: RecordingPresenter(recorder: recorder))
            #expect(authentication.userID == "alice-user-id")
            let visit = try #require(recorder.visit)
            #expect(visit.url.absoluteString.hasPrefix(server.url.absoluteString))
            #expect(visit.firstStatus == 302)
            #expect(visit.formStatus == 200)
            #expect(visit.contentType?.hasPrefix("text/html") == true)
            #expect(visit.html.hasPrefix("<!DOCTYPE html>"))
            let form = try #require(LoginPage(html: visit.html).loginForm)
            #expect(form.method == "post")
            #expect(form.fields.map(\.type).contains("password"))
        }
    }

    // MARK: Helpers

    struct Answer {
        var status: Int
        var body: Data
        var location: String?
        var contentType: String?
    }

    private func get(_ base: URL, _ path: String) async throws -> Answer {
        try await send(base, path, method: "GET")
    }

    private func send(_ base: URL, _ path: String?, method: String, body: String? = nil) async throws -> Answer {
        var request = URLRequest(url: path.map { base.appendingPathComponent($0) } ?? base)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        let response = try await URLSessionTransport.browser().send(
            HTTPTransportRequest(
                method: HTTPTransportMethod(rawValue: method), url: try #require(request.url),
                headers: body == nil ? [:] : ["Content-Type": "application/json"], body: request.httpBody))
        return Answer(
            status: response.status, body: response.body, location: response.headers["Location"],
            contentType: response.headers["Content-Type"])
    }
}
