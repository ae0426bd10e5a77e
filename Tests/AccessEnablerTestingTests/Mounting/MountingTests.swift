import AccessEnabler
import Foundation
import Testing
@testable import AccessEnablerTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5))) struct TransportTests {
    @Test func routesByOrigin() async throws {
        let clock = TestClock()
        let first = PassEmulator(baseURL: URL(string: "https://sp-one.pass-emulator.test")!, clock: clock)
        let second = PassEmulator(baseURL: URL(string: "http://127.0.0.1:8080")!, clock: clock)
        let transport = PassEmulatorTransport(first, second)
        let one = try await transport.send(Harness.registerRequest(first.baseURL))
        let two = try await transport.send(Harness.registerRequest(URL(string: "http://127.0.0.1:8080/")!))
        #expect(one.status == 201 && two.status == 201)
        #expect(await first.requests.count == 1)
        #expect(await second.requests.count == 1)
        await #expect(throws: URLError(.cannotFindHost)) {
            try await transport.send(Harness.registerRequest(URL(string: "http://127.0.0.1:9090")!))
        }
        await #expect(throws: URLError(.cannotFindHost)) {
            try await transport.send(Harness.registerRequest(URL(string: "https://api.auth.adobe.com")!))
        }
        let defaultPort = try await first.transport.send(
            Harness.registerRequest(URL(string: "https://sp-one.pass-emulator.test:443")!))
        #expect(defaultPort.status == 201)
    }
}

@Suite(.timeLimit(.minutes(5))) struct URLProtocolTests {
    private func session(_ emulators: [PassEmulator]) -> URLSession {
        URLSession(configuration: PassEmulator.makeURLSessionConfiguration(routing: emulators))
    }

    @Test func answersThroughARealURLSession() async throws {
        let harness = try await Harness.make()
        let session = session([harness.emulator])
        var request = URLRequest(url: harness.url("/api/v1/config/REF", [("requestor", "REF"), ("deviceId", "d")]))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("Bearer \(harness.token)", forHTTPHeaderField: "Authorization")
        request.setValue(Harness.deviceInfo, forHTTPHeaderField: "X-Device-Info")
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(http.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("application/json") == true)
        let body = try JSONDecoder().decode([String: JSONValue].self, from: data)
        #expect(body["requestor"]?["id"] == "REF")

        // The routing tag never reaches the emulator's log.
        let record = try #require(await harness.emulator.requests(to: .configuration).last)
        for field in record.headers {
            #expect(!field.name.lowercased().contains("pass-emulator"))
            #expect(!field.value.contains(PassEmulatorURLProtocol.routingCookieName))
        }
    }

    @Test func postsABodyAndDeliversErrors() async throws {
        let emulator = PassEmulator(clock: TestClock())
        let session = session([emulator])
        let register = Harness.registerRequest(emulator.baseURL)
        var request = URLRequest(url: register.url)
        request.httpMethod = "POST"
        request.httpBody = register.body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (data, response) = try await session.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 201)
        #expect(try JSONDecoder().decode([String: JSONValue].self, from: data)["client_id"] != nil)

        var token = URLRequest(url: emulator.baseURL.appendingPathComponent("o/client/token"))
        token.httpMethod = "POST"
        token.httpBody = Data("client_id=x&client_secret=y&grant_type=client_credentials".utf8)
        token.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let (errorData, errorResponse) = try await session.data(for: token)
        #expect((errorResponse as? HTTPURLResponse)?.statusCode == 400)
        #expect(try JSONDecoder().decode([String: JSONValue].self, from: errorData)["error"] == "invalid_client")
        #expect(await emulator.requests(to: .token).first?.formValue("client_id") == "x")
    }

    @Test func aRedirectIsDeliveredNotFollowed() async throws {
        let harness = try await Harness.make()
        let session = session([harness.emulator])
        let (data, response) = try await session.data(from: harness.loginURL(mvpd: "AutoCable"))
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 302)
        #expect(http.value(forHTTPHeaderField: "Location") == Harness.redirectURL)
        #expect(data.isEmpty)

        let (_, formRedirect) = try await session.data(from: harness.loginURL(mvpd: "Cablevision"))
        let location = try #require((formRedirect as? HTTPURLResponse)?.value(forHTTPHeaderField: "Location"))
        #expect(location.hasPrefix("/emulator/mvpd/Cablevision/login"))
        #expect(await harness.emulator.requests(to: .mvpdLogin).isEmpty)
    }

    @Test func theSDKTransportOverTheMountedSession() async throws {
        let harness = try await Harness.make()
        let transport = URLSessionTransport(session: session([harness.emulator]))
        let presenter = HeadlessPresenter(
            mvpdID: "Cablevision", username: "alice", password: "alice-password",
            transport: transport)
        let landed = try await presenter.presentLogin(
            url: harness.loginURL(mvpd: "Cablevision"),
            redirectURL: URL(string: Harness.redirectURL)!)
        #expect(landed.absoluteString == Harness.redirectURL)
        let token = try await transport.send(harness.v1Request("/api/v1/tokens/authn"))
        #expect(token.status == 200)
    }

    @Test func parallelConfigurationsStayApart() async throws {
        let clock = TestClock()
        // One origin for both: only the routing tag (which Linux delivers) tells them apart.
        let shared = URL(string: "https://shared.pass-emulator.test")!
        let first = PassEmulator(baseURL: shared, clock: clock)
        let second = PassEmulator(baseURL: shared, clock: clock)
        let firstSession = session([first])
        let secondSession = session([second])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<10 {
                let (session, emulator) = index.isMultiple(of: 2) ? (firstSession, first) : (secondSession, second)
                group.addTask {
                    var request = URLRequest(url: emulator.baseURL.appendingPathComponent("api/v1/tokens/authn"))
                    request.setValue("application/json", forHTTPHeaderField: "Accept")
                    let (_, response) = try await session.data(for: request)
                    #expect((response as? HTTPURLResponse)?.statusCode == 401)
                }
            }
            try await group.waitForAll()
        }
        #expect(await first.requests.count == 5)
        #expect(await second.requests.count == 5)
    }

    @Test func unknownHostsFail() async throws {
        let emulator = PassEmulator(clock: TestClock())
        let session = session([emulator])
        await #expect(throws: URLError.self) {
            _ = try await session.data(from: URL(string: "https://elsewhere.pass-emulator.test/api/v1/config/REF")!)
        }
    }

    @Test func droppedConnectionsSurfaceAsURLErrors() async throws {
        let emulator = PassEmulator(clock: TestClock())
        await emulator.inject(.dropConnection, on: .register)
        let session = session([emulator])
        let register = Harness.registerRequest(emulator.baseURL)
        var request = URLRequest(url: register.url)
        request.httpMethod = "POST"
        request.httpBody = register.body
        do {
            _ = try await session.data(for: request)
            Issue.record("The request should have failed")
        } catch let error as URLError {
            #expect(error.code == .networkConnectionLost)
        }
    }

    @Test func cancellingTheTaskCancelsTheHandling() async throws {
        let harness = try await Harness.make()
        let gate = EmulatorGate()
        await harness.emulator.inject(.hold(gate), on: .configuration)
        let session = session([harness.emulator])
        var request = URLRequest(url: harness.url("/api/v1/config/REF"))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let task = Task { try await session.data(for: request) }
        try await harness.emulator.waitForRequests(to: .configuration, count: 1)
        await eventually("a request held at the gate") { gate.waiting >= 1 }
        task.cancel()
        await #expect(throws: (any Error).self) { try await task.value(awaiting: "the request to the unmounted route") }
        // stopLoading cancelled the emulator's handling: the held request left the gate.
        await eventually("the gate's held request released") { gate.waiting == 0 }
        #expect(await harness.emulator.requests(to: .configuration).first?.failure != nil)
        gate.open()
    }
}
