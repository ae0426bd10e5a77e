@testable import AccessEnablerCLI
import AccessEnabler
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The loopback listener that catches a browser login's last redirect (RFC 8252 §7.3): loopback
/// only, one request for its own path and state, then closed.
@Suite("Loopback redirect listener", .timeLimit(.minutes(3)))
struct LoopbackRedirectListenerTests {
    private func get(_ url: URL, method: String = "GET") async throws -> (status: Int, page: String) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        return (try #require(response as? HTTPURLResponse).statusCode, String(decoding: data, as: UTF8.self))
    }

    private func url(_ listener: LoopbackRedirectListener, path: String, state: String?) throws -> URL {
        var components = try #require(URLComponents(url: listener.redirectURL, resolvingAgainstBaseURL: false))
        components.path = path
        components.queryItems = state.map { [URLQueryItem(name: "state", value: $0)] }
        return try #require(components.url)
    }

    @Test(
        "it listens only for a loopback IP literal over plain http",
        arguments: [
            ("http://127.0.0.1/cb", true), ("http://127.0.0.1:0/cb", true), ("http://127.8.9.10/cb", true),
            ("http://[::1]/cb", true), ("http://localhost/cb", false), ("http://0.0.0.0/cb", false),
            ("http://192.168.1.20/cb", false), ("https://127.0.0.1/cb", false), ("adobepass://ios.app", false),
            ("http://127.0.0.1.example.com/cb", false),
        ])
    func loopbackOnly(url: String, listens: Bool) throws {
        #expect(LoopbackRedirectListener.canListen(for: try #require(URL(string: url))) == listens)
    }

    @Test("a free port, the template's path and a random state make the redirect URL")
    func redirectURL() async throws {
        let first = try await LoopbackRedirectListener.start(
            for: URL(string: "http://127.0.0.1/accessenabler/redirect")!)
        defer { first.close() }
        let second = try await LoopbackRedirectListener.start(
            for: URL(string: "http://127.0.0.1/accessenabler/redirect")!)
        defer { second.close() }
        for listener in [first, second] {
            #expect(listener.redirectURL.host == "127.0.0.1")
            #expect((listener.redirectURL.port ?? 0) > 0)
            #expect(listener.redirectURL.path == "/accessenabler/redirect")
            #expect(listener.redirectURL.query?.count == "state=".count + 32)
        }
        #expect(first.redirectURL.port != second.redirectURL.port)
        #expect(first.redirectURL.query != second.redirectURL.query)
    }

    @Test("another path, another state or another method is refused, and the listener goes on waiting")
    func refusals() async throws {
        let listener = try await LoopbackRedirectListener.start(for: URL(string: "http://127.0.0.1/cb")!)
        defer { listener.close() }
        let state = try #require(listener.redirectURL.query?.dropFirst("state=".count)).description
        #expect(try await get(url(listener, path: "/favicon.ico", state: nil)).status == 404)
        #expect(try await get(url(listener, path: "/cb", state: "guess")).status == 400)
        #expect(try await get(url(listener, path: "/cb", state: nil)).status == 400)
        #expect(try await get(url(listener, path: "/cb", state: state), method: "POST").status == 405)
        let waiting = Task { try await listener.waitForRedirect() }
        let accepted = try await get(
            listener.redirectURL.appending(queryItems: [URLQueryItem(name: "code", value: "x")]))
        #expect(accepted.status == 200)
        #expect(accepted.page.contains("You can close this tab"))
        #expect(accepted.page.contains(#"<meta name="viewport""#))
        let caught = try await waiting.value
        #expect(caught.path == "/cb")
        #expect(caught.query?.contains("state=\(state)") == true)
        #expect(caught.query?.contains("code=x") == true, "what the service added is kept")
        // Closed: nothing answers on its port any more.
        await #expect(throws: (any Error).self) { _ = try await get(listener.redirectURL) }
    }

    @Test("closing the listener ends a wait with CancellationError")
    func closing() async throws {
        let listener = try await LoopbackRedirectListener.start(for: URL(string: "http://127.0.0.1/cb")!)
        let waiting = Task { try await listener.waitForRedirect() }
        listener.close()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    @Test("a port in use is a failure, not a listener elsewhere")
    func portInUse() async throws {
        let listener = try await LoopbackRedirectListener.start(for: URL(string: "http://127.0.0.1/cb")!)
        defer { listener.close() }
        let port = try #require(listener.redirectURL.port)
        await #expect(throws: (any Error).self) {
            _ = try await LoopbackRedirectListener.start(for: URL(string: "http://127.0.0.1:\(port)/cb")!)
        }
    }
}

/// Handing a login to a person whose browser comes back to the listener, or who pastes.
@Suite("Browser handoff", .timeLimit(.minutes(3)))
struct BrowserHandoffTests {
    @Test("a pasted URL ends the wait (a browser on another machine), and the listener closes")
    func paste() async throws {
        let listener = try await LoopbackRedirectListener.start(for: URL(string: "http://127.0.0.1/cb")!)
        let written = LockedLines()
        let lines = LineQueue(["nonsense", listener.redirectURL.absoluteString + "&code=1"])
        let handoff = BrowserHandoff(
            listener: listener, opener: nil, write: { written.append($0) }, beforePrompt: {},
            readLine: { lines.next() })
        let answer = try await handoff.finish(url: URL(string: "https://sp.example.com/login")!)
        #expect(answer.query?.hasSuffix("&code=1") == true)
        #expect(written.all.first?.contains("Open this URL in a browser and sign in:") == true)
        #expect(written.all.contains { $0.hasPrefix("That is not the URL the browser ends at") })
        await #expect(throws: (any Error).self) {
            _ = try await URLSession(configuration: .ephemeral).data(from: listener.redirectURL)
        }
    }

    @Test("the end of standard input leaves the wait to the browser")
    func endOfInput() async throws {
        let listener = try await LoopbackRedirectListener.start(for: URL(string: "http://127.0.0.1/cb")!)
        let handoff = BrowserHandoff(
            listener: listener, opener: nil, write: { _ in }, beforePrompt: {}, readLine: { nil })
        let finishing = Task { try await handoff.finish(url: URL(string: "https://sp.example.com/login")!) }
        // The browser comes back after standard input ended.
        var status = 0
        for _ in 0..<100 where status != 200 {
            status =
                ((try? await URLSession(configuration: .ephemeral).data(from: listener.redirectURL))?.1
                as? HTTPURLResponse)?.statusCode ?? 0
            if status != 200 { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(status == 200)
        let answer = try await finishing.value
        #expect(answer.path == "/cb")
    }

    @Test("the browser opener: $BROWSER first; no xdg-open outside a desktop session")
    func opener() {
        #expect(BrowserOpener.find(environment: ["BROWSER": "firefox:chromium"])?.command == ["firefox"])
        #expect(BrowserOpener.find(environment: ["BROWSER": "  "]) == nil || isMacOS)
        #if !os(macOS)
        #expect(BrowserOpener.find(environment: ["PATH": "/usr/bin:/bin"]) == nil, "no DISPLAY: no browser")
        #endif
    }

    private var isMacOS: Bool {
        #if os(macOS)
        true
        #else
        false
        #endif
    }
}

/// Lines written by a test's console stand-in.
final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
